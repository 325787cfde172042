import { COUNTRIES_PER_PAGE, COUNTRY_CATEGORIES_PER_PAGE, COUNTRY_TOP_CITIES } from "~/lib/directory/directory-limits";
import { countryCodeFromName, countryCodeFromText } from "~/lib/directory/country-names";
import { displayCountry } from "~/lib/directory/format";
import { foldLetters, slugify } from "~/lib/business/slug";
import { totalPages } from "~/lib/directory/paging";

// Hand-written SQL: public list pages (about 95 µs of CPU per statement against under 1 µs for the string, scripts/bench/query-builder-cost.ts).

export interface CountrySummary {
  country: string;
  countryCode: string;
  businessCount: number;
  cityCount: number;
  categoryCount: number;
}

export interface CountryList {
  countries: CountrySummary[];
  q: string;
  totalCount: number;
  /** Businesses and cities of the countries found (of every country without a search), as the cities and categories lists count theirs. */
  totalBusinesses: number;
  totalCities: number;
  /** Every business of the directory: what a country's market share is a share of. */
  directoryBusinesses: number;
  currentPage: number;
  totalPages: number;
}

function toCountrySummary(r: Record<string, unknown>): CountrySummary {
  const code = String(r.code);
  return {
    country: displayCountry(code, r.name),
    countryCode: code,
    businessCount: Number(r.business_count ?? 0),
    cityCount: Number(r.city_count ?? 0),
    categoryCount: Number(r.category_count ?? 0),
  };
}

const sum = (figures: number[]) => figures.reduce((total, figure) => total + figure, 0);

const ALL_COUNTRIES_SQL = `SELECT code, name, business_count, city_count, category_count FROM countries ORDER BY business_count DESC, code`;

/**
 * Countries, biggest first, 12 a page. The search is a substring of the country's English
 * name, case and accents aside, or a name or code of the country in any form country-names.ts
 * knows ("turkey", "Deutschland"); names only exist in code (Intl region names), so the few
 * hundred summary rows are filtered here rather than in SQL.
 */
export async function listCountries(
  db: D1Database,
  { q, page, perPage = COUNTRIES_PER_PAGE }: { q: string; page: number; perPage?: number },
): Promise<CountryList> {
  const [countryRows, totalRows] = await db.batch<Record<string, unknown>>([
    db.prepare(ALL_COUNTRIES_SQL),
    db.prepare(`SELECT business_count FROM directory_totals WHERE id = 1`),
  ]);
  const countries = (countryRows?.results ?? []).map(toCountrySummary);
  const totals = totalRows?.results[0] as Record<string, number> | undefined;
  const needle = foldLetters(q);
  const named = needle ? countryCodeFromText(q) : null;
  const matching = needle ? countries.filter((c) => c.countryCode === named || foldLetters(c.country).includes(needle)) : countries;
  const start = (page - 1) * perPage;
  return {
    countries: matching.slice(start, start + perPage),
    q,
    totalCount: matching.length,
    // What the countries hold (every country is read here): a business without a country code
    // is in none; a city always has one.
    totalBusinesses: sum(matching.map((c) => c.businessCount)),
    totalCities: sum(matching.map((c) => c.cityCount)),
    directoryBusinesses: totals?.business_count ?? 0,
    currentPage: page,
    totalPages: totalPages(matching.length, perPage),
  };
}

/**
 * The ISO code a /countries/{slug} URL means: a two-letter code as is (the two letters of a
 * name, "uk", are its code: GB), the code of a country name in any form country-names.ts knows
 * ("switzerland", "turkey", "deutschland", "españa"), else of a name stored with a country; null
 * when no country matches. A URL not spelled with the lower-case code is redirected by the route
 * (redirectToCanonicalPath).
 */
export async function resolveCountrySlug(db: D1Database, slug: string): Promise<string | null> {
  if (/^[a-z]{2}$/i.test(slug)) return countryCodeFromText(slug) ?? slug.toUpperCase();
  const wanted = slugify(slug);
  if (!wanted) return null;
  const named = countryCodeFromName(wanted);
  if (named) return named;
  const { results } = await db.prepare(`SELECT code, name FROM countries`).all<{ code: string; name: string }>();
  return results.find((c) => slugify(c.name) === wanted)?.code ?? null;
}

export interface CountryPage extends CountrySummary {
  topCities: { city: string; slug: string; count: number }[];
  topCategories: { category: string; slug: string; count: number }[];
  categoriesPage: number;
  categoriesTotalPages: number;
}

/** Country detail: counts, the 20 biggest cities and one page of 20 popular categories. */
export async function getCountryPage(db: D1Database, code: string, categoriesPage: number): Promise<CountryPage | null> {
  const [country, cities, categories] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT code, name, business_count, city_count, category_count FROM countries WHERE code = ?1`).bind(code),
    db
      .prepare(
        `SELECT slug, name, business_count FROM cities WHERE country_code = ?1
         ORDER BY business_count DESC, rowid DESC LIMIT ?2`,
      )
      .bind(code, COUNTRY_TOP_CITIES),
    db
      .prepare(
        `SELECT ccc.category_slug, ccc.business_count, c.name
         FROM category_country_counts AS ccc JOIN categories AS c ON c.slug = ccc.category_slug
         WHERE ccc.country_code = ?1 ORDER BY ccc.business_count DESC, ccc.rowid DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(code, COUNTRY_CATEGORIES_PER_PAGE, (categoriesPage - 1) * COUNTRY_CATEGORIES_PER_PAGE),
  ]);
  const row = country?.results[0];
  if (!row) return null;
  const summary = toCountrySummary(row);
  return {
    ...summary,
    topCities: (cities?.results ?? []).map((r) => ({ city: String(r.name), slug: String(r.slug), count: Number(r.business_count) })),
    topCategories: (categories?.results ?? []).map((r) => ({
      category: String(r.name),
      slug: String(r.category_slug),
      count: Number(r.business_count),
    })),
    categoriesPage,
    categoriesTotalPages: totalPages(summary.categoryCount, COUNTRY_CATEGORIES_PER_PAGE),
  };
}

/** One country's summary row; null when no approved business is in that country. */
export async function getCountrySummary(db: D1Database, code: string): Promise<CountrySummary | null> {
  const row = await db
    .prepare(`SELECT code, name, business_count, city_count, category_count FROM countries WHERE code = ?1`)
    .bind(code)
    .first<Record<string, unknown>>();
  return row ? toCountrySummary(row) : null;
}
