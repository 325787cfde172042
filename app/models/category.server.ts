import { CATEGORIES_PER_PAGE, CATEGORY_TOP_COUNTRIES } from "~/lib/directory/directory-limits";
import { letterRange } from "~/lib/directory/directory-query";
import { totalPages } from "~/lib/directory/paging";
import { slugify } from "~/lib/business/slug";
import { displayCountry } from "~/lib/directory/format";
import { categoryAnchorScope } from "./page-anchor.server";
import type { SearchFilters } from "~/lib/search/search-filters";
import { cardPageStatements, readCardListPage, type CardListPage, type CardPageRequest } from "./business-card.server";
import { sqlParams } from "./sql-params.server";
import { keptPerGeneration } from "./cache.server";

// Hand-written SQL: public list pages, batched with the card page's statements (about 95 µs of CPU per statement against under 1 µs for the string, scripts/bench/query-builder-cost.ts).

export interface CategorySummary {
  category: string;
  slug: string;
  count: number;
  countryCount: number;
}

export interface CategoryListQuery {
  letter: string | null;
  q: string;
  page: number;
  /** Entries per page (the pages show 12; the spec's bare-list API asks for more). */
  perPage?: number;
}

export interface CategoryList {
  categories: CategorySummary[];
  letter: string | null;
  q: string;
  totalCount: number;
  totalBusinesses: number;
  currentPage: number;
  totalPages: number;
}

/**
 * One page of categories from the `categories` summary table: all of them most popular first, a
 * letter's alphabetically (slug range on the primary key), or those whose name contains `q`.
 * Unfiltered totals come from the totals row; filtered ones are counted over the same filter.
 */
export async function listCategories(db: D1Database, { letter, q, page, perPage = CATEGORIES_PER_PAGE }: CategoryListQuery): Promise<CategoryList> {
  const where: string[] = [];
  const { params, param } = sqlParams();
  if (letter) {
    const { from, to } = letterRange(letter);
    where.push(`slug >= ${param(from)} AND slug < ${param(to)}`);
  }
  if (q) {
    // The slug makes "cafe" find "Café". instr, not LIKE: D1 refuses a LIKE pattern over 50 bytes.
    where.push(`(instr(lower(name), lower(${param(q)})) > 0 OR instr(slug, ${param(slugify(q) || q.toLowerCase())}) > 0)`);
  }
  const filter = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const filterParams = [...params];
  // Tie-break on rowid keeps the popular order an index walk (no sort).
  const order = letter ? "slug" : "business_count DESC, rowid DESC";
  const rowsStatement = db
    .prepare(
      `SELECT slug, name, business_count, country_count FROM categories ${filter}
       ORDER BY ${order} LIMIT ${param(perPage)} OFFSET ${param((page - 1) * perPage)}`,
    )
    .bind(...params);
  const countStatement = filter
    ? db.prepare(`SELECT count(*) AS n, coalesce(sum(business_count), 0) AS businesses FROM categories ${filter}`).bind(...filterParams)
    : // The businesses the categories hold: those without a category are in none of them.
      db.prepare(`SELECT category_count AS n, business_count_with_category AS businesses FROM directory_totals WHERE id = 1`);
  const [rows, counts] = await db.batch<Record<string, unknown>>([rowsStatement, countStatement]);
  const totalCount = Number(counts?.results[0]?.n ?? 0);
  return {
    categories: (rows?.results ?? []).map(toCategorySummary),
    letter,
    q,
    totalCount,
    totalBusinesses: Number(counts?.results[0]?.businesses ?? 0),
    currentPage: page,
    totalPages: totalPages(totalCount, perPage),
  };
}

function toCategorySummary(r: Record<string, unknown>): CategorySummary {
  return {
    category: String(r.name),
    slug: String(r.slug),
    count: Number(r.business_count ?? 0),
    countryCount: Number(r.country_count ?? 0),
  };
}

export interface CategoryPage extends CardListPage {
  category: string;
  slug: string;
  businessCount: number;
  countryCount: number;
  topCountries: { country: string; countryCode: string; count: number }[];
}

/**
 * Category detail: its counts, its 15 biggest countries and one page of its businesses, newest
 * first. Everything is read through indexes; null when there is no such category. With
 * `filters`, the page's businesses are those they keep (readFilteredList), paged by number.
 */
export async function getCategoryPage(db: D1Database, slug: string, request: CardPageRequest, filters: SearchFilters | null = null): Promise<CategoryPage | null> {
  const [category, countries, ...cards] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT slug, name, business_count, country_count FROM categories WHERE slug = ?1`).bind(slug),
    db
      .prepare(
        `SELECT ccc.country_code, ccc.business_count, c.name
         FROM category_country_counts AS ccc LEFT JOIN countries AS c ON c.code = ccc.country_code
         WHERE ccc.category_slug = ?1 ORDER BY ccc.business_count DESC, ccc.rowid DESC LIMIT ?2`,
      )
      .bind(slug, CATEGORY_TOP_COUNTRIES),
    ...(filters ? [] : cardPageStatements(db, categoryAnchorScope(slug), request)),
  ]);
  const row = category?.results[0];
  if (!row) return null;
  const summary = toCategorySummary(row);
  const list = await readCardListPage(db, { kind: "category", slug }, request, filters, cards, summary.count);
  return {
    category: summary.category,
    slug: summary.slug,
    businessCount: summary.count,
    countryCount: summary.countryCount,
    topCountries: (countries?.results ?? []).map((r) => ({
      country: displayCountry(String(r.country_code), r.name),
      countryCode: String(r.country_code),
      count: Number(r.business_count ?? 0),
    })),
    ...list,
  };
}

/** Categories offered in a filter bar's choice: the most popular. */
const FILTER_CATEGORY_CHOICES = 30;

/**
 * The filter bar's category choices (the most popular categories, from the summary table), kept
 * per directory generation: every search page shows them, and they change only with the directory.
 */
export const filterCategoryChoices = keptPerGeneration("directory", async (db): Promise<{ slug: string; name: string }[]> => {
  const popular = await listCategories(db, { letter: null, q: "", page: 1, perPage: FILTER_CATEGORY_CHOICES });
  return popular.categories.map(({ slug, category }) => ({ slug, name: category }));
});
