/**
 * The finder (decision 115): every question a visitor can ask of the directory (a list page's
 * filters, a search with filters, near me, a map view narrowed by words or filters) answered by
 * one planner, and a business page's Nearby. The plan reads from the most selective constraint:
 * the words' own matches when there are few, the cells around `near` nearest first, a place's
 * index (category, city, country) when it holds few, else the words' or the place's matches
 * newest first; every other constraint is checked on each candidate, never on a prefix of
 * another constraint's candidates. Each plan stops at FIND_ROWS_BUDGET candidates: past it the
 * answer says "at least", never "none".
 */
import { cellRangesWithin, coverBox, distanceKm, flatCircleAround, flatSquareSql, leastKmAtFlat, mergeRanges, subtractRanges, type BoundingBox, type CellRange, type FlatCircle, type LatLng } from "~/lib/map/geo-cell";
import { nameOrderKey } from "~/lib/business/name-order";
import { totalPages } from "~/lib/directory/paging";
import { orderCandidates, type OrderedCandidate } from "~/lib/search/result-order";
import { FEW_WORD_MATCHES, FILTERED_CANDIDATES, FIND_ROWS_BUDGET, NEAR_ROWS_BUDGET } from "~/lib/search/finder-limits";
import { hasFilters, type SearchFilters } from "~/lib/search/search-filters";
import { locationMatch, type SearchLocation } from "~/lib/search/search-location";
import { searchMatch } from "~/lib/search/search-query";
import { holdsEveryWord, queryWords, rankCandidates, SEARCH_COLUMN_WEIGHTS, type SearchCandidate, type SearchColumn } from "~/lib/search/search-rank";
import { businessFilterConditions, filterRowColumnsSql, passesAfterSql, rowDistanceKm, rowOpenNow, type FilterRow } from "./business-filters.server";
import { businessBasics, cardDetails, countryColumn, textColumn, type BusinessBasics, type CardDetails } from "./business-row.server";
import { sqlParams } from "./sql-params.server";

export { FEW_WORD_MATCHES, FILTERED_CANDIDATES, FIND_ROWS_BUDGET, FIND_ROWS_CEILING, NEAR_ROWS_BUDGET } from "~/lib/search/finder-limits";

/**
 * How far past the estimated circle of `need` matches the walk reads: rows grow with its square,
 * and a short estimate costs one more round trip for a thin ring.
 */
const NEAR_REACH_MARGIN = 1.1;

/** Tiles a step's circle is covered with: finer tiles read fewer rows beyond the circle. */
const NEAR_COVER_TILES = 1024;

/** The walk's first circle: a twentieth of the radius, as a dense centre fills a page within a few hundred metres. */
const firstReach = (radiusKm: number) => Math.max(radiusKm / 20, 0.05);

/**
 * A candidate's columns (of businesses `b`) as businesses_fts indexes them before their folded
 * copies, which ranking adds itself (app/lib/search/search-rank.ts documentWords): the name with its
 * inner words, the country text (if any) with the code stored beside it (search_country_code). The
 * derived-data worker test holds these words to the index's, so the two cannot drift apart.
 */
export const CANDIDATE_COLUMNS_SQL = wordColumnsSql("");

/** The same columns under `prefix`ed names, read beside columns of the same names (a map's `name`). */
function wordColumnsSql(prefix: string): string {
  return `b.name || coalesce(' ' || b.name_inner_words, '') AS ${prefix}name, b.type AS ${prefix}type, b.category AS ${prefix}category, b.city AS ${prefix}city,
  trim(coalesce(b.country, '') || coalesce(' ' || b.search_country_code, '')) AS ${prefix}country`;
}

/** Columns a candidate's words are checked on (wordsCheckOf), read with WORD_COLUMNS_SQL. */
const WORD_COLUMNS_PREFIX = "words_";
const WORD_COLUMNS_SQL = wordColumnsSql(WORD_COLUMNS_PREFIX);
const wordColumnsOf = (row: FilterRow) =>
  Object.fromEntries(SEARCH_COLUMN_WEIGHTS.map(([column]) => [column, (row[`${WORD_COLUMNS_PREFIX}${column}`] as string | null) ?? null])) as Record<SearchColumn, string | null>;

/** Which businesses a list holds before the filters. */
export type ListScope =
  | { kind: "all" }
  | { kind: "category"; slug: string }
  | { kind: "country"; code: string }
  | { kind: "city"; countryCode: string; citySlug: string; categorySlug?: string | null };

/** A business of a filtered list or search, with what the cards and /api/search show. */
export interface FilteredBusiness extends BusinessBasics, CardDetails {
  category: string | null;
  city: string | null;
  country: string | null;
  countryCode: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Kilometres from `near`; null without it. */
  distanceKm: number | null;
  openNow: boolean;
}

export interface FilteredPage {
  businesses: FilteredBusiness[];
  /** Matches counted, at most FILTERED_CANDIDATES. */
  totalCount: number;
  /** More businesses match than were counted. */
  moreThanCounted: boolean;
  currentPage: number;
  totalPages: number;
}

/** A candidate as read with its filter columns: what ordering and the Worker's filters need. */
export type Candidate = OrderedCandidate & { row: FilterRow };

/**
 * SQL columns a candidate is ordered and filtered on (businesses `b`), beside its b.id: its name
 * only when the visitor sorts by name, its rating and reviews unless by distance.
 */
export function candidateOrderColumnsSql(filters: SearchFilters): string {
  const name = filters.sort === "name" ? "b.name AS order_name, b.name_sort, " : "";
  // By distance, a near-me walk reads the candidates from the position index alone.
  const rating = filters.sort === "distance" ? "" : "b.rating, b.reviews, ";
  return `${name}${rating}${filterRowColumnsSql("b", filters)}`;
}

/** A candidate from its row (candidateOrderColumnsSql of `filters`), with its distance from `near`. */
export function toCandidate(row: FilterRow, filters: SearchFilters): Candidate {
  return {
    id: Number(row.id),
    rating: row.rating === null || row.rating === undefined ? null : Number(row.rating),
    reviews: Number(row.reviews ?? 0),
    nameKey: filters.sort === "name" ? nameOrderKey(String(row.order_name), (row.name_sort as string | null) ?? null) : "",
    distanceKm: rowDistanceKm(row, filters.near),
    row,
  };
}

