import { ratingBand, type FeaturedFilter } from "~/lib/directory/featured-filters";
import { displayCountry } from "~/lib/directory/format";
import { matchExpression } from "~/lib/search/search-query";
import { FEATURED_LODGING_SQL, FEATURED_SCORE_SQL, FEATURED_WHERE_SQL, type Business } from "~/db/schema";
import { countryColumn } from "./business-row.server";
import { FEW_WORD_MATCHES, FIND_ROWS_BUDGET, holdsWordsSql, wordMatchesStatement } from "./finder.server";

// Hand-written SQL: the home page's hot path and INDEXED BY / FTS MATCH for the featured order (about 95 µs of CPU per statement against under 1 µs for the string, scripts/bench/query-builder-cost.ts).

/** Home: 12 popular categories, 12 cities, 9 featured (spec section 9). */
export const HOME_POPULAR_CATEGORIES = 12;
export const HOME_POPULAR_CITIES = 12;
export const HOME_TOP_COUNTRIES = 12;
export const HOME_FEATURED = 9;

export interface HomepageData {
  popularSearches: { category: string; slug: string; count: number }[];
  topCities: { city: string; slug: string; countryCode: string; count: number }[];
  topCountries: { country: string; code: string; count: number }[];
}

/** From the trigger-kept summary tables, by their count indexes: reads 36 rows at most. */
export async function getHomepageData(db: D1Database): Promise<HomepageData> {
  const [categories, cities, countries] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT slug, name, business_count FROM categories ORDER BY business_count DESC LIMIT ?1`).bind(HOME_POPULAR_CATEGORIES),
    db.prepare(`SELECT country_code, slug, name, business_count FROM cities ORDER BY business_count DESC LIMIT ?1`).bind(HOME_POPULAR_CITIES),
    db.prepare(`SELECT code, name, business_count FROM countries ORDER BY business_count DESC LIMIT ?1`).bind(HOME_TOP_COUNTRIES),
  ]);
  return {
    popularSearches: (categories?.results ?? []).map((r) => ({ category: String(r.name), slug: String(r.slug), count: Number(r.business_count) })),
    topCities: (cities?.results ?? []).map((r) => ({
      city: String(r.name),
      slug: String(r.slug),
      countryCode: String(r.country_code).toLowerCase(),
      count: Number(r.business_count),
    })),
    // Named by the code as the country's page is ("Ghana", not the stored "GH" of the template's rows).
    topCountries: (countries?.results ?? []).map((r) => ({ country: displayCountry(String(r.code), r.name), code: String(r.code).toLowerCase(), count: Number(r.business_count) })),
  };
}

/** Businesses of the featured order a common word is looked for among (the finder's budget). */
const FEATURED_WALK = FIND_ROWS_BUDGET;

/** A featured business under the schema's names; GET /api/featured-businesses renames them as the spec has them. */
export type FeaturedBusiness = Pick<Business, "id" | "slug" | "name" | "photo" | "rating" | "type" | "fullAddress" | "category" | "reviews" | "city" | "country">;

const FEATURED_COLUMNS = `b.id, b.slug, b.name, b.photo, b.rating, b.type, b.full_address, b.category, b.reviews, b.city, b.country, b.country_code`;

/** Lodging first, then the Bayesian rating: the businesses_featured_rank index's own terms (migration 0024). */
const FEATURED_ORDER = `${FEATURED_LODGING_SQL} DESC, ${FEATURED_SCORE_SQL} DESC, b.rating DESC, b.id DESC`;

/**
 * The home page's featured businesses, 9 at most: places to stay first (app/lib/business/lodging.ts), each
 * group by its Bayesian rating (featuredScore), so a handful of 5.0 reviews does not outrank
 * 4.7 from 1,200. "All" and the star chips read the businesses_featured_rank index in its own
 * order and stop after 9 matches (a star chip skips, in the index, the places rated outside its
 * band). A rating of 0 is "not rated" (format.ts shownRating), like none: never featured.
 */
export async function getFeaturedBusinesses(db: D1Database, filter: FeaturedFilter = "all"): Promise<FeaturedBusiness[]> {
  let statement: D1PreparedStatement;
  const band = ratingBand(filter);
  if (filter === "all" || band) {
    statement = db
      .prepare(
        `SELECT ${FEATURED_COLUMNS} FROM businesses b INDEXED BY businesses_featured_rank
         WHERE ${FEATURED_WHERE_SQL} AND rating >= ?2 AND rating < ?3 ORDER BY ${FEATURED_ORDER} LIMIT ?1`,
      )
      .bind(HOME_FEATURED, band?.min ?? 0, band?.max ?? 6);
  } else {
    // Bracketed: a column filter binds only to the term after it.
    const match = `{name type category} : (${matchExpression(filter, { prefixLast: false })})`;
    // Planned as the finder plans (decision 115). Few matches: all of them, in the featured order.
    // Many: the featured order's best, the words checked on each, never a prefix of the newest matches.
    const few = await wordMatchesStatement(db, match).first<{ n: number }>();
    statement =
      Number(few?.n ?? 0) <= FEW_WORD_MATCHES
        ? db
            .prepare(
              `WITH candidates AS (SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ?1)
               SELECT ${FEATURED_COLUMNS} FROM candidates c JOIN businesses b ON b.id = c.id
               WHERE ${FEATURED_WHERE_SQL} ORDER BY ${FEATURED_ORDER} LIMIT ?2`,
            )
            .bind(match, HOME_FEATURED)
        : db
            .prepare(
              `WITH best AS (
                 SELECT id FROM businesses b INDEXED BY businesses_featured_rank WHERE ${FEATURED_WHERE_SQL} ORDER BY ${FEATURED_ORDER} LIMIT ?2
               )
               SELECT ${FEATURED_COLUMNS} FROM best JOIN businesses b ON b.id = best.id
               WHERE ${holdsWordsSql("?1")}
               ORDER BY ${FEATURED_ORDER} LIMIT ?3`,
            )
            .bind(match, FEATURED_WALK, HOME_FEATURED);
  }
  const { results } = await statement.all<Record<string, unknown>>();
  return results.map((r) => ({
    id: Number(r.id),
    slug: String(r.slug),
    name: String(r.name),
    photo: (r.photo as string | null) ?? null,
    rating: r.rating === null ? null : Number(r.rating),
    type: (r.type as string | null) ?? null,
    fullAddress: (r.full_address as string | null) ?? null,
    category: (r.category as string | null) ?? null,
    reviews: Number(r.reviews ?? 0),
    city: (r.city as string | null) ?? null,
    country: countryColumn(r),
  }));
}
