import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { toBusinessRow } from "~/lib/business/business-record";
import { upsertBusinesses } from "~/import/commit.server";
import { listBusinesses } from "~/models/business.server";
import { getCategoryPage, listCategories } from "~/models/category.server";
import { getCityPage, listCities } from "~/models/city.server";
import { getCountryPage, listCountries } from "~/models/country.server";
import { directoryRecord } from "./directory-fixtures";
import { atTwoSizes, measuringDb } from "./support/rows-read";

const CATEGORIES = ["Hotel", "Hostel", "Resort"];
const CITIES = [
  { city: "Zürich", country: "Switzerland", countryCode: "CH" },
  { city: "Geneva", country: "Switzerland", countryCode: "CH" },
  { city: "Paris", country: "France", countryCode: "FR" },
  { city: "Lyon", country: "France", countryCode: "FR" },
];

/** Businesses `from`..`to`-1 spread over the same 3 categories and 4 cities, however many there are. */
async function seed(from: number, to: number) {
  const rows = [];
  for (let i = from; i < to; i++) {
    rows.push(toBusinessRow(directoryRecord({ name: `Business ${i}`, placeId: `rows-${i}`, type: CATEGORIES[i % 3]!, ...CITIES[i % 4]! })));
  }
  await upsertBusinesses(env.DB, rows);
}

/** Every list and detail query of the directory pages, deep pages included. */
const PAGE_QUERIES: Record<string, (db: D1Database) => Promise<unknown>> = {
  "all businesses, page 1": (db) => listBusinesses(db, 1),
  "all businesses, page 4": (db) => listBusinesses(db, 4),
  "categories": (db) => listCategories(db, { letter: null, q: "", page: 1 }),
  "categories by letter": (db) => listCategories(db, { letter: "H", q: "", page: 1 }),
  "categories search": (db) => listCategories(db, { letter: null, q: "ote", page: 1 }),
  "category detail, page 1": (db) => getCategoryPage(db, "hotel", { page: 1, limit: 12, before: null }),
  "category detail, page 8": (db) => getCategoryPage(db, "hotel", { page: 8, limit: 12, before: null }),
  // As the pager links it: with the cursor the page before handed out.
  "category detail, page 8 by cursor": async (db) => getCategoryPage(db, "hotel", { page: 8, limit: 12, before: await cursorOf("hotel", 8) }),
  "countries": (db) => listCountries(db, { q: "", page: 1 }),
  "countries search": (db) => listCountries(db, { q: "swi", page: 1 }),
  "country detail": (db) => getCountryPage(db, "CH", 1),
  "cities": (db) => listCities(db, { letter: null, q: "", page: 1 }),
  "cities by letter": (db) => listCities(db, { letter: "Z", q: "", page: 1 }),
  "cities search": (db) => listCities(db, { letter: null, q: "par", page: 1 }),
  "country cities": (db) => listCities(db, { letter: null, q: "", page: 1, countryCode: "CH" }),
  "city detail, page 1": (db) => getCityPage(db, "CH", "zurich", { page: 1, limit: 12, before: null }),
  "city detail, page 6": (db) => getCityPage(db, "CH", "zurich", { page: 6, limit: 12, before: null }),
};

async function cursorOf(category: string, page: number): Promise<number> {
  const previous = await getCategoryPage(env.DB, category, { page: page - 1, limit: 12, before: null });
  return previous!.cursors[page]!;
}

async function rowsReadPerQuery(): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const [name, query] of Object.entries(PAGE_QUERIES)) {
    const { db, rowsRead } = measuringDb(env.DB);
    await query(db);
    figures[name] = rowsRead();
  }
  return figures;
}

describe("rows read by the directory pages", () => {
  it("do not grow with the number of businesses (600 → 6,000)", async () => {
    const { small, large } = await atTwoSizes("rows read", seed, () => rowsReadPerQuery());
    expect(large).toEqual(small);
    // And each stays in proportion to what the page shows: a page reached by number alone skips
    // its offset (84 index entries on page 8) once, in the one statement that reads its window.
    for (const [name, rows] of Object.entries(large)) expect(rows, name).toBeLessThanOrEqual(450);
    // A page reached through the pager's cursor reads no more than the first page plus the ids before it that its pager links (49), however deep.
    expect(large["category detail, page 8 by cursor"]).toBeLessThanOrEqual(large["category detail, page 1"]! + 50);
  });
});