/**
 * The exact place a question is narrowed to, from the list's scope, the search's known location
 * and the category filter; `impossible` when two of them disagree (a French page asked for Berlin).
 */
export interface Place {
  countryCode: string | null;
  citySlug: string | null;
  categorySlug: string | null;
  impossible: boolean;
}

export function placeOf(scope: ListScope, location: SearchLocation | null, category: string | null): Place {
  const place: Place = { countryCode: null, citySlug: null, categorySlug: null, impossible: false };
  const set = (key: "countryCode" | "citySlug" | "categorySlug", value: string | null | undefined) => {
    if (!value) return;
    if (place[key] !== null && place[key] !== value) place.impossible = true;
    place[key] = value;
  };
  if (scope.kind === "category") set("categorySlug", scope.slug);
  if (scope.kind === "country") set("countryCode", scope.code);
  if (scope.kind === "city") {
    set("countryCode", scope.countryCode);
    set("citySlug", scope.citySlug);
    set("categorySlug", scope.categorySlug);
  }
  if (location?.kind === "country") set("countryCode", location.code);
  if (location?.kind === "city") {
    set("citySlug", location.slug);
    set("countryCode", location.country?.code);
  }
  set("categorySlug", category);
  return place;
}

/** The place's conditions on `b`. */
function placeConditions(place: Place, param: (value: unknown) => string): string[] {
  return [
    ...(place.countryCode ? [`b.country_code = ${param(place.countryCode)}`] : []),
    ...(place.citySlug ? [`b.city_slug = ${param(place.citySlug)}`] : []),
    ...(place.categorySlug ? [`b.category_slug = ${param(place.categorySlug)}`] : []),
  ];
}

/** The index that walks the place's businesses newest first, null when none does (then the primary key). */
function placeIndex(place: Place): string | null {
  if (place.countryCode && place.citySlug) return place.categorySlug ? "businesses_city_category_page" : "businesses_city_page";
  if (place.categorySlug) return "businesses_category_page";
  if (place.countryCode) return "businesses_country_page";
  return null;
}

/** The number of approved businesses of the place, from the summary tables (one row); null where none counts it. */
function placeCountStatement(db: D1Database, place: Place): D1PreparedStatement | null {
  const { countryCode: country, citySlug: city, categorySlug: category } = place;
  if (country && city && category) {
    return db.prepare(`SELECT business_count AS n FROM city_category_counts WHERE country_code = ?1 AND city_slug = ?2 AND category_slug = ?3`).bind(country, city, category);
  }
  if (country && city) return db.prepare(`SELECT business_count AS n FROM cities WHERE country_code = ?1 AND slug = ?2`).bind(country, city);
  if (city) return null;
  if (country && category) return db.prepare(`SELECT business_count AS n FROM category_country_counts WHERE category_slug = ?1 AND country_code = ?2`).bind(category, country);
  if (category) return db.prepare(`SELECT business_count AS n FROM categories WHERE slug = ?1`).bind(category);
  if (country) return db.prepare(`SELECT business_count AS n FROM countries WHERE code = ?1`).bind(country);
  return db.prepare(`SELECT business_count AS n FROM directory_totals WHERE id = 1`);
}

/**
 * SQL: whether business `b` holds every word of `match` (whole words as typed, never a prefix: a
 * prefix is merged over every word sharing it, once per row). FTS5 seeks each word's list to the
 * row, about 16 µs a candidate.
 */
export const holdsWordsSql = (match: string) => `EXISTS (SELECT 1 FROM businesses_fts WHERE businesses_fts MATCH ${match} AND rowid = b.id)`;

/** How many businesses hold the words of `match`, counted up to FEW_WORD_MATCHES + 1 (the index alone): a plan's first question. */
export function wordMatchesStatement(db: D1Database, match: string): D1PreparedStatement {
  return db.prepare(`SELECT count(*) AS n FROM (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?1 LIMIT ?2)`).bind(match, FEW_WORD_MATCHES + 1);
}

/** What a question asks of each candidate, as SQL on `b` (the place, the filters SQL decides, the words). */
export interface CandidateChecks {
  /** Conditions on `b`, to AND. */
  where: string[];
  params: unknown[];
}

/**
 * Appends `checks`' parameters to `params` and answers their conditions numbered after the ones
 * already there: checks are written from ?1, and each statement puts them after its own.
 */
function appendChecks(params: unknown[], checks: CandidateChecks): string[] {
  const first = params.length + 1;
  params.push(...checks.params);
  return checks.where.map((condition) => condition.replace(/\?(\d+)/g, (_, n: string) => `?${Number(n) + first - 1}`));
}

/** Where the newest-first walk reads its candidates from. */
export type NewestSource = { kind: "words"; match: string } | { kind: "place"; index: string | null };

/**
 * One step of a newest-first walk: the next `limit` candidates of the source below `cursor` (an
 * id), each with `kept` (it passes every SQL check). Only the source's own order and limit bound
 * the step, so its rows read are those candidates whatever the checks keep.
 */
function newestStepStatement(
  db: D1Database,
  source: NewestSource,
  place: Place,
  checks: CandidateChecks,
  columns: string,
  cursor: number,
  limit: number,
): D1PreparedStatement {
  const { params, param } = sqlParams();
  let candidates: string;
  let kept: string[];
  if (source.kind === "words") {
    candidates = `SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ${param(source.match)} AND rowid < ${param(cursor)} ORDER BY rowid DESC LIMIT ${param(limit)}`;
    kept = ["b.is_approved = 1", ...placeConditions(place, param)];
  } else {
    const where = placeConditions(place, param);
    candidates = `SELECT b.id FROM businesses AS b${source.index ? ` INDEXED BY ${source.index}` : ""}
      WHERE ${[...where, "b.is_approved = 1", `b.id < ${param(cursor)}`].join(" AND ")} ORDER BY b.id DESC LIMIT ${param(limit)}`;
    kept = [];
  }
  const keptSql = [...kept, ...appendChecks(params, checks)].join(" AND ") || "1";
  // Joined from a CTE, not read as `id IN (…)`: the IN list is a temporary table read once more.
  return db
    .prepare(`WITH c AS (${candidates}) SELECT c.id AS walked, coalesce(${keptSql}, 0) AS kept, ${columns} FROM c LEFT JOIN businesses AS b ON b.id = c.id`)
    .bind(...params);
}

