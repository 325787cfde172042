import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_BUSINESSES_MAX_PAGES, ADMIN_BUSINESSES_PER_PAGE, deleteTestBusinesses, listAdminBusinesses, type AdminBusinessQuery } from "~/models/admin-business.server";
import { addBusinesses, record } from "./admin-support";
import { atTwoSizes, measuringDb } from "./support/rows-read";

// Decision 031: every list the admin opens walks an index and stops after its page, so what a
// click costs does not grow with the directory (2,000,000 businesses in production). This pins
// the query plans by their effect: a plan that sorts the table reads every row it sorts.

const CATEGORIES = ["Hotel", "Hostel", "Resort"];

/** Businesses `from`..`to`-1 over the same 3 categories (1 in 100 a spa), ratings and review counts however many there are; 3 otters among the first. */
async function seed(from: number, to: number) {
  const records = [];
  for (let i = from; i < to; i++) {
    // 3 otters and 2 businesses of test data among the first; "Testa …" reads like test data but is not.
    const name = i < 3 ? `Otter Lodge ${i}` : i < 5 ? `Test Hotel ${i}` : i % 50 === 0 ? `Testa Trattoria ${i}` : `Business ${i}`;
    records.push(record({ name, placeId: `admin-rows-${i}`, type: i % 100 === 50 ? "Spa" : CATEGORIES[i % 3]!, rating: (i % 50) / 10, reviews: i % 97 }));
  }
  await addBusinesses(records);
  // The admin sees what the public does not: every fifth business waits for approval.
  await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE place_id >= 'admin-rows-' AND id % 5 = 0`).run();
}

const ADMIN_LISTS: Record<string, Partial<AdminBusinessQuery>> = {
  "by name": {},
  "by name, descending": { sortOrder: "desc" },
  "by name, page 30": { page: 30 },
  "by rating, best first": { sortBy: "rating", sortOrder: "desc" },
  "by review count, most first": { sortBy: "reviewCount", sortOrder: "desc" },
  "newest first": { sortBy: "createdAt", sortOrder: "desc" },
  "one category by name": { category: "Hotel" },
  "one category by name, page 9": { category: "Hotel", page: 9 },
  "a name searched": { filter: "otter" },
  "a name searched in a category": { filter: "otter", category: "Hotel" },
};

/** A category sorted by something else than name: it walks that sort's index or sorts the category, whichever reads less. */
const CATEGORY_SORTS: Record<string, Partial<AdminBusinessQuery>> = {
  "a third of the directory by rating": { category: "Hotel", sortBy: "rating", sortOrder: "desc" },
  "a third of the directory, newest first, page 10": { category: "Hotel", sortBy: "createdAt", sortOrder: "desc", page: 10 },
  "a hundredth by review count": { category: "Spa", sortBy: "reviewCount", sortOrder: "desc" },
};

interface ListReads {
  /** The statement that reads the page's 20 businesses. */
  page: number;
  /** The statement that counts them (capped at the browsable depth when filtered). */
  count: number;
}

async function rowsReadPerList(lists = ADMIN_LISTS): Promise<Record<string, ListReads>> {
  const figures: Record<string, ListReads> = {};
  for (const [name, query] of Object.entries(lists)) {
    const measured = measuringDb(env.DB);
    const list = await listAdminBusinesses(measured.db, { page: 1, sortBy: "name", sortOrder: "asc", ...query });
    expect(list.businesses.length, name).toBeGreaterThan(0);
    // A category sorted otherwise than by name first reads two summary counts to choose its plan.
    const statements = measured.statements().filter((statement) => !/from "(categories|directory_totals)"/.test(statement.sql));
    const [page, count, ...more] = statements;
    expect(more, name).toEqual([]);
    expect(page!.sql, name).toMatch(/ORDER BY/);
    expect(count!.sql, name).toMatch(/count\(\*\)|all_business_count/);
    figures[name] = { page: page!.rowsRead, count: count!.rowsRead };
  }
  return figures;
}

const pick = (figures: Record<string, ListReads>, part: keyof ListReads) => Object.fromEntries(Object.entries(figures).map(([name, reads]) => [name, reads[part]]));

describe("rows read by the admin's business list", () => {
  it("do not grow with the number of businesses (600 → 6,000) for any sort, the category filter or a name search", async () => {
    const { small, large } = await atTwoSizes("admin list rows read", seed, () => rowsReadPerList());
    // A page reads its offset and its 20 rows from an index in the list's order, however large the directory.
    expect(pick(large, "page")).toEqual(pick(small, "page"));
    expect(large["by name"]!.page).toBeLessThanOrEqual(20);
    expect(large["by name, page 30"]!.page).toBeLessThanOrEqual(30 * 20);
    // A search counts its matches (a few otters), not the category it is made in.
    expect(large["a name searched in a category"]).toEqual(small["a name searched in a category"]);
    expect(large["a name searched in a category"]!.count).toBeLessThan(10);
    // Unfiltered, the total is one row of totals; filtered by category alone, it is counted no
    // further than the 100 pages one can open (2,000 hotels here: 2,001 read, "2.000+" shown).
    for (const [name, reads] of Object.entries(large)) expect(reads.count, name).toBeLessThanOrEqual(ADMIN_BUSINESSES_PER_PAGE * ADMIN_BUSINESSES_MAX_PAGES + 1);
    expect(large["by rating, best first"]!.count).toBe(1);
  });

  it("for a category sorted otherwise than by name, read no more than the category, nor than the sort's index to its page", async () => {
    await seed(0, 6000);
    const reads = await rowsReadPerList(CATEGORY_SORTS);
    console.log("category sorts at 6,000 businesses", reads);
    // 2,000 hotels: page 1 finds its 20 hotels among about 60 entries of the rating index, and
    // page 10 its 200 among about 600 of the date index, instead of reading all 2,000.
    expect(reads["a third of the directory by rating"]!.page).toBeLessThanOrEqual(3 * 20 + 10);
    expect(reads["a third of the directory, newest first, page 10"]!.page).toBeLessThanOrEqual(3 * 200 + 10);
    // 60 spas: read (an index entry and a row each) and sorted, as walking the index would read
    // about 2,000 entries to find 20.
    expect(reads["a hundredth by review count"]!.page).toBeLessThanOrEqual(2 * 60);
  });

  it("walks a sort's index in its order and, for a category gathered at the far end of it, stops and sorts the category instead", async () => {
    await seed(0, 6000);
    const sortedIds = async (slug: string, column: string) => {
      const { results } = await env.DB.prepare(`SELECT id FROM businesses WHERE category_slug = ?1 ORDER BY ${column} DESC, id DESC LIMIT 20 OFFSET 20`).bind(slug).all<{ id: number }>();
      return results.map((row) => row.id);
    };
    // Page 2 of the hotels by rating, walked: the same businesses in the same order as sorting them.
    const hotels = await listAdminBusinesses(env.DB, { page: 2, sortBy: "rating", sortOrder: "desc", category: "Hotel" });
    expect(hotels.businesses.map((business) => business.id)).toEqual(await sortedIds("hotel", "rating"));
    // 500 ski schools imported long before everything else: newest first, a walk expecting them
    // spread through the date order would pass the directory's 6,000 newer businesses first.
    const longAgo = Math.floor(Date.now() / 1000) - 1000 * 86_400;
    await addBusinesses(Array.from({ length: 500 }, (_, i) => record({ name: `Ski School ${i}`, placeId: `admin-rows-ski-${i}`, type: "Ski school", createdAt: longAgo + i })));
    const measured = measuringDb(env.DB);
    const skiSchools = await listAdminBusinesses(measured.db, { page: 2, sortBy: "createdAt", sortOrder: "desc", category: "Ski school" });
    expect(skiSchools.businesses.map((business) => business.id)).toEqual(await sortedIds("ski-school", "created_at"));
    const pages = measured.statements().filter((statement) => /ORDER BY created_at/.test(statement.sql));
    // The walk it stopped (three times the 520 entries it expected) and the category read and sorted.
    expect(pages).toHaveLength(2);
    expect(pages.reduce((sum, statement) => sum + statement.rowsRead, 0)).toBeLessThan(6000);
  });

  it("delete test data reads the test data, not the directory (600 → 6,000)", async () => {
    const deleteReads = async (from: number, to: number) => {
      await seed(from, to);
      const measured = measuringDb(env.DB);
      const { deletedCount } = await deleteTestBusinesses(measured.db);
      return { deletedCount, rowsRead: measured.rowsRead() };
    };
    const small = await deleteReads(0, 600);
    expect(small.deletedCount).toBe(2);
    await seed(0, 5); // the test data again, as an import would bring it back
    const large = await deleteReads(600, 6000);
    expect(large.deletedCount).toBe(2);
    // The same few index entries at both sizes: the range of "test" (with its "Testa" names,
    // which grow with the directory here, 1 in 50) and the place ids starting with "test".
    expect(large.rowsRead).toBeLessThan(small.rowsRead + 6000 / 50);
  });
});
