import { CITIES_PER_PAGE, CITY_TOP_CATEGORIES } from "~/lib/directory/directory-limits";
import { letterRange } from "~/lib/directory/directory-query";
import { totalPages } from "~/lib/directory/paging";
import { slugify } from "~/lib/business/slug";
import { cityAnchorScope, cityCategoryScope } from "./page-anchor.server";
import type { SearchFilters } from "~/lib/search/search-filters";
import { cardPageStatements, readCardListPage, type CardListPage, type CardPageRequest } from "./business-card.server";
import { displayCountry } from "~/lib/directory/format";
import { sqlParams } from "./sql-params.server";

// Hand-written SQL: public list pages, batched with the card page's statements (about 95 µs of CPU per statement against under 1 µs for the string, scripts/bench/query-builder-cost.ts).

export interface CitySummary {
  city: string;
  slug: string;
  countryCode: string;
  businessCount: number;
  categoryCount: number;
}

export interface CityListQuery {
  letter: string | null;
  q: string;
  page: number;
  /** Only this country's cities (/countries/{code}/cities). */
  countryCode?: string | null;
  /** Entries per page (the pages show 12; the spec's bare-list API asks for more). */
  perPage?: number;
}

export interface CityList {
  cities: CitySummary[];
  letter: string | null;
  q: string;
  countryCode: string | null;
  totalCount: number;
  /** Businesses of the listed cities (the whole directory or country when unfiltered). */
  totalBusinesses: number;
  /** What a city's market share is a share of: the directory's or the country's businesses. */
  shareOf: number;
  currentPage: number;
  totalPages: number;
}

function toCitySummary(r: Record<string, unknown>): CitySummary {
  return {
    city: String(r.name),
    slug: String(r.slug),
    countryCode: String(r.country_code),
    businessCount: Number(r.business_count ?? 0),
    categoryCount: Number(r.category_count ?? 0),
  };
}

/**
 * One page of cities from the `cities` summary table. Unfiltered: biggest first through
 * cities_by_count (or cities_country_by_count inside a country), totals from the totals row.
 * By letter: alphabetical through the cities_by_slug range. A search matches a substring of the
 * city name or the exact country code; it scans the cities table only (never businesses).
 */
export async function listCities(
  db: D1Database,
  { letter, q, page, countryCode = null, perPage = CITIES_PER_PAGE }: CityListQuery,
): Promise<CityList> {
  const where: string[] = [];
  const { params, param: bind } = sqlParams();
  if (countryCode) where.push(`country_code = ${bind(countryCode)}`);
  if (letter) {
    const { from, to } = letterRange(letter);
    where.push(`slug >= ${bind(from)} AND slug < ${bind(to)}`);
  }
  if (q) {
    // The slug makes "zurich" find "Zürich"; the country code finds all of "FR". instr, not
    // LIKE: D1 refuses a LIKE pattern over 50 bytes.
    where.push(
      `(instr(lower(name), lower(${bind(q)})) > 0 OR instr(slug, ${bind(slugify(q) || q.toLowerCase())}) > 0` +
        ` OR country_code = ${bind(q.toUpperCase())})`,
    );
  }
  const filter = where.length ? `WHERE ${where.join(" AND ")}` : "";
  // Tie-breaks on rowid keep each order an index walk (no sort over the whole table).
  const order = letter ? "slug, rowid" : "business_count DESC, rowid DESC";
  const rowsSql = `SELECT country_code, slug, name, business_count, category_count FROM cities ${filter}
                   ORDER BY ${order} LIMIT ${bind(perPage)} OFFSET ${bind((page - 1) * perPage)}`;
  const filterParams = params.slice(0, -2);

  const statements = [db.prepare(rowsSql).bind(...params)];
  // Totals: the trigger-kept rows when nothing narrows the list, else counted over the filter.
  if (letter || q) {
    statements.push(
      db.prepare(`SELECT count(*) AS n, coalesce(sum(business_count), 0) AS businesses FROM cities ${filter}`).bind(...filterParams),
    );
  } else if (countryCode) {
    // The businesses the cities hold: those without a city are in none of them.
    statements.push(db.prepare(`SELECT city_count AS n, business_count_with_city AS businesses FROM countries WHERE code = ?1`).bind(countryCode));
  } else {
    statements.push(db.prepare(`SELECT city_count AS n, business_count_with_city AS businesses FROM directory_totals WHERE id = 1`));
  }
  statements.push(
    countryCode
      ? db.prepare(`SELECT business_count AS total FROM countries WHERE code = ?1`).bind(countryCode)
      : db.prepare(`SELECT business_count AS total FROM directory_totals WHERE id = 1`),
  );
  const [rows, counts, share] = await db.batch<Record<string, unknown>>(statements);
  const totalCount = Number(counts?.results[0]?.n ?? 0);
  return {
    cities: (rows?.results ?? []).map(toCitySummary),
    letter,
    q,
    countryCode,
    totalCount,
    totalBusinesses: Number(counts?.results[0]?.businesses ?? 0),
    shareOf: Number(share?.results[0]?.total ?? 0),
    currentPage: page,
    totalPages: totalPages(totalCount, perPage),
  };
}