/**
 * The newest matches of a question from `source`: steps newest first, each past the last
 * candidate read, until `stopAt` match (FILTERED_CANDIDATES + 1), the source ends (`complete`), or
 * `budget` candidates were read. The Worker decides what SQL cannot (exact distance, open now).
 */
export async function walkNewest(
  db: D1Database,
  source: NewestSource,
  place: Place,
  checks: CandidateChecks,
  { columns, keep, budget = FIND_ROWS_BUDGET, stopAt = FILTERED_CANDIDATES + 1 }: { columns: string; keep: (row: FilterRow) => boolean; budget?: number; stopAt?: number },
): Promise<{ rows: FilterRow[]; complete: boolean; examined: number }> {
  const rows: FilterRow[] = [];
  let cursor = Number.MAX_SAFE_INTEGER;
  let examined = 0;
  let step = FILTERED_CANDIDATES + 1;
  for (;;) {
    const limit = Math.min(step, budget - examined);
    const { results } = await newestStepStatement(db, source, place, checks, columns, cursor, limit).all<FilterRow>();
    examined += results.length;
    for (const row of results) {
      cursor = Math.min(cursor, Number(row.walked));
      if (Number(row.kept) === 1 && keep(row)) rows.push(row);
    }
    if (results.length < limit) return { rows, complete: true, examined };
    if (rows.length >= stopAt || examined >= budget) return { rows, complete: false, examined };
    // The next step reads as far as the matches seen so far say the rest will be, one round trip if it can.
    const rate = Math.max(rows.length, 1) / examined;
    step = Math.max(FILTERED_CANDIDATES, Math.ceil(((Math.min(stopAt, budget) - rows.length) / rate) * 1.2));
  }
}

/**
 * The nearest `need` businesses of the scope within the radius that pass every filter, read
 * nearest-first: each step reads the cells of the tiles within a wider circle that earlier
 * steps did not read (one index range per run of cells, through businesses_geo_position), so once a
 * circle is read, every business inside it is known. The circle grows to where the density read
 * so far says `need` matches will be, and stops short of NEAR_ROWS_BUDGET rows: then `complete`
 * is false and the matches are those of the circle read (still the nearest, in order).
 * `firstCircle`: every row of the first circle's cells, when they were read already.
 */
export async function nearestCandidates(
  db: D1Database,
  question: { place: Place; checks: CandidateChecks; filters: SearchFilters; columns?: string; holdsWords?: ((row: FilterRow) => boolean) | null },
  need: number,
  at: Date,
  firstCircle: readonly FilterRow[] | null = null,
): Promise<{ candidates: Candidate[]; complete: boolean; rowsRead: number }> {
  const { place, checks, filters } = question;
  const near = filters.near!;
  const radius = filters.radiusKm!;
  const { params, param } = sqlParams();
  const ranges = param(null);
  const where = placeConditions(place, param);
  const checked = appendChecks(params, checks);
  const statement = db.prepare(
    `SELECT b.id, ${question.columns ?? candidateOrderColumnsSql(filters)}
     FROM json_each(${ranges}) AS r JOIN businesses AS b INDEXED BY businesses_geo_position
       ON b.geo_cell BETWEEN r.value ->> 0 AND r.value ->> 1
     WHERE ${["b.geo_cell IS NOT NULL", "b.is_approved = 1", ...where, ...checked].join(" AND ")}`,
  );
  const matches: Candidate[] = [];
  let read: CellRange[] = [];
  let rowsRead = 0;
  let reach = firstReach(radius);
  for (;;) {
    const fresh = subtractRanges(cellRangesWithin(near, reach, NEAR_COVER_TILES), read);
    if (fresh.length > 0) {
      const answer =
        firstCircle && read.length === 0
          ? { results: firstCircle, meta: null }
          : await statement.bind(JSON.stringify(fresh.map((range) => [range.lo, range.hi])), ...params.slice(1)).all<FilterRow>();
      const rows = answer.results;
      rowsRead += answer.meta?.rows_read ?? rows.length;
      for (const row of rows) {
        const candidate = toCandidate(row, filters);
        if (passesAfterSql(row, candidate.distanceKm, filters, at) && (question.holdsWords?.(row) ?? true)) matches.push(candidate);
      }
      read = mergeRanges([...read, ...fresh]);
    }
    const within = matches.filter((candidate) => candidate.distanceKm! <= reach);
    if (reach >= radius) return { candidates: within, complete: true, rowsRead };
    if (within.length >= need) return { candidates: within, complete: false, rowsRead };
    // A little past where `need` matches should be at the density seen so far (each step is a
    // round trip: better one a little wide than two), four times as far when none was seen, and
    // at least a quarter and at most eight times further (a few rows say little of a density).
    const wanted = within.length > 0 ? reach * Math.sqrt(need / within.length) * NEAR_REACH_MARGIN : reach * 4;
    // Rows grow with the area read: the widest circle the budget still affords.
    const affordable = reach * Math.sqrt(NEAR_ROWS_BUDGET / Math.max(1, rowsRead));
    const next = Math.min(radius, affordable, reach * 8, Math.max(reach * 1.25, wanted));
    if (next <= reach * 1.05) return { candidates: within, complete: false, rowsRead };
    reach = next;
  }
}

/**
 * How many approved businesses lie within `radiusKm` of `near`, counted in SQL up to a little over
 * FILTERED_CANDIDATES: a flat distance (flatCircleAround) decides most rows, and only those near
 * the circle's edge travel to the Worker for the exact one (readCountWithinRadius). Its `complete`
 * is false when the count stopped at its limit.
 */
function countWithinRadiusStatement(db: D1Database, near: LatLng, radiusKm: number, circle: FlatCircle): D1PreparedStatement {
  const flat = flatSquareSql({ latitude: "b.latitude", longitude: "b.longitude" }, { latitude: "?2", longitude: "?3", scale: "?4" });
  return db
    .prepare(
      `SELECT count(*) AS counted, count(*) FILTER (WHERE flat <= ?5) AS inside,
         json_group_array(json_array(latitude, longitude)) FILTER (WHERE flat > ?5) AS edge
       FROM (
         SELECT b.latitude, b.longitude, ${flat} AS flat
         FROM json_each(?1) AS r JOIN businesses AS b INDEXED BY businesses_geo_position
           ON b.geo_cell BETWEEN r.value ->> 0 AND r.value ->> 1
         WHERE b.geo_cell IS NOT NULL AND b.is_approved = 1 AND ${flat} <= ?6
         LIMIT ?7
       )`,
    )
    .bind(
      JSON.stringify(cellRangesWithin(near, radiusKm, NEAR_COVER_TILES).map((range) => [range.lo, range.hi])),
      circle.latitude,
      circle.longitude,
      circle.longitudeScale,
      circle.inner,
      circle.outer,
      COUNT_LIMIT,
    );
}

