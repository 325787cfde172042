import { countryCodeFromText } from "~/lib/directory/country-names";
import { locationMatch, type SearchLocation } from "~/lib/search/search-location";
import { searchMatch, searchTokens, visitorWords, type LocationWords } from "~/lib/search/search-query";
import { queryWords, rankCandidates, type SearchCandidate } from "~/lib/search/search-rank";
import { hasFilters, NO_FILTERS, type SearchFilters } from "~/lib/search/search-filters";
import { slugify } from "~/lib/business/slug";
import { CANDIDATE_COLUMNS_SQL, candidatePage, findBusinesses, type FilteredBusiness } from "./finder.server";

// Hand-written SQL: FTS MATCH and the ranking's CTEs, which the builder cannot write, on the hottest path (about 95 µs of CPU per statement against under 1 µs for the string, scripts/bench/query-builder-cost.ts).

export const SEARCH_PER_PAGE = 20;
/**
 * Matches ranked per search. A word such as "hotel" matches a million businesses; ranking all
 * of them would read a million rows. The newest SEARCH_CANDIDATES matches are ranked by bm25
 * and the count stops there ("1,000+ results"). See docs/decisions/010-search-work-cap.md.
 */
export const SEARCH_CANDIDATES = 1000;
export const SEARCH_MAX_PAGES = SEARCH_CANDIDATES / SEARCH_PER_PAGE;

export type { SearchLocation };

/** A result: a business with its distance from `near` (null without it) and whether it is open now. */
export type SearchResultItem = FilteredBusiness;

export interface SearchResults {
  query: string;
  location: SearchLocation | null;
  businesses: SearchResultItem[];
  /** Matches counted, at most SEARCH_CANDIDATES. */
  totalCount: number;
  /** True when there are more matches than were counted. */
  moreThanCounted: boolean;
  /** No business holds all the words: these hold some of them ("Budget Hotels" → hotels). */
  someWordsOnly: boolean;
  currentPage: number;
  totalPages: number;
  /** The filters and sort the results were read with (NO_FILTERS for a plain search). */
  filters: SearchFilters;
}

/**
 * A country (by code, or by a name in any language country-names.ts knows), else a city (by slug), else free text matched against
 * the city and country columns. Typed as the box suggests, "city, country" ("İstanbul, Turkey",
 * "Paris, France", "Las Vegas, NV"), it is the city in that country, else the city anywhere
 * when what follows the comma names no country, else the country, else the place after the
 * comma as a city ("Manhattan, New York"); otherwise its words as free text. The lookups go in
 * one D1 batch (one round trip); each reads a few rows, but a country name scans the countries
 * summary table (a few hundred rows).
 */
export async function resolveLocation(db: D1Database, text: string): Promise<SearchLocation | null> {
  const trimmed = text.trim();
  if (!trimmed || searchTokens(trimmed).length === 0) return null;
  const parts = trimmed.split(",").map((part) => part.trim()).filter((part) => searchTokens(part).length > 0);
  const withRegion = parts.length > 1;
  const place = withRegion ? parts[0]! : trimmed;
  const region = withRegion ? parts.at(-1)! : trimmed;
  // A code, or a name in any language the site knows ("Turkey", "Türkiye", "Almanya"), else the
  // name the directory lists the country under.
  const code = countryCodeFromText(region) ?? "";
  const citiesNamed = (name: string, limit: number) =>
    db.prepare(`SELECT slug, name, country_code FROM cities WHERE slug = ?1 ORDER BY business_count DESC LIMIT ?2`).bind(slugify(name) || null, limit);
  // The place's cities of every country only when a region may pick one; the region as a city
  // only when there is one.
  const [byCode, byName, placeCities, regionCities] = await db.batch<Record<string, string>>([
    db.prepare(`SELECT code, name FROM countries WHERE code = ?1`).bind(code),
    db.prepare(`SELECT code, name FROM countries WHERE name = ?1 COLLATE NOCASE LIMIT 1`).bind(region),
    citiesNamed(place, withRegion ? CITIES_OF_ONE_NAME : 1),
    ...(withRegion ? [citiesNamed(region, 1)] : []),
  ]);
  const country = byCode?.results[0] ?? byName?.results[0];
  const asCountry = country ? ({ kind: "country", code: String(country.code), name: String(country.name) } as const) : null;
  const asCity = (row: Record<string, string> | undefined, inCountry?: typeof asCountry): SearchLocation | null =>
    row ? { kind: "city", slug: String(row.slug), name: String(row.name), ...(inCountry ? { country: inCountry } : {}) } : null;
  if (!withRegion) return asCountry ?? asCity(placeCities?.results[0]) ?? { kind: "text", text: trimmed };
  if (asCountry) {
    const cityThere = placeCities?.results.find((row) => row.country_code === asCountry.code);
    return asCity(cityThere, asCountry) ?? asCountry;
  }
  return asCity(placeCities?.results[0]) ?? asCity(regionCities?.results[0]) ?? { kind: "text", text: trimmed };
}

