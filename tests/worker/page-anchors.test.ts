import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { toBusinessRow } from "~/lib/business/business-record";
import { upsertBusinesses } from "~/import/commit.server";
import { getCategoryPage, type CategoryPage } from "~/models/category.server";
import { getCityPage } from "~/models/city.server";
import { directoryChanged } from "~/models/directory-change.server";
import { PAGE_ANCHOR_STEP, categoryAnchorScope, cityAnchorScope, rebuildMissingPageAnchors } from "~/models/page-anchor.server";
import { directoryRecord } from "./directory-fixtures";
import { eventually } from "./support/eventually";

/** 2,000 hotels in Zürich, then `others` hostels in Geneva: only the hotels' scopes are big. */
async function seed(hotels: number, others = 0) {
  const rows = [];
  for (let i = 0; i < hotels; i++) rows.push(toBusinessRow(directoryRecord({ name: `Hotel ${i}`, placeId: `anchor-${i}` })));
  for (let i = 0; i < others; i++) {
    rows.push(toBusinessRow(directoryRecord({ name: `Hostel ${i}`, placeId: `other-${i}`, type: "Hostel", city: "Geneva" })));
  }
  await upsertBusinesses(env.DB, rows);
}

async function anchorCount(key: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM page_anchors WHERE scope = ?1`).bind(key).first<{ n: number }>();
  return row!.n;
}

/** What a typed deep page shows, and the D1 rows its statements read. */
async function typedPage(page: number): Promise<{ shown: CategoryPage; rowsRead: number }> {
  let rowsRead = 0;
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property !== "batch") return Reflect.get(target, property).bind(target);
      return async (statements: D1PreparedStatement[]) => {
        const results = await target.batch(statements);
        for (const r of results) rowsRead += r.meta.rows_read ?? 0;
        return results;
      };
    },
  });
  const shown = (await getCategoryPage(db, "hotel", { page, limit: 12, before: null }))!;
  return { shown, rowsRead };
}

/** The ids of page `page` (12 a page, newest first) as plain OFFSET over the table finds them. */
async function expectedIds(page: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT id FROM businesses WHERE category_slug = 'hotel' AND is_approved = 1 ORDER BY id DESC LIMIT 12 OFFSET ?1`,
  )
    .bind((page - 1) * 12)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

const HOTEL = categoryAnchorScope("hotel").key;
const ZURICH = cityAnchorScope("CH", "zurich").key;

describe("page anchors of big categories and cities", () => {
  beforeEach(async () => {
    await env.DB.batch([env.DB.prepare(`DELETE FROM businesses`), env.DB.prepare(`DELETE FROM page_anchors`)]);
  });

  it("let a page typed by number skip fewer than a step of index entries, showing the same businesses", async () => {
    await seed(2000, 50);
    const deep = 150; // positions 1788..1799
    const before = await typedPage(deep);
    expect(before.shown.businesses.map((b) => b.id)).toEqual(await expectedIds(deep));

    expect(await rebuildMissingPageAnchors(env.DB, 10)).toEqual({ anchored: 2, more: false });
    // Every 600th position below 2,000 (600, 1200, 1800), for the category and the city alike;
    // the small hostel scopes get none.
    expect(await anchorCount(HOTEL)).toBe(3);
    expect(await anchorCount(ZURICH)).toBe(3);
    expect(await anchorCount(categoryAnchorScope("hostel").key)).toBe(0);

    const after = await typedPage(deep);
    expect(after.shown.businesses).toEqual(before.shown.businesses);
    expect(after.shown.cursors).toEqual(before.shown.cursors);
    // No more than a shallow typed page (its window starts 59 entries down) plus one step: the
    // skip from the anchor at 1,200 instead of from the top.
    const shallow = await typedPage(10);
    expect(after.rowsRead).toBeLessThanOrEqual(shallow.rowsRead + PAGE_ANCHOR_STEP);
    expect(after.rowsRead).toBeLessThan(before.rowsRead / 2);

    const city = await getCityPage(env.DB, "CH", "zurich", { page: deep, limit: 12, before: null });
    expect(city!.businesses.map((b) => b.id)).toEqual(await expectedIds(deep));
  });

  it("are dropped by every change to the scope's businesses, so a typed page never shows a stale one", async () => {
    await seed(1300);
    await rebuildMissingPageAnchors(env.DB, 10);
    expect(await anchorCount(HOTEL)).toBe(2);

    // A bulk write of new hotels moves every position by three.
    await upsertBusinesses(env.DB, [1, 2, 3].map((i) => toBusinessRow(directoryRecord({ name: `New ${i}`, placeId: `new-${i}` }))));
    expect(await anchorCount(HOTEL)).toBe(0);
    expect(await anchorCount(ZURICH)).toBe(0);
    expect((await typedPage(60)).shown.businesses.map((b) => b.id)).toEqual(await expectedIds(60));

    // Row by row: unapproving one, deleting one, moving one to another category.
    const changes = [
      `UPDATE businesses SET is_approved = 0 WHERE place_id = 'anchor-5'`,
      `DELETE FROM businesses WHERE place_id = 'anchor-6'`,
      `UPDATE businesses SET category_slug = 'hostel', type = 'Hostel' WHERE place_id = 'anchor-7'`,
    ];
    for (const change of changes) {
      await rebuildMissingPageAnchors(env.DB, 10);
      expect(await anchorCount(HOTEL), change).toBe(2);
      await env.DB.prepare(change).run();
      expect(await anchorCount(HOTEL), change).toBe(0);
      expect((await typedPage(60)).shown.businesses.map((b) => b.id), change).toEqual(await expectedIds(60));
    }

    // A change elsewhere, or one that moves nothing, keeps them.
    await rebuildMissingPageAnchors(env.DB, 10);
    await seed(0, 5);
    await env.DB.prepare(`UPDATE businesses SET phone = '+41 1' WHERE place_id = 'anchor-8'`).run();
    expect(await anchorCount(HOTEL)).toBe(2);
  });

  it("are rebuilt by the queue after a directory change", async () => {
    await seed(700);
    expect(await anchorCount(HOTEL)).toBe(0);
    await directoryChanged(env, "test", { rebuildSitemaps: false });
    await eventually(async () => (await anchorCount(HOTEL)) === 1 && (await anchorCount(ZURICH)) === 1);
  }, 30_000);
});
