import type { Business } from "~/db/schema";
import { ALL_BUSINESSES_MAX_PAGES, ALL_BUSINESSES_PER_PAGE } from "~/lib/directory/directory-limits";
import { businessBasics, countryColumn, textColumn } from "./business-row.server";
import type { SearchFilters } from "~/lib/search/search-filters";
import { findBusinesses, type FilteredBusiness } from "./finder.server";

// Hand-written SQL: the public list, a hot path (the builder costs about 95 µs of CPU per
// statement against under 1 µs for the string, scripts/bench/query-builder-cost.ts).

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
