import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { demoBusinesses } from "../../scripts/demo-data";
import { toBusinessRow } from "~/lib/business/business-record";
import { deleteBusiness } from "~/models/admin-business.server";
import { upsertBusinesses } from "~/import/commit.server";
import { getSitemapStatus, readSitemapState } from "~/models/sitemap.server";
import type { QueueMessage } from "~/models/queue-messages.server";
import { rebuildSitemaps, runSitemapBuildStep } from "../../workers/sitemaps";
import { adminCookie, SITE_ORIGIN } from "./import-support";
import { eventually } from "./support/eventually";

const SITE = env.SITE_URL.replace(/\/$/, "");
const SEEDED = 20_000;

async function seed(start: number, count: number) {
  for (let offset = 0; offset < count; offset += 2000) {
    const rows = [...demoBusinesses(start + offset, Math.min(2000, count - offset))].map((b) => toBusinessRow(b));
    await upsertBusinesses(env.DB, rows);
  }
}


async function get(path: string) {
  const response = await SELF.fetch(`${SITE}${path}`);
  return { response, text: await response.text() };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

async function approvedSlugs(): Promise<string[]> {
  const { results } = await env.DB.prepare(`SELECT slug FROM businesses WHERE is_approved = 1 ORDER BY id`).all<{ slug: string }>();
  return results.map((row) => row.slug);
}

/** Every file the served index lists, fetched through the Worker. */
async function servedSet() {
  const index = await get("/sitemap.xml");
  const files = new Map<string, string>();
  for (const loc of locs(index.text)) {
    const { response, text } = await get(loc.slice(SITE.length));
    expect(response.status, loc).toBe(200);
    files.set(loc.slice(SITE.length), text);
  }
  return { index: index.text, files };
}

/** A queue stand-in that keeps the messages so that the test runs each step itself. */
function heldQueue() {
  const sent: QueueMessage[] = [];
  return { sent, queue: { send: async (message: QueueMessage) => void sent.push(message) } as unknown as Queue<QueueMessage> };
}

/** Runs the build's chain of steps and says how many; any other message is left for the test to look at. */
async function runHeldSteps(held: ReturnType<typeof heldQueue>, bucket: R2Bucket = env.BUCKET): Promise<number> {
  for (let steps = 0; ; steps++) {
    const index = held.sent.findIndex((message) => message.kind === "sitemaps.build");
    if (index < 0) return steps;
    const [message] = held.sent.splice(index, 1) as [Extract<QueueMessage, { kind: "sitemaps.build" }>];
    await runSitemapBuildStep({ DB: env.DB, BUCKET: bucket, WORK_QUEUE: held.queue, SITE_URL: env.SITE_URL }, message);
  }
}

describe("sitemaps", () => {
  it("before the first build answers a minimal valid index and 404 for files not built yet", async () => {
    const index = await get("/sitemap.xml");
    expect(index.response.status).toBe(200);
    expect(index.response.headers.get("content-type")).toContain("application/xml");
    expect(locs(index.text)).toEqual([`${SITE}/sitemaps/main.xml`]);
    const main = await get("/sitemaps/main.xml");
    expect(main.response.status).toBe(200);
    expect(locs(main.text)).toContain(`${SITE}/privacy-policy`);
    expect((await get("/sitemaps/businesses/page-1.xml")).response.status).toBe(404);
    // That first request queued a build of the empty directory: still the 4 list files, each
    // with at least one URL (an empty urlset is invalid).
    await eventually(async () => (await readSitemapState(env.DB)).current);
    const { files } = await servedSet();
    expect([...files.keys()]).toEqual(["main", "categories", "countries", "cities"].map((name) => `/sitemaps/${name}.xml`));
    expect(locs(files.get("/sitemaps/categories.xml")!)).toEqual([`${SITE}/categories`]);
    expect(locs(files.get("/sitemaps/cities.xml")!)).toEqual([`${SITE}/cities`]);
  });

  it("rebuilds every file from the database: each approved business exactly once, 9,000 per file", async () => {
    await seed(0, SEEDED);
    // Unapproved businesses are off the public site, so off the sitemaps too.
    await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE id % 10 = 3`).run();
    const unapproved = (await env.DB.prepare(`SELECT slug FROM businesses WHERE is_approved = 0`).all<{ slug: string }>()).results;
    const approved = await approvedSlugs();
    expect(approved.length).toBe(SEEDED - unapproved.length);

    const before = (await readSitemapState(env.DB)).current!.generation;
    await env.WORK_QUEUE.send({ kind: "sitemaps.rebuild", reason: "test" });
    await eventually(async () => {
      const state = await readSitemapState(env.DB);
      return state.current!.generation > before && state.build === null;
    });

    const { index, files } = await servedSet();
    const businessFileCount = Math.ceil(approved.length / 9000);
    expect(files.size).toBe(businessFileCount + 4);
    expect([...files.keys()]).toEqual([
      "/sitemaps/main.xml",
      "/sitemaps/categories.xml",
      "/sitemaps/countries.xml",
      "/sitemaps/cities.xml",
      ...Array.from({ length: businessFileCount }, (_, i) => `/sitemaps/businesses/page-${i + 1}.xml`),
    ]);
    expect(index).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);

    const listed: string[] = [];
    for (let page = 1; page <= businessFileCount; page++) {
      const urls = locs(files.get(`/sitemaps/businesses/page-${page}.xml`)!);
      expect(urls.length).toBe(page < businessFileCount ? 9000 : approved.length - 9000 * (businessFileCount - 1));
      listed.push(...urls);
    }
    expect(listed).toEqual(approved.map((slug) => `${SITE}/business/${slug}`));
    for (const { slug } of unapproved.slice(0, 50)) expect(listed).not.toContain(`${SITE}/business/${slug}`);

    const categories = (await env.DB.prepare(`SELECT slug FROM categories ORDER BY slug`).all<{ slug: string }>()).results;
    expect(locs(files.get("/sitemaps/categories.xml")!)).toEqual(categories.map(({ slug }) => `${SITE}/categories/${slug}`));
    const countries = (await env.DB.prepare(`SELECT code FROM countries ORDER BY code`).all<{ code: string }>()).results;
    expect(locs(files.get("/sitemaps/countries.xml")!)).toEqual(countries.map(({ code }) => `${SITE}/countries/${code.toLowerCase()}`));
    const cities = (await env.DB.prepare(`SELECT country_code, slug FROM cities ORDER BY country_code, slug`).all<{ country_code: string; slug: string }>()).results;
    expect(locs(files.get("/sitemaps/cities.xml")!)).toEqual(cities.map((c) => `${SITE}/cities/${c.country_code.toLowerCase()}/${c.slug}`));

    const status = await getSitemapStatus(env);
    expect(status).toMatchObject({ fileCount: businessFileCount + 4, businessFileCount, building: false });
    expect(status.urlCount).toBe(10 + categories.length + countries.length + cities.length + approved.length);
    expect(status.links).toEqual([
      `${SITE}/sitemap.xml`,
      `${SITE}/sitemaps/main.xml`,
      `${SITE}/sitemaps/categories.xml`,
      `${SITE}/sitemaps/countries.xml`,
      `${SITE}/sitemaps/cities.xml`,
      `${SITE}/sitemaps/businesses/page-1.xml`,
    ]);
    expect(Date.parse(status.lastBuiltAt!)).toBeGreaterThan(Date.now() - 120_000);
  }, 120_000);

  it("keeps serving the previous complete set when a rebuild dies half-way, and the retried step completes it", async () => {
    const previous = await servedSet();
    const previousGeneration = (await readSitemapState(env.DB)).current!.generation;
    await seed(SEEDED, 9000);

    const held = heldQueue();
    await rebuildSitemaps({ DB: env.DB, BUCKET: env.BUCKET, WORK_QUEUE: held.queue, SITE_URL: env.SITE_URL }, "test");
    expect(held.sent).toHaveLength(1);
    const step = held.sent[0]!;

    // The Worker dies after writing two files of the new generation.
    let puts = 0;
    const crashingBucket = new Proxy(env.BUCKET, {
      get(target, property) {
        if (property === "put") {
          return (...args: Parameters<R2Bucket["put"]>) => {
            if (++puts > 2) throw new Error("simulated crash");
            return target.put(...args);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await expect(runHeldSteps(held, crashingBucket)).rejects.toThrow("simulated crash");

    expect(await servedSet()).toEqual(previous);
    expect(await getSitemapStatus(env)).toMatchObject({ building: true });

    // A second request while the build is unfinished joins it instead of starting another.
    await rebuildSitemaps({ DB: env.DB, BUCKET: env.BUCKET, WORK_QUEUE: held.queue, SITE_URL: env.SITE_URL }, "test again");
    expect(held.sent).toHaveLength(0);

    // The queue redelivers the failed step.
    held.sent.push(step);
    await runHeldSteps(held);
    const next = await servedSet();
    const approved = await approvedSlugs();
    expect(next.files.size).toBe(Math.ceil(approved.length / 9000) + 4);
    const listed = [...next.files.entries()].filter(([path]) => path.startsWith("/sitemaps/businesses/")).flatMap(([, xml]) => locs(xml));
    expect(listed).toEqual(approved.map((slug) => `${SITE}/business/${slug}`));
    expect((await getSitemapStatus(env)).building).toBe(false);

    // The old generation is gone from R2.
    const old = await env.BUCKET.list({ prefix: `sitemaps/gen-${previousGeneration}/` });
    expect(old.objects).toHaveLength(0);
    // The request that arrived during the build asks for one more rebuild.
    expect(held.sent).toEqual([{ kind: "sitemaps.rebuild", reason: "requested during the previous build" }]);

    // A redelivered, already finished step changes nothing.
    const generation = (await readSitemapState(env.DB)).current!.generation;
    await runHeldSteps({ ...held, sent: [step] });
    expect((await readSitemapState(env.DB)).current!.generation).toBe(generation);
  }, 120_000);

  it("spreads a large build over bounded steps and splits a list past the per-file URL limit", async () => {
    // Lowered limits stand in for 2,000,000 businesses: one business file per step, 50 URLs per list file.
    const held = heldQueue();
    const heldEnv = { DB: env.DB, BUCKET: env.BUCKET, WORK_QUEUE: held.queue, SITE_URL: env.SITE_URL };
    await rebuildSitemaps(heldEnv, "test", { businessesPerFile: 9000, urlsPerFile: 50, filesPerStep: 1 });
    const first = held.sent.shift() as Extract<QueueMessage, { kind: "sitemaps.build" }>;
    await runSitemapBuildStep(heldEnv, first);
    const second = { kind: "sitemaps.build", generation: first.generation, page: 2 };
    expect(held.sent).toEqual([second]);
    // A duplicate delivery of a finished step does nothing; its retry (as if sending the next
    // step had failed) sends the next step again.
    held.sent.length = 0;
    await runSitemapBuildStep(heldEnv, first, 1);
    expect(held.sent).toEqual([]);
    await runSitemapBuildStep(heldEnv, first, 2);
    expect(held.sent).toEqual([second]);
    const steps = 1 + (await runHeldSteps(held));
    const approved = await approvedSlugs();
    const businessFiles = Math.ceil(approved.length / 9000);
    // One step per business file, and one more that finds no rows left when the last file was full.
    expect(steps).toBeGreaterThanOrEqual(businessFiles);
    expect(steps).toBeLessThanOrEqual(businessFiles + 1);

    const { files } = await servedSet();
    const cities = (await env.DB.prepare(`SELECT country_code, slug FROM cities ORDER BY country_code, slug`).all<{ country_code: string; slug: string }>()).results;
    const cityParts = Math.ceil(cities.length / 50);
    expect(cityParts).toBeGreaterThan(2);
    const cityFiles = [...files.keys()].filter((file) => /^\/sitemaps\/cities(-\d+)?\.xml$/.test(file));
    expect(cityFiles).toEqual(Array.from({ length: cityParts }, (_, i) => (i === 0 ? "/sitemaps/cities.xml" : `/sitemaps/cities-${i + 1}.xml`)));
    const cityUrls = cityFiles.flatMap((file) => locs(files.get(file)!));
    expect(cityUrls).toEqual(cities.map((c) => `${SITE}/cities/${c.country_code.toLowerCase()}/${c.slug}`));
    expect(cityFiles.every((file) => locs(files.get(file)!).length <= 50)).toBe(true);
    expect((await getSitemapStatus(env)).fileCount).toBe(files.size);
  }, 120_000);

  it("answers a crawler's revalidation of an unchanged file with 304", async () => {
    const first = await SELF.fetch(`${SITE}/sitemaps/businesses/page-1.xml`);
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await SELF.fetch(`${SITE}/sitemaps/businesses/page-1.xml`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const changed = await SELF.fetch(`${SITE}/sitemaps/businesses/page-1.xml`, { headers: { "If-None-Match": '"stale"' } });
    expect(changed.status).toBe(200);
    expect(locs(await changed.text()).length).toBe(9000);
  });

  it("answers 404 for unknown sitemap files", async () => {
    for (const path of ["/sitemaps/other.xml", "/sitemaps/businesses/page-0.xml", "/sitemaps/businesses/page-999.xml", "/sitemaps/cities-999.xml"]) {
      expect((await get(path)).response.status, path).toBe(404);
    }
  });

  it("serves robots.txt naming the sitemap index and keeping crawlers out of the admin", async () => {
    const { response, text } = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api\/admin$/m);
  });

  it("lets only an admin queue a rebuild from the settings panel", async () => {
    const anonymous = await SELF.fetch(`${SITE}/api/admin/sitemaps/rebuild`, { method: "POST", headers: { Origin: SITE_ORIGIN } });
    expect(anonymous.status).toBe(401);

    const cookie = await adminCookie(SITE);
    const { requests } = await readSitemapState(env.DB);
    const response = await SELF.fetch(`${SITE}/api/admin/sitemaps/rebuild`, { method: "POST", headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ success: true });
    // The queued request reaches the consumer, which counts it (and builds).
    await eventually(async () => (await readSitemapState(env.DB)).requests > requests);

    const page = await SELF.fetch(`${SITE}/admin/settings`, { headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`${SITE}/sitemaps/businesses/page-1.xml`);
    expect(html).toContain("Kopyala");
  });

  it("take a business off the sitemaps soon after an admin unapproves or deletes it", async () => {
    const cookie = await adminCookie(SITE);
    const [unapproved, deleted] = (
      await env.DB.prepare(`SELECT id, slug FROM businesses WHERE is_approved = 1 ORDER BY id LIMIT 2`).all<{ id: number; slug: string }>()
    ).results as [{ id: number; slug: string }, { id: number; slug: string }];
    const listed = async () => locs((await get("/sitemaps/businesses/page-1.xml")).text);
    // The earlier test's rebuild is over, so only a rebuild these changes ask for can drop them.
    await eventually(async () => (await readSitemapState(env.DB)).build === null);
    expect(await listed()).toEqual(expect.arrayContaining([unapproved, deleted].map(({ slug }) => `${SITE}/business/${slug}`)));

    const toggle = await SELF.fetch(`${SITE}/api/admin/businesses/${unapproved.id}/toggle-approval`, { method: "POST", headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    expect(toggle.status).toBe(200);
    const removal = await SELF.fetch(`${SITE}/api/businesses/${deleted.id}`, { method: "DELETE", headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    expect(removal.status).toBe(200);
    // No cron, no "rebuild now": the changes themselves asked for the rebuild.
    await eventually(async () => {
      const urls = await listed();
      return !urls.includes(`${SITE}/business/${unapproved.slug}`) && !urls.includes(`${SITE}/business/${deleted.slug}`);
    }, 60_000);
  }, 90_000);

  it("lists a category named by one character, whose page opens, but not a one-letter a–z one, whose URL is the letter view", async () => {
    const inn = { ...[...demoBusinesses(900_000, 1)][0]!, name: "Kyoto Machiya", type: "宿", category: "宿", placeId: "one-char-1" };
    const letter = { ...[...demoBusinesses(900_001, 1)][0]!, name: "Letter B House", type: "B", category: "B", placeId: "one-char-2" };
    await upsertBusinesses(env.DB, [toBusinessRow(inn), toBusinessRow(letter)]);
    await eventually(async () => (await readSitemapState(env.DB)).build === null);
    const before = (await readSitemapState(env.DB)).current!.generation;
    await env.WORK_QUEUE.send({ kind: "sitemaps.rebuild", reason: "test" });
    await eventually(async () => {
      const state = await readSitemapState(env.DB);
      return state.current!.generation > before && state.build === null;
    });
    const categories = locs((await get("/sitemaps/categories.xml")).text);
    expect(categories).toContain(`${SITE}/categories/%E5%AE%BF`);
    expect(categories).not.toContain(`${SITE}/categories/b`);
    // Every listed category answers 200 with its own page.
    const page = await get("/categories/%E5%AE%BF");
    expect(page.response.status).toBe(200);
    expect(page.text).toContain("Kyoto Machiya");
    // A single character that names no category still leads to the list.
    for (const character of ["%E9%A4%A8", "%C3%9F", "%C3%A9", "1"]) {
      const other = await SELF.fetch(`${SITE}/categories/${character}`, { redirect: "manual" });
      expect([other.status, other.headers.get("Location")], character).toEqual([302, "/categories"]);
    }
  }, 90_000);

  it("moves a file's lastmod in the index when a business only left it, and keeps the lastmod of every file that did not change", async () => {
    await eventually(async () => (await readSitemapState(env.DB)).build === null);
    // Rows a day old, and a live set from before files were compared (no digests kept): the
    // lastmods are the rows' own times, told apart from a change now.
    await env.DB.batch([
      env.DB.prepare(`UPDATE businesses SET updated_at = updated_at - 86400`),
      env.DB.prepare(`UPDATE app_state SET value = json_remove(value, '$.files') WHERE key = 'sitemaps_current'`),
    ]);
    const held = heldQueue();
    const heldEnv = { DB: env.DB, BUCKET: env.BUCKET, WORK_QUEUE: held.queue, SITE_URL: env.SITE_URL };
    const build = async () => {
      await rebuildSitemaps(heldEnv, "test");
      await runHeldSteps(held);
    };
    const lastmods = async () =>
      new Map([...(await get("/sitemap.xml")).text.matchAll(/<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/g)].map((m) => [m[1]!.slice(SITE.length), Date.parse(m[2]!)]));
    await build();
    const before = await lastmods();
    const newestRow = 1000 * ((await env.DB.prepare(`SELECT max(updated_at) AS t FROM businesses WHERE is_approved = 1`).first<number>("t"))!);
    expect(Math.max(...before.values())).toBe(newestRow);

    // Built again unchanged: every lastmod stays.
    await build();
    expect(await lastmods()).toEqual(before);

    // A business of the second file deleted: that file and every later one (keyset slices, their
    // boundaries moved) changed now; the first file and the directory lists did not.
    const { id } = (await env.DB
      .prepare(
        `SELECT id FROM businesses b
         WHERE is_approved = 1 AND id >= (SELECT id FROM businesses WHERE is_approved = 1 ORDER BY id LIMIT 1 OFFSET 9000)
           AND (SELECT business_count FROM cities WHERE country_code = b.country_code AND slug = b.city_slug) > 1
           AND (SELECT business_count FROM categories WHERE slug = b.category_slug) > 1
         ORDER BY id LIMIT 1`,
      )
      .first<{ id: number }>())!;
    expect((await deleteBusiness(env.DB, id)).deleted).toBe(true);
    const deletedAt = Math.floor(Date.now() / 1000) * 1000;
    await build();
    const after = await lastmods();
    const businessFiles = [...after.keys()].filter((file) => file.startsWith("/sitemaps/businesses/"));
    expect(businessFiles.length).toBeGreaterThan(1);
    expect(after.get("/sitemaps/businesses/page-1.xml")).toBe(before.get("/sitemaps/businesses/page-1.xml"));
    for (const file of businessFiles.slice(1)) expect(after.get(file), file).toBeGreaterThanOrEqual(deletedAt);
    for (const file of ["/sitemaps/categories.xml", "/sitemaps/countries.xml", "/sitemaps/cities.xml"]) expect(after.get(file), file).toBe(before.get(file));
  }, 120_000);
});