function readCountWithinRadius(answer: { counted: number; inside: number; edge: string } | undefined, near: LatLng, radiusKm: number): { count: number; complete: boolean } {
  const edge = JSON.parse(answer?.edge ?? "[]") as [number, number][];
  const onEdge = edge.filter(([latitude, longitude]) => distanceKm(near, { latitude, longitude }) <= radiusKm).length;
  return { count: (answer?.inside ?? 0) + onEdge, complete: (answer?.counted ?? 0) < COUNT_LIMIT };
}

/**
 * Rows past a page the nearest businesses by flat distance are read with: businesses at the
 * same spot as the last one read stay uncertain, the spare keeps them from shortening the page.
 */
const NEAREST_PAGE_SPARE = 10;

/** Businesses up to which a page's nearest are read in one statement with their columns: five pages of 20. */
const NEAREST_PAGE_MOST = 100;

/**
 * The nearest `need` approved businesses by flat distance among those in the cells of the walk's
 * first circle, with their page columns and flat distance: one page of every business near a point
 * in one statement (readNearestPage decides whether it is the exact nearest).
 */
function nearestPageStatement(db: D1Database, near: LatLng, reachKm: number, circle: FlatCircle, need: number): D1PreparedStatement {
  const flat = flatSquareSql({ latitude: "g.latitude", longitude: "g.longitude" }, { latitude: "?2", longitude: "?3", scale: "?4" });
  return db
    .prepare(
      `SELECT ${pageRowColumnsSql("b")}, n.flat
       FROM (
         SELECT g.id, ${flat} AS flat
         FROM json_each(?1) AS r JOIN businesses AS g INDEXED BY businesses_geo_position
           ON g.geo_cell BETWEEN r.value ->> 0 AND r.value ->> 1
         WHERE g.geo_cell IS NOT NULL AND g.is_approved = 1
         ORDER BY flat LIMIT ?5
       ) AS n JOIN businesses AS b ON b.id = n.id`,
    )
    .bind(
      JSON.stringify(cellRangesWithin(near, reachKm, NEAR_COVER_TILES).map((range) => [range.lo, range.hi])),
      circle.latitude,
      circle.longitude,
      circle.longitudeScale,
      need + NEAREST_PAGE_SPARE,
    );
}

/**
 * The page of the nearest businesses from nearestPageStatement's rows, or null when they cannot
 * prove it: a business left out by the statement's limit lies at least leastKmAtFlat of the last
 * flat distance read away, and one outside the cells further than the circle; the rows nearer
 * than both are exactly the nearest, and must fill the page.
 */
function readNearestPage(
  rows: readonly FilterRow[],
  filters: SearchFilters,
  { reachKm, circle }: { reachKm: number; circle: FlatCircle },
  { page, perPage, at }: { page: number; perPage: number; at: Date },
): FilteredBusiness[] | null {
  const need = page * perPage;
  const lastFlat = Math.max(...rows.map((row) => Number(row.flat)));
  const certainWithin = rows.length < need + NEAREST_PAGE_SPARE ? reachKm : Math.min(reachKm, leastKmAtFlat(circle, lastFlat));
  const nearest = rows.map((row) => toCandidate(row, filters)).filter((candidate) => candidate.distanceKm! < certainWithin);
  if (nearest.length < need) return null;
  return orderCandidates(nearest, "distance")
    .slice((page - 1) * perPage, need)
    .map((candidate) => toFilteredBusiness(candidate.row, candidate.distanceKm, at));
}

/** Rows countWithinRadiusStatement counts at the most: the candidates and a tenth for the circle's edge. */
const COUNT_LIMIT = Math.ceil(FILTERED_CANDIDATES * 1.1) + 1;

/** What a list's card shows of a business `b`, with its position and opening hours. */
const pageRowColumnsSql = (b: string) =>
  `${b}.id, ${b}.name, ${b}.slug, coalesce(${b}.type, ${b}.category) AS category, ${b}.city, ${b}.country, ${b}.country_code, ${b}.full_address,
   ${b}.phone, ${b}.rating, ${b}.reviews, ${b}.verified, ${b}.photo, ${b}.latitude, ${b}.longitude, ${b}.working_hours, ${b}.time_zone`;

/**
 * One page of `ordered` candidates as businesses, read by id (`perPage` rows), with their
 * distance and whether each is open at `at`.
 */
export async function candidatePage(
  db: D1Database,
  ordered: readonly { id: number; distanceKm: number | null }[],
  { page, perPage, at }: { page: number; perPage: number; at: Date },
): Promise<FilteredBusiness[]> {
  const onPage = ordered.slice((page - 1) * perPage, page * perPage);
  if (onPage.length === 0) return [];
  const rows = (
    await db
      .prepare(`SELECT ${pageRowColumnsSql("b")} FROM businesses AS b WHERE b.id IN (SELECT value FROM json_each(?1))`)
      .bind(JSON.stringify(onPage.map((candidate) => candidate.id)))
      .all<Record<string, unknown>>()
  ).results;
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return onPage.flatMap((candidate) => {
    const row = byId.get(candidate.id);
    return row ? [toFilteredBusiness(row, candidate.distanceKm, at)] : [];
  });
}

export function toFilteredBusiness(row: Record<string, unknown>, distance: number | null, at: Date): FilteredBusiness {
  const coordinate = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    ...businessBasics(row),
    category: textColumn(row, "category"),
    city: textColumn(row, "city"),
    country: countryColumn(row),
    countryCode: textColumn(row, "country_code"),
    ...cardDetails(row),
    latitude: coordinate(row.latitude),
    longitude: coordinate(row.longitude),
    // Metres are noise beside a city's blocks: two decimals, ten metres.
    distanceKm: distance === null ? null : Math.round(distance * 100) / 100,
    openNow: rowOpenNow(row, at),
  };
}

