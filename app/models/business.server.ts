import type { Business } from "~/db/schema";
import { DERIVED_COLUMNS, rowIdentity, type BusinessRow } from "~/lib/business/business-record";
import { businessSlug } from "~/lib/business/slug";
import { ALL_BUSINESSES_MAX_PAGES, ALL_BUSINESSES_PER_PAGE } from "~/lib/directory/directory-limits";
import { utf8Bytes } from "~/lib/admin/code-limits";
import { businessBasics, countryColumn, textColumn } from "./business-row.server";
import type { SearchFilters } from "~/lib/search/search-filters";
import { jsonArrayParameters, MAX_JSON_PARAMETER_BYTES } from "./json-parameters.server";
import { findBusinesses, type FilteredBusiness } from "./finder.server";

// Hand-written SQL: the import's json_each upsert (ON CONFLICT on an expression index), the
// deferred summaries' MATERIALIZED CTEs and the public list, a hot path (the builder costs about
// 95 µs of CPU per statement against under 1 µs for the string, scripts/bench/query-builder-cost.ts).

/** Columns written from a BusinessRow; the SQL below is generated from this one list. */
const WRITTEN_COLUMNS = [
  "name", "slug", "category", "type", "category_slug", "full_address", "street", "city",
  "city_slug", "postal_code", "country", "country_code", "phone", "latitude", "longitude",
  "rating", "reviews", "reviews_link", "photo", "logo", "located_in", "working_hours",
  "verified", "about", "place_id", "time_zone", "url", "price_range", ...DERIVED_COLUMNS, "created_at",
] as const satisfies readonly (keyof BusinessRow)[];

/** Fields a re-import refreshes; the slug and creation date of a known business never change. */
const REFRESHED_COLUMNS = WRITTEN_COLUMNS.filter((c) => c !== "slug" && c !== "created_at");

const refresh = REFRESHED_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ");
/**
 * A known business is written only when a refreshed field differs: a file imported again
 * unchanged keeps its rows' `updated_at` (each sitemap URL's lastmod, which crawlers trust only
 * while it is true) and costs no trigger or search-index work.
 */
const changed = REFRESHED_COLUMNS.map((c) => `businesses.${c} IS NOT excluded.${c}`).join(" OR ");

/**
 * One statement writes a whole batch: the rows travel as a single JSON parameter read with
 * json_each, which keeps far below D1's 100-bound-parameter limit whatever the batch size.
 * Each row is an array in WRITTEN_COLUMNS order, read by position: objects repeated every column
 * name in every row, a third more text to send to D1 and for SQLite to search key by key (the
 * consumer's SQL time fell by about a seventh, decision 067 addendum).
 * Known businesses (same place id; or, without a place id, same name and address) are updated.
 * The second target is the expression of businesses_name_address_no_place_id:
 * a missing address counts as '', so a business with neither place id nor address is found again.
 */
export const UPSERT_BUSINESSES_SQL = `
INSERT INTO businesses (${WRITTEN_COLUMNS.join(", ")}, updated_at)
SELECT ${WRITTEN_COLUMNS.map((_, i) => `j.value ->> ${i}`).join(", ")}, unixepoch()
FROM json_each(?1) AS j WHERE true
ON CONFLICT (place_id) DO UPDATE SET ${refresh}, updated_at = unixepoch() WHERE ${changed}
ON CONFLICT (name, coalesce(full_address, '')) WHERE place_id IS NULL DO UPDATE SET ${refresh}, updated_at = unixepoch() WHERE ${changed}`;

/** A row as the upsert reads it: an array in WRITTEN_COLUMNS order. */
function rowJson(row: BusinessRow): string {
  return JSON.stringify(WRITTEN_COLUMNS.map((column) => row[column]));
}

/** Text a row may hold whatever it is: JSON writes a UTF-16 unit in at most 6 bytes (a \u escape), and its numbers and punctuation take far under 1,000. */
const ROW_TEXT_SURELY_FITS = Math.floor((MAX_JSON_PARAMETER_BYTES - 1000) / 6);

/**
 * A row too large to be written, with the column that holds most of it: its JSON must fit in
 * one upsert's parameter (MAX_JSON_PARAMETER_BYTES), as D1 refuses a longer value and would
 * refuse the row on every attempt. Null for a row that fits (nearly every row: the check
 * encodes only a row holding over 150,000 characters).
 */
export function oversizedBusinessRow(row: BusinessRow): { column: (typeof WRITTEN_COLUMNS)[number]; bytes: number; limit: number } | null {
  let characters = 0;
  let column: (typeof WRITTEN_COLUMNS)[number] = "name";
  let longest = -1;
  for (const name of WRITTEN_COLUMNS) {
    const value = row[name];
    if (typeof value !== "string") continue;
    characters += value.length;
    if (value.length > longest) {
      longest = value.length;
      column = name;
    }
  }
  if (characters <= ROW_TEXT_SURELY_FITS) return null;
  const bytes = utf8Bytes(rowJson(row));
  return bytes > MAX_JSON_PARAMETER_BYTES ? { column, bytes, limit: MAX_JSON_PARAMETER_BYTES } : null;
}