export interface CityPage extends CardListPage {
  city: string;
  slug: string;
  country: string;
  countryCode: string;
  businessCount: number;
  categoryCount: number;
  topCategories: { category: string; slug: string; count: number }[];
  /** The category the list is narrowed to (?category=), with its businesses in this city. */
  category: { category: string; slug: string; count: number } | null;
}

/**
 * City detail: counts, its 15 biggest categories and one page of its businesses, newest first;
 * with `categorySlug`, only that category's (businesses_city_category_page). null for an unknown
 * city, or a category the city has no business of. With `filters`, the page's businesses are
 * those they keep (readFilteredList), paged by number.
 */
export async function getCityPage(
  db: D1Database,
  countryCode: string,
  citySlug: string,
  request: CardPageRequest,
  categorySlug: string | null = null,
  filters: SearchFilters | null = null,
): Promise<CityPage | null> {
  const scope = categorySlug ? cityCategoryScope(countryCode, citySlug, categorySlug) : cityAnchorScope(countryCode, citySlug);
  const [city, categories, filter, ...cards] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT ci.country_code, ci.slug, ci.name, ci.business_count, ci.category_count, co.name AS country_name
         FROM cities AS ci LEFT JOIN countries AS co ON co.code = ci.country_code
         WHERE ci.country_code = ?1 AND ci.slug = ?2`,
      )
      .bind(countryCode, citySlug),
    db
      .prepare(
        `SELECT ccc.category_slug, ccc.business_count, c.name
         FROM city_category_counts AS ccc JOIN categories AS c ON c.slug = ccc.category_slug
         WHERE ccc.country_code = ?1 AND ccc.city_slug = ?2
         ORDER BY ccc.business_count DESC, ccc.rowid DESC LIMIT ?3`,
      )
      .bind(countryCode, citySlug, CITY_TOP_CATEGORIES),
    // The chosen category's count in this city (none asked: a statement that finds nothing).
    db
      .prepare(
        `SELECT ccc.category_slug, ccc.business_count, c.name
         FROM city_category_counts AS ccc JOIN categories AS c ON c.slug = ccc.category_slug
         WHERE ccc.country_code = ?1 AND ccc.city_slug = ?2 AND ccc.category_slug = ?3`,
      )
      .bind(countryCode, citySlug, categorySlug ?? ""),
    ...(filters ? [] : cardPageStatements(db, scope, request)),
  ]);
  const row = city?.results[0];
  if (!row) return null;
  const chosen = filter?.results[0];
  if (categorySlug && !chosen) return null;
  const summary = toCitySummary(row);
  const toCategory = (r: Record<string, unknown>) => ({ category: String(r.name), slug: String(r.category_slug), count: Number(r.business_count) });
  const category = chosen ? toCategory(chosen) : null;
  const listScope = { kind: "city" as const, countryCode, citySlug, categorySlug };
  const list = await readCardListPage(db, listScope, request, filters, cards, category ? category.count : summary.businessCount);
  return {
    city: summary.city,
    slug: summary.slug,
    country: displayCountry(summary.countryCode, row.country_name),
    countryCode: summary.countryCode,
    businessCount: summary.businessCount,
    categoryCount: summary.categoryCount,
    topCategories: (categories?.results ?? []).map(toCategory),
    category,
    ...list,
  };
}