/**
 * What a question asks of each candidate beside its place: the filters SQL decides (the category
 * is the place's) and, unless the plan reads the words' own matches, the words.
 */
function candidateChecks(filters: SearchFilters, wordsMatch: string | null): CandidateChecks {
  const filter = businessFilterConditions({ ...filters, category: null }, { alias: "b", radius: false });
  if (!wordsMatch) return filter;
  return { where: [...filter.where, holdsWordsSql(`?${filter.params.length + 1}`)], params: [...filter.params, wordsMatch] };
}

/**
 * How a question's words are checked on a candidate read by place or position: in the Worker,
 * by the ranking's reading of its columns (holdsEveryWord: microseconds, where FTS5's lookup of
 * a common word's row costs about 100 µs at 2,000,000); by the index only for a location the
 * directory does not know, whose words must stand in the city or country column.
 */
interface WordsCheck {
  sql: string | null;
  row: ((row: FilterRow) => boolean) | null;
}

function wordsCheckOf(question: Pick<FindQuestion, "words" | "location">): WordsCheck {
  const match = wordsMatchOf(question);
  if (!match) return { sql: null, row: null };
  if (question.location?.kind === "text") return { sql: match, row: null };
  const words = queryWords(question.words, false);
  return { sql: null, row: (row) => holdsEveryWord(wordColumnsOf(row), words) };
}

/** Every question the finder answers: the words, the place, the filters and the moment of "open now". */
export interface FindQuestion {
  /** The visitor's words (`q`), "" for none. */
  words: string;
  /** A search's location, resolved (resolveLocation). */
  location: SearchLocation | null;
  /** The list the question is asked of (a category, a country or a city page, or the whole directory). */
  scope: ListScope;
  filters: SearchFilters;
  at: Date;
}

/**
 * The words' MATCH checked on a candidate: whole words as typed, and a location the directory
 * does not know as a place (a known one is the place's exact condition).
 */
function wordsMatchOf(question: Pick<FindQuestion, "words" | "location">): string | null {
  return searchMatch(question.words, question.location?.kind === "text" ? locationMatch(question.location) : [], { prefixLast: false });
}

/**
 * The MATCH a plan may read its candidates from: the words and the location's words too, a known
 * city's or country's names narrowing the index as a search's do (decision 010), so that a city
 * typed without its country, which no index of ours walks, still has a source.
 */
function sourceMatchOf(question: Pick<FindQuestion, "words" | "location">): string | null {
  return searchMatch(question.words, locationMatch(question.location), { prefixLast: false });
}

/** The plan of a question: where its candidates come from. */
export type FindPlan =
  | { kind: "none" }
  | { kind: "near" }
  /** `whole`: the source holds few enough to be read whole, so the answer is exact. */
  | { kind: "newest"; source: NewestSource; wordsChecked: boolean; whole: boolean };

/**
 * Plans a question (one D1 round trip for the counts it weighs): the words' own matches when
 * they are few (FEW_WORD_MATCHES, read whole: exact); else the cells around `near`, nearest
 * first; else the place's index when the place holds at most FIND_ROWS_BUDGET (read whole:
 * exact); else the words' matches, or without words the place's, newest first.
 */
export async function planQuestion(db: D1Database, question: FindQuestion, place: Place): Promise<FindPlan> {
  if (place.impossible) return { kind: "none" };
  const checked = wordsMatchOf(question);
  const words = sourceMatchOf(question);
  const countStatement = placeCountStatement(db, place);
  const statements = [
    ...(words ? [wordMatchesStatement(db, words)] : []),
    ...(countStatement && !question.filters.near ? [countStatement] : []),
  ];
  const answers = statements.length ? await db.batch<{ n: number }>(statements) : [];
  const wordMatches = words ? Number(answers[0]?.results[0]?.n ?? 0) : null;
  const placeCount = countStatement && !question.filters.near ? Number(answers[words ? 1 : 0]?.results[0]?.n ?? 0) : null;
  // The question's own words in no business: nothing matches. A place's names the index does not
  // hold (a spelling of its own) only leave that source out.
  if (words && wordMatches === 0 && words === checked) return { kind: "none" };
  if (words && wordMatches! > 0 && wordMatches! <= FEW_WORD_MATCHES) return { kind: "newest", source: { kind: "words", match: words }, wordsChecked: false, whole: true };
  if (question.filters.near) return { kind: "near" };
  if (placeCount !== null && placeCount <= FIND_ROWS_BUDGET) return { kind: "newest", source: { kind: "place", index: placeIndex(place) }, wordsChecked: checked !== null, whole: true };
  if (words && wordMatches! > 0) return { kind: "newest", source: { kind: "words", match: words }, wordsChecked: false, whole: false };
  return { kind: "newest", source: { kind: "place", index: placeIndex(place) }, wordsChecked: checked !== null, whole: false };
}

/** The columns a question's candidates are read with: ordering, the Worker's filters, and the words ranked on when sorted by relevance. */
function questionColumns(question: FindQuestion): string {
  // The words' columns are read whenever there are words: to rank them, and to check them.
  const withWords = question.words.trim() !== "";
  return `b.id, ${candidateOrderColumnsSql(question.filters)}${withWords ? `, ${WORD_COLUMNS_SQL}` : ""}`;
}

/**
 * A question's candidates: every match the plan read, nearest first with `near`, else newest first
 * (at most FILTERED_CANDIDATES + 1), and whether they are all of them.
 */
async function findCandidates(db: D1Database, question: FindQuestion): Promise<{ candidates: Candidate[]; complete: boolean }> {
  const { filters, at } = question;
  const place = placeOf(question.scope, question.location, filters.category);
  const plan = await planQuestion(db, question, place);
  if (plan.kind === "none") return { candidates: [], complete: true };
  const words = wordsCheckOf(question);
  const columns = questionColumns(question);
  if (plan.kind === "near") {
    const nearest = await nearestCandidates(
      db,
      { place, checks: candidateChecks(filters, words.sql), filters, columns: columns.replace(/^b\.id, /, ""), holdsWords: words.row },
      FILTERED_CANDIDATES + 1,
      at,
    );
    return { candidates: orderCandidates(nearest.candidates, "distance"), complete: nearest.complete && nearest.candidates.length <= FILTERED_CANDIDATES };
  }
  const checks = candidateChecks(filters, plan.wordsChecked ? words.sql : null);
  const holdsWords = plan.wordsChecked ? words.row : null;
  const walked = await walkNewest(db, plan.source, place, checks, {
    columns,
    keep: (row) => passesAfterSql(row, rowDistanceKm(row, filters.near), filters, at) && (holdsWords?.(row) ?? true),
  });
  return {
    candidates: walked.rows.map((row) => toCandidate(row, filters)),
    complete: walked.complete && walked.rows.length <= FILTERED_CANDIDATES,
  };
}