/** Cities sharing a slug that a "city, country" location looks among (Paris is in France, Texas…). */
const CITIES_OF_ONE_NAME = 50;

/**
 * Full-text search over name, type, category, city and country (businesses_fts), approved
 * businesses only, name weighted most, 20 a page. A resolved country or city also narrows by
 * country_code / city_slug exactly. Never scans businesses: rows read stay below about
 * 2 × SEARCH_CANDIDATES whatever the table size. The candidates are ranked here
 * (app/lib/search/search-rank.ts), then the page's 20 are read by id.
 *
 * With `filters` (near me, rating, open now…), the question goes to the finder
 * (app/models/finder.server.ts), which plans from its most selective part; the words alone are
 * the plan below: the newest matches as typed, else with the last word a prefix.
 */
export async function searchBusinesses(
  db: D1Database,
  input: { q: string; location?: string; page: number; filters?: SearchFilters; at?: Date },
): Promise<SearchResults> {
  const filters = input.filters ?? NO_FILTERS;
  const at = input.at ?? new Date();
  const location = input.location ? await resolveLocation(db, input.location) : null;
  const page = Math.min(Math.max(1, input.page), SEARCH_MAX_PAGES);
  const empty: SearchResults = { query: input.q, location, businesses: [], totalCount: 0, moreThanCounted: false, someWordsOnly: false, currentPage: 1, totalPages: 0, filters };
  if (hasFilters(filters)) {
    if (!input.q.trim() && !location && input.location?.trim()) return empty;
    const found = await findBusinesses(db, { words: input.q, location, scope: { kind: "all" }, filters, at }, { page, perPage: SEARCH_PER_PAGE });
    return { ...empty, ...found };
  }
  const where = locationMatch(location);
  const match = searchMatch(input.q, where);
  const wordsAsTyped = searchMatch(input.q, where, { prefixLast: false });
  if (!match) return empty;

  // The country's code (?3) and the city's slug (?4), each when the location has it.
  const exactCountry = location?.kind === "country" ? location.code : location?.kind === "city" ? (location.country?.code ?? null) : null;
  const exactCity = location?.kind === "city" ? location.slug : null;
  // The newest matches, approved and in the exact location, with the columns they are ranked on.
  const candidateStatement = db.prepare(
    `WITH candidates AS (
       SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ?1 ORDER BY rowid DESC LIMIT ?2
     )
     SELECT b.id, ${CANDIDATE_COLUMNS_SQL}
     FROM candidates c JOIN businesses b ON b.id = c.id
     WHERE b.is_approved = 1 AND (?3 IS NULL OR b.country_code = ?3) AND (?4 IS NULL OR b.city_slug = ?4)`,
  );
  const bind = (m: string, limit: number) => candidateStatement.bind(m, limit, exactCountry, exactCity);
  const candidates = async (m: string) => (await bind(m, SEARCH_CANDIDATES + 1).all<SearchCandidate>()).results;
  // The words as typed first: for a common word ("hotel") they fill the candidates at once, and
  // FTS5 never has to merge the matches of every longer word starting with it (a prefix query
  // reads all of them: about 10x the time at 2,000,000 businesses). Otherwise the last word
  // is a prefix, as before.
  let found = await candidates(wordsAsTyped ?? match);
  let prefixLast = false;
  if (wordsAsTyped !== match && found.length <= SEARCH_CANDIDATES) {
    found = await candidates(match);
    prefixLast = true;
  }
  // No business holds every word: rather than nothing, those holding some, the most words first.
  // Each word brings its own newest matches (an equal share of the candidates), so that a rare
  // word's few businesses are ranked too and not crowded out by a common word's newest ones.
  const words = visitorWords(input.q);
  const someWordsOnly = found.length === 0 && words.length > 1;
  let wordsHaveMore = false;
  if (someWordsOnly) {
    const share = Math.ceil(SEARCH_CANDIDATES / words.length);
    // One more than the share tells whether a word has more matches than it brings.
    const perWord = await db.batch<SearchCandidate>(
      words.map((word, i) => bind(searchMatch(word, where, { prefixLast: i === words.length - 1 })!, share + 1)),
    );
    wordsHaveMore = perWord.some((answer) => answer.results.length > share);
    const byId = new Map(perWord.flatMap((answer) => answer.results.slice(0, share)).map((candidate) => [candidate.id, candidate]));
    found = [...byId.values()];
    prefixLast = true;
  }
  const ranked = rankCandidates(found, queryWords(input.q, prefixLast));
  // Counted from the candidates, so a page past the last still shows the total.
  const totalCount = Math.min(found.length, SEARCH_CANDIDATES);
  return {
    ...empty,
    businesses: await candidatePage(db, ranked.map((c) => ({ id: c.id, distanceKm: null })), { page, perPage: SEARCH_PER_PAGE, at }),
    totalCount,
    moreThanCounted: found.length > SEARCH_CANDIDATES || wordsHaveMore,
    someWordsOnly: someWordsOnly && found.length > 0,
    currentPage: page,
    totalPages: Math.ceil(totalCount / SEARCH_PER_PAGE),
  };
}
