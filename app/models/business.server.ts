import { rowIdentity, type BusinessRow } from "~/lib/business-record";
import { businessSlug } from "~/lib/slug";
import { mixedCaseNameSql, summaryNameSql } from "~/lib/summary-names";
import { ALL_BUSINESSES_MAX_PAGES, ALL_BUSINESSES_PER_PAGE } from "~/lib/directory-limits";
import { utf8Bytes } from "~/lib/code-limits";
import { businessBasics, countryColumn, textColumn } from "./business-row.server";
import { jsonArrayParameters, MAX_JSON_PARAMETER_BYTES } from "./json-parameters.server";

/** Columns written from a BusinessRow; the SQL below is generated from this one list. */
const WRITTEN_COLUMNS = [
  "name", "slug", "category", "type", "category_slug", "full_address", "street", "city",
  "city_slug", "postal_code", "country", "country_code", "phone", "latitude", "longitude",
  "rating", "reviews", "reviews_link", "photo", "logo", "located_in", "working_hours",
  "verified", "about", "place_id", "time_zone", "url", "search_bigrams", "search_country_code",
  "name_sort", "geo_cell", "created_at",
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
const UPSERT_SQL = `
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
 * The new businesses of the running batch: those above the deferral mark, approved. NOT INDEXED
 * keeps the planner on the id range: it would otherwise walk a whole (category|city, id) index
 * to save the GROUP BY a sort, reading the directory instead of the batch.
 */
const DEFERRED = `FROM businesses NOT INDEXED
  WHERE id > (SELECT after_id FROM summary_deferral WHERE id = 1) AND is_approved = 1`;

/**
 * SQL: the batch's new businesses grouped by `keys` (where `filled`), each group with its count
 * `n`, its first business's spelling `first_name` and its first in mixed case `preferred_name`
 * (each read once by id: the CTE is materialized so the name rule does not read them again).
 */
const batchGroups = (keys: string, filled: string, spelling: string) => `WITH batch AS MATERIALIZED (
     SELECT ${keys}, n, (SELECT ${spelling} FROM businesses WHERE id = first) AS first_name,
            (SELECT ${spelling} FROM businesses WHERE id = first_preferred) AS preferred_name
     FROM (SELECT ${keys}, count(*) AS n, min(id) AS first, min(CASE WHEN ${mixedCaseNameSql(spelling)} THEN id END) AS first_preferred
           ${DEFERRED} AND ${filled} GROUP BY ${keys}))`;

/** SQL: the name a batch group offers, as row by row: its first spelling, or its first in mixed case. */
const BATCH_NAME = summaryNameSql("first_name", "preferred_name", "preferred_name IS NOT NULL");

/** SQL of an ON CONFLICT: the kept name against the batch's. */
const JOINING_NAME = summaryNameSql("name", "excluded.name", "excluded.business_count > 0");

/**
 * The map counts of a batch's new businesses (decision 111): what the map_delta trigger adds row
 * by row, per tile of each counted zoom and per city, once per key. The batch is read once.
 */
const APPLY_DEFERRED_MAP_COUNTS = [
  `WITH batch AS MATERIALIZED (SELECT geo_cell, latitude, longitude ${DEFERRED} AND geo_cell IS NOT NULL)
   INSERT INTO map_cell_counts (zoom, tile, business_count, latitude_sum, longitude_sum)
   SELECT z.zoom, batch.geo_cell >> (40 - 2 * z.zoom) AS tile, count(*), sum(batch.latitude), sum(batch.longitude)
   FROM map_count_zooms z, batch GROUP BY z.zoom, tile
   ON CONFLICT (zoom, tile) DO UPDATE SET business_count = business_count + excluded.business_count,
     latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum`,
  `INSERT INTO city_positions (country_code, city_slug, business_count, latitude_sum, longitude_sum)
   SELECT country_code, city_slug, count(*), sum(latitude), sum(longitude)
   ${DEFERRED} AND geo_cell IS NOT NULL AND country_code IS NOT NULL AND city_slug IS NOT NULL
   GROUP BY country_code, city_slug
   ON CONFLICT (country_code, city_slug) DO UPDATE SET business_count = business_count + excluded.business_count,
     latitude_sum = latitude_sum + excluded.latitude_sum, longitude_sum = longitude_sum + excluded.longitude_sum`,
];

/**
 * The counts of a batch's new businesses, applied once per key (decision 064): the same changes
 * the summary_delta trigger makes row by row, in the same table order, so the triggers of the
 * summary tables (distinct counts, totals) follow. An entry's name is chosen as row by row
 * (decision 092): the batch offers its first business's spelling, or its first in mixed case
 * where the first is in one case, and summaryNameSql decides against a kept name.
 */
const APPLY_DEFERRED_SUMMARIES = [
  `UPDATE directory_totals SET
     all_business_count = all_business_count + (SELECT count(*) FROM businesses WHERE id > (SELECT after_id FROM summary_deferral WHERE id = 1)),
     business_count = business_count + (SELECT count(*) ${DEFERRED})
   WHERE id = 1`,
  `${batchGroups("category_slug", "category_slug IS NOT NULL", "coalesce(type, category, category_slug)")}
   INSERT INTO categories (slug, name, business_count)
   SELECT category_slug, ${BATCH_NAME}, n FROM batch WHERE true
   ON CONFLICT (slug) DO UPDATE SET business_count = business_count + excluded.business_count, name = ${JOINING_NAME}`,
  `INSERT INTO countries (code, name, business_count)
   SELECT country_code, name, n FROM (
     SELECT country_code, coalesce(country, country_code) AS name, count(*) AS n, min(id)
     ${DEFERRED} AND country_code IS NOT NULL GROUP BY country_code)
   WHERE true
   ON CONFLICT (code) DO UPDATE SET business_count = business_count + excluded.business_count`,
  `${batchGroups("country_code, city_slug", "country_code IS NOT NULL AND city_slug IS NOT NULL", "coalesce(city, city_slug)")}
   INSERT INTO cities (country_code, slug, name, business_count)
   SELECT country_code, city_slug, ${BATCH_NAME}, n FROM batch WHERE true
   ON CONFLICT (country_code, slug) DO UPDATE SET business_count = business_count + excluded.business_count, name = ${JOINING_NAME}`,
  `INSERT INTO category_country_counts (category_slug, country_code, business_count)
   SELECT category_slug, country_code, count(*)
   ${DEFERRED} AND category_slug IS NOT NULL AND country_code IS NOT NULL GROUP BY category_slug, country_code
   ON CONFLICT (category_slug, country_code) DO UPDATE SET business_count = business_count + excluded.business_count`,
  `INSERT INTO city_category_counts (country_code, city_slug, category_slug, business_count)
   SELECT country_code, city_slug, category_slug, count(*)
   ${DEFERRED} AND country_code IS NOT NULL AND city_slug IS NOT NULL AND category_slug IS NOT NULL
   GROUP BY country_code, city_slug, category_slug
   ON CONFLICT (country_code, city_slug, category_slug) DO UPDATE SET business_count = business_count + excluded.business_count`,
  // The new businesses moved every later position in their categories and cities (decision 065).
  `DELETE FROM page_anchors WHERE scope IN (
     SELECT 'category/' || category_slug ${DEFERRED} AND category_slug IS NOT NULL
     UNION SELECT 'city/' || country_code || '/' || city_slug ${DEFERRED} AND country_code IS NOT NULL AND city_slug IS NOT NULL)`,
  ...APPLY_DEFERRED_MAP_COUNTS,
  `DELETE FROM summary_deferral WHERE id = 1`,
];

/** Marks every business written after this point as deferred (all new ones get higher ids). */
const DEFER_SUMMARIES = `INSERT INTO summary_deferral (id, after_id) SELECT 1, coalesce(max(id), 0) FROM businesses`;

/**
 * Statements that upsert `rows`, to run in ONE db.batch (one transaction). Each statement's
 * JSON stays under D1's value limit. The new businesses' summary counts are added once per key
 * at the end instead of once per row by the triggers: a bulk write's largest cost (decision 064).
 * Businesses already known are updated and counted by the row triggers as before.
 */
export function upsertBusinessesStatements(db: D1Database, rows: readonly BusinessRow[]): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const statement = db.prepare(UPSERT_SQL);
  const upserts = jsonArrayParameters(rows.map(rowJson)).map((json) => statement.bind(json));
  return [db.prepare(DEFER_SUMMARIES), ...upserts, ...APPLY_DEFERRED_SUMMARIES.map((sql) => db.prepare(sql))];
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