/** Candidates best first for `words` (BM25 over the columns CANDIDATE_COLUMNS_SQL read with them). */
function rankedByWords(candidates: readonly Candidate[], words: string): Candidate[] {
  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const rows = candidates.map((candidate): SearchCandidate => ({ ...wordColumnsOf(candidate.row), id: candidate.id }));
  return rankCandidates(rows, queryWords(words, false)).map((row) => byId.get(row.id)!);
}

/**
 * The answer to a question, one page of it: its matches in the visitor's order (relevance with
 * words, nearest first with `near`, else newest first, unless a sort is asked), counted up to
 * FILTERED_CANDIDATES; `moreThanCounted` when more match or the plan stopped at its budget.
 */
export async function findBusinesses(
  db: D1Database,
  question: FindQuestion,
  { page, perPage }: { page: number; perPage: number },
): Promise<FilteredPage> {
  const { filters, at } = question;
  // Every business near a point, nearest first: SQL counts the circle and only the page's nearest
  // are read. Only there does the circle itself bound the count's scan; with a place, words or a
  // filter, matches may be few among many rows, and the walk keeps to its row budget.
  const everyBusinessNear =
    filters.near && question.scope.kind === "all" && !question.location && !question.words.trim() && !hasFilters({ ...filters, near: null, radiusKm: null, sort: null });
  const flat = everyBusinessNear && (filters.sort ?? "distance") === "distance" ? flatCircleAround(filters.near!, filters.radiusKm!) : null;
  if (flat) {
    // The count and the first pages in one round trip, where the first circle holds them;
    // otherwise, and for deeper pages, the walk (beside the count) and the page's read.
    const near = filters.near!;
    const need = page * perPage;
    const reachKm = firstReach(filters.radiusKm!);
    const oneTrip = need <= NEAREST_PAGE_MOST;
    const place = placeOf({ kind: "all" }, null, null);
    const checks = candidateChecks(filters, null);
    const count = countWithinRadiusStatement(db, near, filters.radiusKm!, flat);
    const [answers, walked] = await Promise.all([
      db.batch<Record<string, unknown>>(oneTrip ? [count, nearestPageStatement(db, near, reachKm, flat, need)] : [count]),
      oneTrip ? null : nearestCandidates(db, { place, checks, filters }, need, at),
    ]);
    const circle = readCountWithinRadius(answers[0]?.results[0] as { counted: number; inside: number; edge: string } | undefined, near, filters.radiusKm!);
    const onPage = oneTrip ? readNearestPage(answers[1]?.results ?? [], filters, { reachKm, circle: flat }, { page, perPage, at }) : null;
    // A first circle read whole (fewer rows than asked) is the walk's first step.
    const firstCircle = oneTrip && (answers[1]?.results.length ?? 0) < need + NEAREST_PAGE_SPARE ? (answers[1]!.results as FilterRow[]) : null;
    const nearest = onPage ? null : (walked ?? (await nearestCandidates(db, { place, checks, filters }, need, at, firstCircle)));
    const totalCount = Math.min(circle.count, FILTERED_CANDIDATES);
    return {
      businesses: onPage ?? (await candidatePage(db, orderCandidates(nearest!.candidates, "distance"), { page, perPage, at })),
      totalCount,
      moreThanCounted: circle.count > FILTERED_CANDIDATES || !circle.complete,
      currentPage: page,
      totalPages: totalPages(totalCount, perPage),
    };
  }
  const found = await findCandidates(db, question);
  const counted = found.candidates.slice(0, FILTERED_CANDIDATES);
  const ranked = question.words.trim() && (filters.sort === null || filters.sort === "relevance") ? rankedByWords(counted, question.words) : counted;
  const ordered = orderCandidates(ranked, filters.sort === null && filters.near && !question.words.trim() ? "distance" : filters.sort);
  const totalCount = counted.length;
  return {
    businesses: await candidatePage(db, ordered, { page, perPage, at }),
    totalCount,
    moreThanCounted: !found.complete,
    currentPage: page,
    totalPages: totalPages(totalCount, perPage),
  };
}

/** SQL and parameters: `b` has a position inside the box (across the antimeridian when west > east). */
function inBoxCondition(box: BoundingBox, first: number): CandidateChecks {
  const longitude = box.west <= box.east ? `b.longitude BETWEEN ?${first + 2} AND ?${first + 3}` : `(b.longitude >= ?${first + 2} OR b.longitude <= ?${first + 3})`;
  return { where: [`b.geo_cell IS NOT NULL AND b.latitude BETWEEN ?${first} AND ?${first + 1} AND ${longitude}`], params: [box.south, box.north, box.west, box.east] };
}

/** Cells a box's businesses are read from: at most 64 ranges, so the overhang stays small. */
const BOX_COVER_TILES = 64;

/**
 * The businesses in a map's box that answer a question (its words, place and filters; its sort
 * aside), read with `columns`. `inBox`: how many approved businesses the box holds (the map's
 * cell counts, at least). The words' own matches when few; every business in the box while it
 * holds at most `readLimit` (through the cells); else the plan's source newest first, keeping
 * those in the box, up to `budget` candidates: past it `complete` is false, and the rows are
 * some of the matches, every one of them right.
 */