/**
 * Statements that upsert `rows`, to run in ONE db.batch (one transaction). Each statement's
 * JSON stays under D1's value limit. The summary tables and the search index follow through
 * the row triggers, as for every other write (decision 114).
 */
export function upsertBusinessesStatements(db: D1Database, rows: readonly BusinessRow[]): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const statement = db.prepare(UPSERT_BUSINESSES_SQL);
  return upsertBusinessesParameters(rows).map((json) => statement.bind(json));
}

/** The parameter of each UPSERT_BUSINESSES_SQL statement that writes `rows` (also what the benchmark sends local D1 alone). */
export function upsertBusinessesParameters(rows: readonly BusinessRow[]): string[] {
  return jsonArrayParameters(rows.map(rowJson));
}

/**
 * Gives each row whose slug another business holds (stored, or an earlier row of `rows`, with
 * another identity) its second slug (businessSlug `second`), in place; returns how many moved.
 * Called when a write failed on businesses.slug, so the common case pays no extra read. A row
 * whose slug its own earlier copy holds is a re-import and keeps it (the upsert refreshes it).
 */
export async function moveCollidingSlugs(db: D1Database, rows: BusinessRow[]): Promise<number> {
  const { results } = await db
    .prepare(`SELECT slug, place_id, name, full_address FROM businesses WHERE slug IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(rows.map((row) => row.slug)))
    .all<Pick<BusinessRow, "slug" | "place_id" | "name" | "full_address">>();
  const holders = new Map(results.map((stored) => [stored.slug, rowIdentity(stored)]));
  let moved = 0;
  for (const row of rows) {
    const identity = rowIdentity(row);
    const holder = holders.get(row.slug);
    if (holder !== undefined && holder !== identity) {
      row.slug = businessSlug(row.name, identity, { second: true });
      moved++;
    }
    if (!holders.has(row.slug)) holders.set(row.slug, identity);
  }
  return moved;
}

/** Inserts or refreshes businesses; summary tables and the search index follow. */
export async function upsertBusinesses(db: D1Database, rows: readonly BusinessRow[]): Promise<void> {
  if (rows.length > 0) await db.batch(upsertBusinessesStatements(db, rows));
}

/** A business of /businesses: its row's fields, the category being the directory's (type, else category). */
export type BusinessListItem = Pick<Business, "id" | "name" | "slug" | "category" | "city" | "country" | "countryCode" | "rating" | "reviews" | "phone">;

export { ALL_BUSINESSES_MAX_PAGES, ALL_BUSINESSES_PER_PAGE };

/**
 * /businesses with filters (the finder over the whole directory), 20 a page: the shape of
 * listBusinesses, with the count of what the filters keep.
 */
export async function listFilteredBusinesses(db: D1Database, page: number, filters: SearchFilters) {
  const list = await findBusinesses(db, { words: "", location: null, scope: { kind: "all" }, filters, at: new Date() }, { page, perPage: ALL_BUSINESSES_PER_PAGE });
  const businesses: FilteredBusiness[] = list.businesses;
  return {
    businesses,
    currentPage: page,
    totalPages: list.totalPages,
    totalCount: list.totalCount,
    hasNextPage: page < list.totalPages,
    hasPrevPage: page > 1,
    filtered: { totalCount: list.totalCount, moreThanCounted: list.moreThanCounted },
  };
}

/**
 * /businesses and GET /api/businesses: newest first, 20 a page, at most 100 pages. The total
 * comes from the trigger-kept totals row, never from COUNT(*).
 */
export async function listBusinesses(db: D1Database, page: number) {
  const offset = (page - 1) * ALL_BUSINESSES_PER_PAGE;
  const [rows, totals] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT id, name, slug, coalesce(type, category) AS category, city, country, country_code,
                rating, reviews, phone
         FROM businesses WHERE is_approved = 1 ORDER BY id DESC LIMIT ?1 OFFSET ?2`,
      )
      .bind(ALL_BUSINESSES_PER_PAGE, offset),
    db.prepare(`SELECT business_count FROM directory_totals WHERE id = 1`),
  ]);
  const totalCount = Number(totals?.results[0]?.business_count ?? 0);
  const totalPages = Math.min(ALL_BUSINESSES_MAX_PAGES, Math.ceil(totalCount / ALL_BUSINESSES_PER_PAGE));
  const businesses: BusinessListItem[] = (rows?.results ?? []).map((r) => ({
    ...businessBasics(r),
    category: textColumn(r, "category"),
    city: textColumn(r, "city"),
    // Shown as the detail page names it; the template's rows have a code and no name.
    country: countryColumn(r),
    countryCode: textColumn(r, "country_code"),
  }));
  return {
    businesses,
    currentPage: page,
    totalPages,
    totalCount,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}
