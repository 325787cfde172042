import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { deleteAllBusinesses, FIX_SLUGS_RESUME_SECONDS, fixSlugs } from "~/models/admin-business.server";
import { getCacheGenerations } from "~/models/cache.server";
import { getDirectoryTotals } from "~/models/directory.server";
import { addBusinesses, adminFetch, idOf, login, record } from "./admin-support";
import { pausingDb } from "./import-support";

let cookie: string;
beforeAll(async () => {
  cookie = await login("10.5.0.1");
});

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as T;
}

async function categoryCount(slug: string): Promise<number> {
  return ((await env.DB.prepare(`SELECT business_count FROM categories WHERE slug = ?1`).bind(slug).first("business_count")) as number | null) ?? 0;
}

describe("admin business list", () => {
  beforeAll(async () => {
    await addBusinesses([
      record({ name: "Alpha Hotel", placeId: "l1", rating: 3.1, reviews: 900 }),
      record({ name: "alpine lodge", placeId: "l2", rating: 4.9, reviews: 5 }),
      record({ name: "Bravo Inn", placeId: "l3", rating: 4.0, reviews: 50, type: "Inn", category: "inns" }),
      record({ name: "Charlie Suites", placeId: "l4", rating: null, reviews: 0 }),
    ]);
  });

  it("answers the spec's shape, sorted and filtered on the server", async () => {
    const body = await json<{ businesses: Record<string, unknown>[]; total: number; pagination: Record<string, number> }>(
      await adminFetch(cookie, "/api/admin/businesses?page=1&limit=20&sortBy=name&sortOrder=asc"),
    );
    expect(body.total).toBe(4);
    expect(body.pagination).toEqual({ page: 1, totalPages: 1, total: 4 });
    // Past the last page (its last business deleted, an old link): the last page.
    const past = await json<{ businesses: unknown[]; pagination: Record<string, number> }>(await adminFetch(cookie, "/api/admin/businesses?page=3&sortBy=name&sortOrder=asc"));
    expect(past.pagination).toEqual({ page: 1, totalPages: 1, total: 4 });
    expect(past.businesses).toHaveLength(4);
    expect(body.businesses[0]).toEqual({
      id: expect.any(Number), name: "Alpha Hotel", slug: expect.stringMatching(/^alpha-hotel-[a-z0-9]{6}$/), category: "Hotel",
      address: "Alpha Hotel street 1", rating: 3.1, reviewCount: 900, isApproved: true,
    });

    const byRating = await json<{ businesses: { name: string }[] }>(await adminFetch(cookie, "/api/admin/businesses?sortBy=rating&sortOrder=desc"));
    expect(byRating.businesses.map((b) => b.name)).toEqual(["alpine lodge", "Bravo Inn", "Alpha Hotel", "Charlie Suites"]);
    const byReviews = await json<{ businesses: { name: string }[] }>(await adminFetch(cookie, "/api/admin/businesses?sortBy=reviewCount&sortOrder=asc"));
    expect(byReviews.businesses.map((b) => b.name)).toEqual(["Charlie Suites", "alpine lodge", "Bravo Inn", "Alpha Hotel"]);

    // Name search: names starting with the text, as typed, capitalised or lower case...
    const search = await json<{ businesses: { name: string }[]; total: number }>(await adminFetch(cookie, "/api/admin/businesses?filter=alp"));
    expect(search.businesses.map((b) => b.name).sort()).toEqual(["Alpha Hotel", "alpine lodge"]);
    expect(search.total).toBe(2);
    // ...or holding its words anywhere in any order, the last one begun; other fields are not searched.
    const names = async (path: string) =>
      (await json<{ businesses: { name: string }[] }>(await adminFetch(cookie, path))).businesses.map((b) => b.name);
    expect(await names("/api/admin/businesses?filter=LODGE")).toEqual(["alpine lodge"]);
    expect(await names("/api/admin/businesses?filter=suit")).toEqual(["Charlie Suites"]);
    expect(await names("/api/admin/businesses?filter=suites%20charl")).toEqual(["Charlie Suites"]);
    expect(await names("/api/admin/businesses?filter=zurich")).toEqual([]);
    expect(await names("/api/admin/businesses?filter=inn&category=Hotel")).toEqual([]);
    expect(await names("/api/admin/businesses?filter=inn&category=Inn")).toEqual(["Bravo Inn"]);
    const category = await json<{ businesses: { name: string }[] }>(await adminFetch(cookie, "/api/admin/businesses?category=Inn"));
    expect(category.businesses.map((b) => b.name)).toEqual(["Bravo Inn"]);
    const none = await json<{ businesses: unknown[]; total: number }>(await adminFetch(cookie, "/api/admin/businesses?filter=zzz"));
    expect(none).toMatchObject({ businesses: [], total: 0 });
  });

  it("lists categories and country codes for the filters", async () => {
    expect(await json(await adminFetch(cookie, "/api/admin/categories"))).toEqual(["Hotel", "Inn"]);
    expect(await json(await adminFetch(cookie, "/api/admin/country-codes"))).toEqual(["CH"]);
    const stats = await json(await adminFetch(cookie, "/api/admin/stats"));
    expect(stats).toMatchObject({ totalBusinesses: 4, approvedBusinesses: 4, totalCategories: 2, categories: [{ category: "Hotel", count: 3 }, { category: "Inn", count: 1 }] });
  });

  it("approving and unapproving changes the public counts and moves the cache to a new directory generation", async () => {
    const id = await idOf("Bravo Inn");
    const { generation, directory } = await getCacheGenerations(env.DB);
    const off = await json(await adminFetch(cookie, `/api/admin/businesses/${id}/toggle-approval`, { method: "POST" }));
    expect(off).toMatchObject({ success: true, isApproved: false });
    expect(await categoryCount("inn")).toBe(0);
    expect((await getDirectoryTotals(env.DB)).businessCount).toBe(3);
    // A directory change, not a "clear cache": the hard generation stays (decision 113).
    const after = await getCacheGenerations(env.DB);
    expect([after.generation, after.directory.generation]).toEqual([generation, directory.generation + 1]);
    expect(after.directory.businesses).toEqual([expect.stringMatching(/^bravo-inn-[a-z0-9]{6}$/)]);
    const on = await json(await adminFetch(cookie, `/api/admin/businesses/${id}/toggle-approval`, { method: "POST" }));
    expect(on).toMatchObject({ isApproved: true });
    expect(await categoryCount("inn")).toBe(1);
    expect((await adminFetch(cookie, `/api/admin/businesses/999999/toggle-approval`, { method: "POST" })).status).toBe(404);
  });

  it("sets the approval a call names, however often it comes, and still toggles without a body", async () => {
    const id = await idOf("Alpha Hotel");
    const approval = async (body?: unknown) => {
      const response = await adminFetch(cookie, `/api/admin/businesses/${id}/toggle-approval`, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: await json(response) };
    };
    // Two tabs (or a double click) both meaning "unapprove" leave it unapproved.
    for (let i = 0; i < 2; i++) expect(await approval({ isApproved: false })).toEqual({ status: 200, body: { success: true, id, isApproved: false } });
    expect(await categoryCount("hotel")).toBe(2);
    for (let i = 0; i < 2; i++) expect((await approval({ isApproved: true })).body).toMatchObject({ isApproved: true });
    expect(await categoryCount("hotel")).toBe(3);
    expect((await approval()).body).toMatchObject({ isApproved: false });
    expect((await approval()).body).toMatchObject({ isApproved: true });
    expect(await approval({ isApproved: "no" })).toMatchObject({ status: 400, body: { success: false, message: expect.stringMatching(/^isApproved: /) } });
    expect((await adminFetch(cookie, `/api/admin/businesses/999999/toggle-approval`, { method: "POST", body: JSON.stringify({ isApproved: true }) })).status).toBe(404);
  });

  it("keeps a category and a country whose businesses are all unapproved in the filters, so they can be found again", async () => {
    await addBusinesses([record({ name: "Gîte des Pins", placeId: "l9", type: "Gîte", category: "gites", city: "Lyon", country: "France", countryCode: "FR" })]);
    const id = await idOf("Gîte des Pins");
    expect((await json(await adminFetch(cookie, `/api/admin/businesses/${id}/toggle-approval`, { method: "POST", body: JSON.stringify({ isApproved: false }) }))).isApproved).toBe(false);
    // The summaries (approved only) no longer hold it; the admin's lists still do, after the approved ones.
    expect(await categoryCount("gite")).toBe(0);
    expect(await json(await adminFetch(cookie, "/api/admin/categories"))).toEqual(["Hotel", "Inn", "Gîte"]);
    expect(await json(await adminFetch(cookie, "/api/admin/country-codes"))).toEqual(["CH", "FR"]);
    const found = await json<{ businesses: { name: string; isApproved: boolean }[] }>(await adminFetch(cookie, "/api/admin/businesses?category=G%C3%AEte"));
    expect(found.businesses).toEqual([expect.objectContaining({ name: "Gîte des Pins", isApproved: false })]);
    const manager = await adminFetch(cookie, "/admin/businesses");
    expect(await manager.text()).toContain(">Gîte</option>");
    expect((await adminFetch(cookie, `/api/businesses/${id}`, { method: "DELETE" })).status).toBe(200);
    expect(await json(await adminFetch(cookie, "/api/admin/categories"))).toEqual(["Hotel", "Inn"]);
    expect(await json(await adminFetch(cookie, "/api/admin/country-codes"))).toEqual(["CH"]);
  });

  it("deletes one business and the summaries follow", async () => {
    const id = await idOf("Charlie Suites");
    // Only the id's own digits: numbers spelled otherwise once reached another business.
    for (const spelling of [`${id}.0`, `+${id}`, `0x${id.toString(16)}`, `%20${id}%20`, `${id}e0`, `0${id}`]) {
      expect((await adminFetch(cookie, `/api/businesses/${spelling}`, { method: "DELETE" })).status, spelling).toBe(400);
      expect((await adminFetch(cookie, `/api/admin/businesses/${spelling}/toggle-approval`, { method: "POST" })).status, spelling).toBe(400);
    }
    expect(await categoryCount("hotel")).toBe(3);
    const response = await adminFetch(cookie, `/api/businesses/${id}`, { method: "DELETE" });
    expect(await json(response)).toMatchObject({ success: true });
    expect(await categoryCount("hotel")).toBe(2);
    expect(await getDirectoryTotals(env.DB)).toMatchObject({ businessCount: 3, allBusinessCount: 3 });
    expect((await adminFetch(cookie, `/api/businesses/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await adminFetch(cookie, `/api/businesses/abc`, { method: "DELETE" })).status).toBe(400);
  });
});

describe("bulk changes", () => {
  it("deletes only test data", async () => {
    await addBusinesses([
      record({ name: "Test Hotel", placeId: "t1" }),
      record({ name: "test-42", placeId: null }),
      record({ name: "Real Hotel", placeId: "test_fixture_9" }),
      record({ name: "Testa Trattoria", placeId: "r1", type: "Restaurant" }),
      record({ name: "Contest Inn", placeId: "r2" }),
    ]);
    const response = await adminFetch(cookie, "/api/admin/test-data", { method: "DELETE" });
    if (response.status !== 200) throw new Error(await response.text());
    const body = await json(response);
    expect(body).toMatchObject({ success: true, deletedCount: 3, done: true, message: expect.any(String) });
    for (const name of ["Testa Trattoria", "Contest Inn", "Alpha Hotel"]) await idOf(name);
    await expect(idOf("Test Hotel")).rejects.toThrow();
    expect(await categoryCount("restaurant")).toBe(1);
  });

  it("fixes slugs in checkpointed steps and reports the spec's fields", async () => {
    const id = await idOf("Alpha Hotel");
    await env.DB.prepare(`UPDATE businesses SET slug = 'broken', city_slug = 'wrong' WHERE id = ?1`).bind(id).run();
    const body = await json(await adminFetch(cookie, "/api/admin/fix-slugs", { method: "POST" }));
    expect(body).toMatchObject({ success: true, successCount: 1, checkpointEnabled: true, totalProcessed: 5, done: true, message: expect.any(String), run: expect.any(String) });
    // Sent back, the finished run answers its own figures rather than running again, and changes
    // nothing: the site's cache is not cleared a second time.
    const storedGeneration = () => env.DB.prepare(`SELECT value FROM app_state WHERE key = 'directory_change'`).first("value");
    const before = await storedGeneration();
    const again = await json(await adminFetch(cookie, `/api/admin/fix-slugs?run=${body.run}`, { method: "POST" }));
    expect(again).toMatchObject({ successCount: 1, totalProcessed: 5, done: true, run: body.run });
    expect(await storedGeneration()).toBe(before);
    const row = await env.DB.prepare(`SELECT slug, city_slug FROM businesses WHERE id = ?1`).bind(id).first<{ slug: string; city_slug: string }>();
    expect(row).toEqual({ slug: expect.stringMatching(/^alpha-hotel-[a-z0-9]{6}$/), city_slug: "zurich" });
  });

  it("goes on from the checkpoint when a fix-slugs call runs out of time", async () => {
    await addBusinesses(Array.from({ length: 1100 }, (_, i) => record({ name: `Bulk Hotel ${i}`, placeId: `bulk-${i}` })));
    await env.DB.prepare(`UPDATE businesses SET city_slug = 'stale' WHERE name LIKE 'Bulk Hotel 10%'`).run();
    const first = await fixSlugs(env.DB, 0);
    expect(first).toMatchObject({ done: false, processed: 500 });
    const second = await fixSlugs(env.DB, 0);
    expect(second).toMatchObject({ done: false, processed: 1000 });
    const last = await fixSlugs(env.DB, 0);
    expect(last.done).toBe(true);
    expect(last.processed).toBe(1105);
    expect(last.updated).toBe(111);
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE city_slug = 'stale'`).first("n")).toBe(0);
  });

  it("starts a fix-slugs run from the first business when the checkpoint was left by a run abandoned long ago", async () => {
    await env.DB.prepare(`UPDATE businesses SET city_slug = 'stale' WHERE name = 'Bulk Hotel 7'`).run();
    const abandoned = { afterId: 1_000_000, processed: 900, updated: 40, savedAt: Math.floor(Date.now() / 1000) - FIX_SLUGS_RESUME_SECONDS - 60 };
    await env.DB.prepare(`INSERT OR REPLACE INTO app_state (key, value) VALUES ('fix_slugs_checkpoint', ?1)`).bind(JSON.stringify(abandoned)).run();
    const run = await fixSlugs(env.DB);
    expect(run).toMatchObject({ done: true, processed: 1105, updated: 1 });
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE city_slug = 'stale'`).first("n")).toBe(0);
  });

  it("runs fix slugs called from two tabs at once as one run: every stale row fixed and counted once, both tabs told the same figures", async () => {
    await env.DB.prepare(`UPDATE businesses SET city_slug = 'stale' WHERE name LIKE 'Bulk Hotel 10%'`).run();
    // As the admin page calls it: each step sends back the run it was answered.
    const walk = async () => {
      const steps = [];
      for (let run: string | undefined; ; ) {
        const step = await fixSlugs(env.DB, 0, run);
        steps.push(step);
        run = step.run;
        if (step.done) return steps;
      }
    };
    const [first, second] = await Promise.all([walk(), walk()]);
    for (const steps of [first, second]) expect(steps.at(-1)).toMatchObject({ done: true, processed: 1105, updated: 111 });
    // Each row was fixed by one step of one tab.
    expect([...first, ...second].reduce((sum, step) => sum + step.updatedNow, 0)).toBe(111);
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE city_slug = 'stale'`).first("n")).toBe(0);
    // The next run starts over from the first business.
    expect(await fixSlugs(env.DB)).toMatchObject({ done: true, processed: 1105, updated: 0, updatedNow: 0 });
  });

  it("answers a tab whose fix-slugs step lost to another tab's step the run's figures, and goes on from them", async () => {
    await env.DB.prepare(`UPDATE businesses SET city_slug = 'stale' WHERE name LIKE 'Bulk Hotel 10%'`).run();
    // Tab A has read its first 500 businesses when tab B's first step commits.
    const paused = pausingDb(1);
    const lost = fixSlugs(paused.db, 0);
    await paused.reached;
    const won = await fixSlugs(env.DB, 0);
    expect(won).toMatchObject({ done: false, processed: 500, finishedNow: false });
    paused.release();
    // A fixed and counted nothing: B's figures and run, as stored.
    expect(await lost).toEqual({ ...won, updatedNow: 0 });
    const steps = [await lost];
    while (!steps.at(-1)!.done) steps.push(await fixSlugs(env.DB, 0, steps.at(-1)!.run));
    expect(steps.at(-1)).toMatchObject({ processed: 1105, updated: 111, finishedNow: true, run: won.run });
    expect(won.updatedNow + steps.reduce((sum, step) => sum + step.updatedNow, 0)).toBe(111);
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE city_slug = 'stale'`).first("n")).toBe(0);
  });

  it("answers a tab sending back a fix-slugs run that finished, and a later run that finished too, as done: no third pass", async () => {
    const first = await fixSlugs(env.DB, 0);
    expect(first.done).toBe(false);
    // Another tab finished that run, then a new one.
    for (let step = first; !step.done; ) step = await fixSlugs(env.DB, 0, step.run);
    const later = await fixSlugs(env.DB);
    expect(later).toMatchObject({ done: true, processed: 1105 });
    expect(later.run).not.toBe(first.run);
    expect(await fixSlugs(env.DB, 0, first.run)).toEqual({ ...later, updatedNow: 0, finishedNow: false });
    const stored = await env.DB.prepare(`SELECT value FROM app_state WHERE key = 'fix_slugs_checkpoint'`).first<string>("value");
    expect(JSON.parse(stored!)).toMatchObject({ run: later.run, finished: true, processed: 1105 });
  });

  it("counts a filtered list up to the 100 pages one can open", async () => {
    const bulk = await json<{ total: number; totalCapped: boolean; pagination: { totalPages: number } }>(await adminFetch(cookie, "/api/admin/businesses?filter=Bulk"));
    expect(bulk).toMatchObject({ total: 1100, totalCapped: false, pagesCapped: false, pagination: { totalPages: 55 } });
    await addBusinesses(Array.from({ length: 1000 }, (_, i) => record({ name: `Bulk Inn ${i}`, placeId: `bulk-inn-${i}` })));
    const capped = await json<{ total: number; totalCapped: boolean; pagination: { page: number; totalPages: number } }>(
      await adminFetch(cookie, "/api/admin/businesses?filter=bulk&page=500"),
    );
    expect(capped).toMatchObject({ total: 2000, totalCapped: true, pagesCapped: true, pagination: { page: 100, totalPages: 100 } });
    // Unfiltered, the total is exact and the list still opens 100 pages only.
    const all = await json<{ total: number; totalCapped: boolean; pagesCapped: boolean; pagination: { totalPages: number } }>(await adminFetch(cookie, "/api/admin/businesses"));
    expect(all).toMatchObject({ totalCapped: false, pagesCapped: true, pagination: { totalPages: 100 } });
    expect(all.total).toBeGreaterThan(2000);
    // The word inside 1,002 names ("Bulk Inn …", "Bravo Inn", "Contest Inn"), found through the search index, counts exactly.
    const word = await json<{ total: number; totalCapped: boolean }>(await adminFetch(cookie, "/api/admin/businesses?filter=inn"));
    expect(word).toEqual(expect.objectContaining({ total: 1002, totalCapped: false }));
  });

  it("deletes everything in bounded steps, summaries back to zero", async () => {
    const first = await deleteAllBusinesses(env.DB, 0);
    expect(first).toEqual({ deletedCount: 500, done: false });
    const rest = await json(await adminFetch(cookie, "/api/admin/businesses", { method: "DELETE" }));
    expect(rest).toMatchObject({ success: true, done: true });
    expect(await getDirectoryTotals(env.DB)).toEqual({ businessCount: 0, allBusinessCount: 0, categoryCount: 0, countryCount: 0, cityCount: 0 });
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM categories`).first("n")).toBe(0);
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM businesses_fts WHERE businesses_fts MATCH 'bulk'`).first("n")).toBe(0);
  });
});

describe("site settings, ad codes and cache", () => {
  it("saves the four site settings, bumps the cache generation and serves them publicly", async () => {
    const settings = { head_tags: '<meta name="x" content="1">', footer_tags: "<script>1</script>", analytics_code: "UA-1", facebook_pixel: "<noscript>px</noscript>" };
    const generation = (await getCacheGenerations(env.DB)).generation;
    expect(await json(await adminFetch(cookie, "/api/admin/site-settings", { method: "POST", body: JSON.stringify(settings) }))).toMatchObject({ success: true, message: "Ayarlar kaydedildi" });
    expect((await getCacheGenerations(env.DB)).generation).toBe(generation + 1);
    expect(await json(await adminFetch("", "/api/admin/site-settings"))).toEqual(settings);
    const bad = await adminFetch(cookie, "/api/admin/site-settings", { method: "POST", body: JSON.stringify({ head_tags: 5 }) });
    expect(bad.status).toBe(400);
    expect(await json(await adminFetch("", "/api/admin/site-settings"))).toEqual(settings);
  });

  it("saves only the site settings and ad codes a call names, and answers with all of them as stored", async () => {
    const settings = { head_tags: "<meta name='a'>", footer_tags: "<p>footer A</p>", analytics_code: "UA-A", facebook_pixel: "<i>px</i>" };
    await adminFetch(cookie, "/api/admin/site-settings", { method: "POST", body: JSON.stringify(settings) });
    // Another session changed the footer; this one only its head tags: neither loses the other's.
    await adminFetch(cookie, "/api/admin/site-settings", { method: "POST", body: JSON.stringify({ footer_tags: "<p>footer B</p>" }) });
    const headOnly = await json(await adminFetch(cookie, "/api/admin/site-settings", { method: "POST", body: JSON.stringify({ head_tags: "<meta name='b'>" }) }));
    const stored = { ...settings, head_tags: "<meta name='b'>", footer_tags: "<p>footer B</p>" };
    expect(headOnly).toEqual({ success: true, message: "Ayarlar kaydedildi", settings: stored });
    expect(await json(await adminFetch("", "/api/admin/site-settings"))).toEqual(stored);

    const codes = { ad1: "<div>one</div>", ad2: "<div>two</div>", ad3: "", ad4: "<div>four</div>" };
    await adminFetch(cookie, "/api/admin/advertisement-codes", { method: "POST", body: JSON.stringify(codes) });
    const ad2Only = await json(await adminFetch(cookie, "/api/admin/advertisement-codes", { method: "POST", body: JSON.stringify({ ad2: "" }) }));
    expect(ad2Only).toEqual({ success: true, message: "Reklam kodları kaydedildi", codes: { ...codes, ad2: "" } });
    expect(await json(await adminFetch("", "/api/admin/advertisement-codes"))).toEqual({ ...codes, ad2: "" });
  });

  it("saves ad codes and refuses a code over 50 KB with a clear message, changing nothing", async () => {
    const codes = { ad1: "<div>ad one</div>", ad2: "", ad3: "<iframe src='/x'></iframe>", ad4: "ğ".repeat(25 * 1024) };
    expect(await json(await adminFetch(cookie, "/api/admin/advertisement-codes", { method: "POST", body: JSON.stringify(codes) }))).toMatchObject({ success: true, message: "Reklam kodları kaydedildi" });
    expect(await json(await adminFetch("", "/api/admin/advertisement-codes"))).toEqual(codes);
    const tooBig = await adminFetch(cookie, "/api/admin/advertisement-codes", { method: "POST", body: JSON.stringify({ ...codes, ad2: "x".repeat(50 * 1024 + 1) }) });
    expect(tooBig.status).toBe(400);
    expect(await json(tooBig)).toEqual({ success: false, message: "ad2: en fazla 50 KB olabilir (şu an 50 KB)" });
    expect(await json(await adminFetch("", "/api/admin/advertisement-codes"))).toEqual(codes);
  });

  it("says a body that is not JSON must be JSON, on every admin call that reads one", async () => {
    for (const path of ["/api/admin/login", "/api/admin/site-settings", "/api/admin/advertisement-codes", "/api/export-csv"]) {
      const response = await adminFetch(cookie, path, { method: "POST", body: "{not json" });
      expect(response.status, path).toBe(400);
      expect(await json(response), path).toEqual({ success: false, message: "Request body must be JSON" });
    }
    const list = await adminFetch(cookie, "/api/admin/site-settings", { method: "POST", body: "[]" });
    expect(await json(list)).toEqual({ success: false, message: "Request body must be a JSON object" });
  });

  it("refuses a body over its call's cap with 413, and takes four settings at their full 100 KB", async () => {
    const calls: [path: string, capKb: number][] = [
      ["/api/admin/login", 64],
      ["/api/contact", 64],
      ["/api/export-csv", 64],
      ["/api/admin/uploads", 64],
      ["/api/admin/uploads/00000000-0000-4000-8000-000000000000/complete", 64],
      ["/api/admin/site-settings", 1024],
      ["/api/admin/advertisement-codes", 1024],
    ];
    for (const [path, capKb] of calls) {
      const response = await adminFetch(cookie, path, { method: "POST", body: JSON.stringify({ padding: "x".repeat(capKb * 1024) }) });
      expect(response.status, path).toBe(413);
      expect(await json(response), path).toEqual({ success: false, message: `Request body too large (at most ${capKb} KB)` });
    }
    // Quotes and line breaks take two bytes each in JSON: four full settings still fit.
    const full = '"\n'.repeat(50 * 1024);
    const settings = { head_tags: full, footer_tags: full, analytics_code: full, facebook_pixel: full };
    expect(await json(await adminFetch(cookie, "/api/admin/site-settings", { method: "POST", body: JSON.stringify(settings) }))).toMatchObject({ success: true });
  });

  it("clears the cache by bumping the generation the edge-cache keys carry", async () => {
    const generation = (await getCacheGenerations(env.DB)).generation;
    expect(await json(await adminFetch(cookie, "/api/admin/clear-cache", { method: "POST" }))).toMatchObject({ success: true, generation: generation + 1 });
    expect((await getCacheGenerations(env.DB)).generation).toBe(generation + 1);
  });
});
