import type { BusinessRow } from "~/lib/business-record";
import { ALL_BUSINESSES_MAX_PAGES, ALL_BUSINESSES_PER_PAGE } from "~/lib/directory-limits";
import { businessBasics, textColumn } from "./business-row.server";

/** Columns written from a BusinessRow; the SQL below is generated from this one list. */
const WRITTEN_COLUMNS = [
  "name", "slug", "category", "type", "category_slug", "full_address", "street", "city",
  "city_slug", "postal_code", "country", "country_code", "phone", "latitude", "longitude",
  "rating", "reviews", "reviews_link", "photo", "logo", "located_in", "working_hours",
  "verified", "about", "place_id", "time_zone", "url", "created_at",
] as const satisfies readonly (keyof BusinessRow)[];

/** Fields a re-import refreshes; the slug and creation date of a known business never change. */
const REFRESHED_COLUMNS = WRITTEN_COLUMNS.filter((c) => c !== "slug" && c !== "created_at");

const refresh = REFRESHED_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ");

/**
 * One statement writes a whole batch: the rows travel as a single JSON parameter read with
 * json_each, which keeps far below D1's 100-bound-parameter limit whatever the batch size.
 * Known businesses (same place id; or, without a place id, same name and address) are updated.
 */
const UPSERT_SQL = `
INSERT INTO businesses (${WRITTEN_COLUMNS.join(", ")}, updated_at)
SELECT ${WRITTEN_COLUMNS.map((c) => `j.value ->> '$.${c}'`).join(", ")}, unixepoch()
FROM json_each(?1) AS j WHERE true
ON CONFLICT (place_id) DO UPDATE SET ${refresh}, updated_at = unixepoch()
ON CONFLICT (name, full_address) WHERE place_id IS NULL DO UPDATE SET ${refresh}, updated_at = unixepoch()`;

/**
 * D1 refuses a value over 1,000,000 bytes (SQLITE_TOOBIG): a batch is split so that each
 * statement's JSON stays under this, whatever the rows hold (long `about` texts).
 */
export const MAX_BATCH_JSON_BYTES = 900_000;

/** Statements that upsert `rows`, split so that no statement's JSON parameter is too big. */
export function upsertBusinessesStatements(db: D1Database, rows: readonly BusinessRow[]): D1PreparedStatement[] {
  const statement = db.prepare(UPSERT_SQL);
  const statements: D1PreparedStatement[] = [];
  let chunk: string[] = [];
  let bytes = 2;
  for (const row of rows) {
    const json = JSON.stringify(row);
    // UTF-8 can take up to 3 bytes per UTF-16 unit: count conservatively without encoding.
    const size = json.length * 3 + 1;
    if (chunk.length > 0 && bytes + size > MAX_BATCH_JSON_BYTES) {
      statements.push(statement.bind(`[${chunk.join(",")}]`));
      chunk = [];
      bytes = 2;
    }
    chunk.push(json);
    bytes += size;
  }
  if (chunk.length > 0) statements.push(statement.bind(`[${chunk.join(",")}]`));
  return statements;
}

/** Inserts or refreshes businesses; summary tables and the search index follow by trigger. */
export async function upsertBusinesses(db: D1Database, rows: readonly BusinessRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const results = await db.batch(upsertBusinessesStatements(db, rows));
  return results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
}

export interface BusinessListItem {
  id: number;
  name: string;
  slug: string;
  category: string | null;
  city: string | null;
  country: string | null;
  countryCode: string | null;
  rating: number | null;
  reviews: number;
  phone: string | null;
}

export { ALL_BUSINESSES_MAX_PAGES, ALL_BUSINESSES_PER_PAGE };

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
    country: textColumn(r, "country"),
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
