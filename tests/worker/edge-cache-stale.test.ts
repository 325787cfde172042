import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { bumpDirectoryGeneration, getCacheGenerations, GENERATION_TRUST_MS } from "~/models/cache.server";
import { addBusinesses, adminFetch, idOf, login, ORIGIN, record } from "./admin-support";
import { eventually } from "./support/eventually";

// Decision 113: a directory change lets public pages be answered once more from the previous
// generation's copy while a fresh one renders; the changed business's page, the admin and the
// admin's "clear cache" never see a stale copy.

let cookie: string;
const SMALL_CATEGORY = "/categories/lighthouse-inn";

beforeAll(async () => {
  cookie = await login("10.113.0.1");
  // Bigger categories than the small one, which is then none of those the warm-up renders.
  for (const type of ["Hotel", "Hostel", "Motel", "Resort", "Guest House"]) {
    await addBusinesses(Array.from({ length: 5 }, (_, i) => record({ name: `Harbour ${type} ${i}`, placeId: `${type}-${i}`, type })));
  }
  await addBusinesses(["Old Lamp Inn", "Breakwater Inn", "Foghorn Inn"].map((name, i) => record({ name, placeId: `lamp-${i}`, type: "Lighthouse Inn" })));
});

async function visit(path: string, method = "GET"): Promise<{ status: number; mark: string | null; cacheControl: string | null; text: string }> {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { method });
  return { status: response.status, mark: response.headers.get("X-Edge-Cache"), cacheControl: response.headers.get("Cache-Control"), text: await response.text() };
}

/** Visits until the page is a HIT (its first visit stores it in the background). */
async function cached(path: string) {
  await visit(path);
  return eventually(async () => (await visit(path)).mark === "HIT");
}

async function slugOfName(name: string): Promise<string> {
  return (await env.DB.prepare(`SELECT slug FROM businesses WHERE name = ?1`).bind(name).first<string>("slug"))!;
}

async function setApproval(name: string, isApproved: boolean) {
  const response = await adminFetch(cookie, `/api/admin/businesses/${await idOf(name)}/toggle-approval`, { method: "POST", body: JSON.stringify({ isApproved }) });
  expect(response.status).toBe(200);
}

describe("edge cache after a directory change", () => {
  it("answers a public page from the previous copy once, marked STALE, then fresh; the changed business's page at once", async () => {
    const slug = await slugOfName("Foghorn Inn");
    await cached(SMALL_CATEGORY);
    await cached(`/business/${slug}`);
    await cached(`/api/businesses/${slug}`);

    await setApproval("Foghorn Inn", false);
    // The business's own page and API answer know at once that it is gone.
    const own = await visit(`/business/${slug}`);
    expect([own.status, own.mark]).toEqual([404, null]);
    expect((await visit(`/api/businesses/${slug}`)).status).toBe(404);
    // Its category is answered from the copy made before the change, which a browser does not keep…
    const stale = await visit(SMALL_CATEGORY);
    expect([stale.status, stale.mark, stale.cacheControl]).toEqual([200, "STALE", "public, no-cache"]);
    expect(stale.text).toContain("Foghorn Inn");
    // …while the fresh copy renders in the background; the next visits get it.
    const fresh = await eventually(async () => {
      const answer = await visit(SMALL_CATEGORY);
      return answer.mark === "HIT" && answer;
    });
    expect(fresh.text).toContain("Old Lamp Inn");
    expect(fresh.text).not.toContain("Foghorn Inn");
    await setApproval("Foghorn Inn", true);
  });

  it("stops answering from the previous copy once the page turned out gone", async () => {
    await addBusinesses([record({ name: "Lone Lightship", placeId: "lightship-1", type: "Lightship" })]);
    await cached("/categories/lightship");
    await setApproval("Lone Lightship", false);
    expect((await visit("/categories/lightship")).mark).toBe("STALE");
    await eventually(async () => (await visit("/categories/lightship")).status === 404);
  });

  it("answers a HEAD from the previous copy too, without a body, and leaves the fresh render to a GET", async () => {
    await cached("/categories");
    await bumpDirectoryGeneration(env.DB, []);
    const head = await visit("/categories", "HEAD");
    expect([head.status, head.mark, head.text]).toEqual([200, "STALE", ""]);
    expect((await visit("/categories", "HEAD")).mark).toBe("STALE");
  });

  it("renders every business page fresh after an import-like change that may have touched any of them", async () => {
    const slug = await slugOfName("Old Lamp Inn");
    await cached(`/business/${slug}`);
    await cached(SMALL_CATEGORY);
    await bumpDirectoryGeneration(env.DB, null);
    expect((await visit(`/business/${slug}`)).mark).toBe("MISS");
    expect((await visit(SMALL_CATEGORY)).mark).toBe("STALE");
  });

  it("renders the most visited pages again right after a change, before anyone asks", async () => {
    await cached("/countries");
    await setApproval("Breakwater Inn", false);
    // A HEAD neither renders nor stores: it turns HIT only once the warm-up stored the new copy.
    await eventually(async () => (await visit("/countries", "HEAD")).mark === "HIT", 20_000);
    await setApproval("Breakwater Inn", true);
  });

  it("serves no stale copy past its time limit: the page renders cold", async () => {
    await cached(SMALL_CATEGORY);
    const { directory } = await getCacheGenerations(env.DB);
    // A change made two minutes ago, as another isolate would have recorded it.
    const longAgo = JSON.stringify({ generation: directory.generation + 1, at: Date.now() - 120_000, businesses: [] });
    await env.DB.prepare(`UPDATE app_state SET value = ?1 WHERE key = 'directory_change'`).bind(longAgo).run();
    await new Promise((resolve) => setTimeout(resolve, GENERATION_TRUST_MS + 50));
    expect((await visit(SMALL_CATEGORY)).mark).toBe("MISS");
  });
});

describe("edge cache after the admin's clear cache", () => {
  it("serves no copy from before it, even after a directory change that follows", async () => {
    const api = "/api/categories/lighthouse-inn?page=1&limit=12";
    await cached(SMALL_CATEGORY);
    await cached(api);
    await bumpDirectoryGeneration(env.DB, []);
    const cleared = await adminFetch(cookie, "/api/admin/clear-cache", { method: "POST" });
    expect(cleared.status).toBe(200);
    expect((await visit(SMALL_CATEGORY)).mark).toBe("MISS");
    await cached(SMALL_CATEGORY);
    // A directory change right after the clear falls back one directory generation, but only to a copy made since the clear.
    await bumpDirectoryGeneration(env.DB, []);
    expect((await visit(api)).mark).toBe("MISS");
    expect((await visit(SMALL_CATEGORY)).mark).toBe("STALE");
  });
});

describe("edge cache and the admin", () => {
  it("never keeps an admin page or call, before or after a change", async () => {
    for (const path of ["/admin/businesses", "/api/admin/stats"]) {
      for (let i = 0; i < 2; i++) {
        const response = await adminFetch(cookie, path);
        await response.arrayBuffer();
        expect([response.status, response.headers.get("Cache-Control"), response.headers.get("X-Edge-Cache")], path).toEqual([200, "private, no-store", null]);
      }
      await bumpDirectoryGeneration(env.DB, []);
      const after = await adminFetch(cookie, path);
      await after.arrayBuffer();
      expect(after.headers.get("X-Edge-Cache"), path).toBeNull();
    }
  });
});