export async function findInBox(
  db: D1Database,
  question: FindQuestion,
  box: BoundingBox,
  inBox: number,
  columns: string,
  { readLimit = FIND_ROWS_BUDGET, budget = FIND_ROWS_BUDGET }: { readLimit?: number; budget?: number } = {},
): Promise<{ rows: FilterRow[]; complete: boolean }> {
  const { filters, at } = question;
  const place = placeOf(question.scope, question.location, filters.category);
  const boxQuestion = { ...question, filters: { ...filters, sort: null } };
  const plan = await planQuestion(db, { ...boxQuestion, filters: { ...boxQuestion.filters, near: null, radiusKm: null } }, place);
  if (plan.kind === "none") return { rows: [], complete: true };
  const wordsCheck = wordsCheckOf(question);
  const passes = (row: FilterRow) => passesAfterSql(row, rowDistanceKm(row, filters.near), filters, at);
  // The words' columns travel only to a reading that checks the words on the row.
  const withWordColumns = (checked: boolean) => (checked && wordsCheck.row ? `${columns}, ${WORD_COLUMNS_SQL}` : columns);
  // A source read whole that holds fewer than the box: walked, the box checked on each.
  const wholeSourceSmaller = plan.kind === "newest" && plan.whole && inBox > FEW_WORD_MATCHES;
  if (!wholeSourceSmaller && inBox <= readLimit) {
    const { params, param } = sqlParams();
    const ranges = param(JSON.stringify(coverBox(box, BOX_COVER_TILES).map((range) => [range.lo, range.hi])));
    const where = placeConditions(place, param);
    const within = appendChecks(params, inBoxCondition(box, 1));
    const checked = appendChecks(params, candidateChecks(filters, wordsCheck.sql));
    const { results } = await db
      .prepare(
        `SELECT ${withWordColumns(true)} FROM json_each(?1) AS r JOIN businesses AS b INDEXED BY businesses_geo_position
           ON b.geo_cell BETWEEN r.value ->> 0 AND r.value ->> 1
         WHERE ${["b.is_approved = 1", ...within, ...where, ...checked].join(" AND ")}`,
      )
      .bind(...params)
      .all<FilterRow>();
    // Read by position: every constraint is checked, the words too.
    return { rows: results.filter((row) => passes(row) && (wordsCheck.row?.(row) ?? true)), complete: true };
  }
  const source = plan.kind === "newest" ? plan.source : { kind: "place" as const, index: placeIndex(place) };
  // Read from the plan's source: the words are checked unless they are the source.
  const wordsChecked = plan.kind !== "newest" || plan.wordsChecked;
  const holdsWords = wordsChecked ? wordsCheck.row : null;
  const keep = (row: FilterRow) => passes(row) && (holdsWords?.(row) ?? true);
  const checks = candidateChecks(filters, wordsChecked ? wordsCheck.sql : null);
  const within = inBoxCondition(box, checks.params.length + 1);
  const walked = await walkNewest(db, source, place, { where: [...checks.where, ...within.where], params: [...checks.params, ...within.params] }, { columns: withWordColumns(wordsChecked), keep, budget, stopAt: Infinity });
  return { rows: walked.rows, complete: walked.complete };
}

/** One of a business page's "Nearby": another approved business and how far it is. */
export interface NearbyBusiness {
  slug: string;
  name: string;
  category: string | null;
  city: string | null;
  rating: number | null;
  reviews: number;
  distanceKm: number;
}

/** How many others a business page lists as Nearby. */
export const NEARBY_COUNT = 6;

/** Candidates ranked in SQL by their distance on the map's grid; the great-circle distance picks the NEARBY_COUNT among them. */
const NEARBY_CANDIDATES = 20;

/** The spread (Morton) form of a small tile offset: its bits on the even positions. */
function spread(offset: number): number {
  let bits = 0;
  for (let bit = 0; 2 ** bit <= offset; bit++) if (Math.floor(offset / 2 ** bit) % 2) bits += 4 ** bit;
  return bits;
}

/** Tile offsets within `reach` of the centre as JSON rows [x spread, x negative, y spread, y negative, x, y] for the SQL below. */
function offsetsJson(reach: number): string {
  const rows: number[][] = [];
  for (let dx = -reach; dx <= reach; dx++) {
    for (let dy = -reach; dy <= reach; dy++) rows.push([spread(Math.abs(dx)), dx < 0 ? 1 : 0, spread(Math.abs(dy)) * 2, dy < 0 ? 1 : 0, dx, dy]);
  }
  return JSON.stringify(rows);
}

/** SQL: the x (`odd` 0) or y (1) of a stored cell at zoom 20, its bits gathered from the Morton code. */
function cellAxisSql(cell: string, odd: 0 | 1): string {
  return `(${Array.from({ length: 20 }, (_, bit) => `(((${cell} >> ${2 * bit + odd}) & 1) << ${bit})`).join(" | ")})`;
}

/**
 * SQL: the code of the tile `o` (a row of offsetsJson) away from tile `t` at `zoom`, in Morton
 * arithmetic: each axis's bits are added or subtracted with the other axis's bits masked so carries
 * pass them, wrapping round the world's edge. SQLite gives & | << + one precedence: all bracketed.
 */
function neighbourSql(t: string, zoom: string, o = "o"): string {
  const x = `(((1 << (2 * ${zoom})) - 1) / 3)`;
  const y = `(${x} << 1)`;
  const xPart = `(CASE WHEN ${o}.value ->> 1 THEN (((${t} & ${x}) - (${o}.value ->> 0)) & ${x}) ELSE (((${t} | ${y}) + (${o}.value ->> 0)) & ${x}) END)`;
  const yPart = `(CASE WHEN ${o}.value ->> 3 THEN (((${t} & ${y}) - (${o}.value ->> 2)) & ${y}) ELSE (((${t} | ${x}) + (${o}.value ->> 2)) & ${y}) END)`;
  return `(${xPart} | ${yPart})`;
}

/**
 * The others nearest to business ?1 (by slug), through map_cell_counts and the geo_cell index.
 * The finest counted zoom whose 3 × 3 tiles round the business hold 7 businesses (itself and 6
 * more) is chosen: the 6 nearest are then within 2√2 tiles, so inside its 7 × 7 tiles. Of those,
 * the tiles holding businesses are ranked by their farthest point from the business (in zoom-20
 * cell units, Mercator being true to shape); once they hold 7, that distance bounds the 6th
 * nearest, and only the tiles whose nearest point is within it are read. So a business beside a
 * dense city does not read the city. With fewer than 7 businesses within the zoom-4 tiles' reach
 * (about 7,000 km) the nearest there are listed.
 */
const NEARBY_SQL = `WITH me AS MATERIALIZED (
    SELECT id, geo_cell AS cell, ${cellAxisSql("geo_cell", 0)} AS px, ${cellAxisSql("geo_cell", 1)} AS py
    FROM businesses WHERE slug = ?1 AND is_approved = 1 AND geo_cell IS NOT NULL),
  probe AS (
    SELECT z.zoom, (SELECT coalesce(sum(c.business_count), 0) FROM json_each('${offsetsJson(1)}') AS o
                    CROSS JOIN map_cell_counts AS c WHERE c.zoom = z.zoom AND c.tile = ${neighbourSql("(me.cell >> (40 - 2 * z.zoom))", "z.zoom")}) AS n
    FROM me, map_count_zooms AS z),
  chosen AS (SELECT coalesce(max(zoom), 4) AS zoom, 1 << (20 - coalesce(max(zoom), 4)) AS side FROM probe WHERE n >= ${NEARBY_COUNT + 1}),
  offsets AS (
    SELECT ${neighbourSql("(me.cell >> (40 - 2 * chosen.zoom))", "chosen.zoom")} AS tile, chosen.side,
           (o.value ->> 4) * chosen.side - me.px % chosen.side AS left_edge, (o.value ->> 5) * chosen.side - me.py % chosen.side AS top_edge
    FROM me, chosen, json_each('${offsetsJson(3)}') AS o),
  tiles AS MATERIALIZED (
    SELECT offsets.tile, c.business_count AS n,
           max(0, left_edge, -(left_edge + side)) AS near_x, max(0, top_edge, -(top_edge + side)) AS near_y,
           max(abs(left_edge), abs(left_edge + side)) AS far_x, max(abs(top_edge), abs(top_edge + side)) AS far_y
    FROM offsets CROSS JOIN map_cell_counts AS c WHERE c.zoom = (SELECT zoom FROM chosen) AND c.tile = offsets.tile),
  ranked AS (
    SELECT tile, near_x * near_x + near_y * near_y AS near2, far_x * far_x + far_y * far_y AS far2,
           sum(n) OVER (ORDER BY far_x * far_x + far_y * far_y ROWS UNBOUNDED PRECEDING) AS reached
    FROM tiles),
  bound AS (SELECT min(far2) AS far2 FROM ranked WHERE reached >= ${NEARBY_COUNT + 1}),
  cells AS MATERIALIZED (
    SELECT ranked.tile << (40 - 2 * chosen.zoom) AS lo, (1 << (40 - 2 * chosen.zoom)) - 1 AS span
    FROM ranked, bound, chosen WHERE bound.far2 IS NULL OR ranked.near2 <= bound.far2),
  -- Ranked on the index alone, by distance in cells (x wraps round the world): only the
  -- candidates' rows are read from the table.
  closest AS MATERIALIZED (
    SELECT b.id, ${cellAxisSql("b.geo_cell", 0)} - me.px AS dx, ${cellAxisSql("b.geo_cell", 1)} - me.py AS dy
    FROM me CROSS JOIN cells CROSS JOIN businesses AS b INDEXED BY businesses_geo_position
    WHERE b.geo_cell BETWEEN cells.lo AND cells.lo + cells.span AND b.geo_cell IS NOT NULL AND b.is_approved = 1 AND b.id <> me.id
    ORDER BY min(abs(dx), ${2 ** 20} - abs(dx)) * min(abs(dx), ${2 ** 20} - abs(dx)) + dy * dy
    LIMIT ${NEARBY_CANDIDATES})
SELECT b.slug, b.name, coalesce(b.type, b.category) AS category, b.city, b.rating, b.reviews, b.latitude, b.longitude
FROM closest CROSS JOIN businesses AS b WHERE b.id = closest.id`;

/** The candidates for the Nearby of the approved business `slug` (see NEARBY_SQL): one statement, batched with the page's own read. */
export function nearbyStatement(db: D1Database, slug: string): D1PreparedStatement {
  return db.prepare(NEARBY_SQL).bind(slug);
}

interface NearbyRow {
  slug: string;
  name: string;
  category: string | null;
  city: string | null;
  rating: number | null;
  reviews: number | null;
  latitude: number;
  longitude: number;
}

/** The business at `here`'s Nearby, from nearbyStatement's answer: nearest first by great-circle distance. */
export function nearbyFrom(here: LatLng | null, answer: readonly Record<string, unknown>[]): NearbyBusiness[] {
  if (!here) return [];
  return (answer as unknown as readonly NearbyRow[])
    .map((row) => ({
      slug: row.slug,
      name: row.name,
      category: row.category,
      city: row.city,
      rating: row.rating,
      reviews: Number(row.reviews ?? 0),
      distanceKm: distanceKm(here, { latitude: row.latitude, longitude: row.longitude }),
    }))
    .sort((a, b) => a.distanceKm - b.distanceKm || a.slug.localeCompare(b.slug))
    .slice(0, NEARBY_COUNT);
}

/** An approved business near a point, as a submission's duplicate check reads it. */
export interface BusinessNearPoint {
  id: number;
  slug: string;
  name: string;
  distanceKm: number;
}

/**
 * Every approved business within `km` of `center` (a short radius: a submission's possible
 * duplicates within 150 m), nearest first. Read on the geo_cell index alone for the cells, no
 * bound on rows: a circle that small holds what a city block holds.
 */
export async function businessesNear(db: D1Database, center: LatLng, km: number): Promise<BusinessNearPoint[]> {
  const ranges = cellRangesWithin(center, km);
  const { results } = await db
    .prepare(
      `SELECT b.id, b.slug, b.name, b.latitude, b.longitude FROM json_each(?1) AS r
       CROSS JOIN businesses AS b INDEXED BY businesses_geo_position
       WHERE b.geo_cell BETWEEN r.value ->> 0 AND r.value ->> 1 AND b.geo_cell IS NOT NULL AND b.is_approved = 1`,
    )
    .bind(JSON.stringify(ranges.map((range) => [range.lo, range.hi])))
    .all<{ id: number; slug: string; name: string; latitude: number; longitude: number }>();
  return results
    .map((row) => ({ id: row.id, slug: row.slug, name: row.name, distanceKm: distanceKm(center, row) }))
    .filter((row) => row.distanceKm <= km)
    .sort((a, b) => a.distanceKm - b.distanceKm);
}
