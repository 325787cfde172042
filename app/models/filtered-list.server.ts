/**
 * A list with the visitor's filters and sort (decision 110): /businesses, a category, a country or
 * a city narrowed by ?near=, ?minRating=… Such a list is read from a bounded set of candidates,
 * never from the whole list: the nearest FILTERED_CANDIDATES (cells read ring by ring around
 * `near`, at most NEAR_ROWS_BUDGET rows), or among the list's newest FILTERED_CANDIDATES. The
 * SQL keeps what businessFilterConditions decides, the Worker what it cannot (exact distance,
 * open now), then sorts and pages; the count stops at the candidates ("1,000+"), as search's does.
 */
import { cellRangesWithin, distanceKm, flatCircleAround, flatSquareSql, leastKmAtFlat, mergeRanges, subtractRanges, type CellRange, type FlatCircle, type LatLng } from "~/lib/map/geo-cell";
import { nameOrderKey } from "~/lib/business/name-order";
import { totalPages } from "~/lib/directory/paging";
import { orderCandidates, type OrderedCandidate } from "~/lib/search/result-order";
import { hasFilters, type SearchFilters } from "~/lib/search/search-filters";
import { businessFilterConditions, filterRowColumnsSql, passesAfterSql, rowDistanceKm, rowOpenNow, type FilterRow } from "./business-filters.server";
import { businessBasics, cardDetails, countryColumn, textColumn, type BusinessBasics, type CardDetails } from "./business-row.server";
import { sqlParams } from "./sql-params.server";

/** Candidates a filtered list is ordered from, as many as a search ranks (decision 010). */
export const FILTERED_CANDIDATES = 1000;

/**
 * Rows the nearest-first walk may read: it stops widening its circle when the next ring would
 * pass this, and answers what the circle it read holds (marked as more than counted).
 */
export const NEAR_ROWS_BUDGET = 4000;

/**
 * How far past the estimated circle of `need` matches the walk reads: rows grow with its square,
 * and a short estimate costs one more round trip for a thin ring.
 */
const NEAR_REACH_MARGIN = 1.1;

/** Tiles a step's circle is covered with: finer tiles read fewer rows beyond the circle. */
const NEAR_COVER_TILES = 1024;

/** The walk's first circle: a twentieth of the radius, as a dense centre fills a page within a few hundred metres. */
const firstReach = (radiusKm: number) => Math.max(radiusKm / 20, 0.05);

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

/** The scope's conditions on `b`, the index its newest businesses are walked by, and its size. */
function scopeSql(scope: ListScope, param: (value: unknown) => string): { where: string[]; index: string | null } {
  switch (scope.kind) {
    case "all":
      return { where: [], index: null };
    case "category":
      return { where: [`b.category_slug = ${param(scope.slug)}`], index: "businesses_category_page" };
    case "country":
      return { where: [`b.country_code = ${param(scope.code)}`], index: "businesses_country_page" };
    case "city": {
      const where = [`b.country_code = ${param(scope.countryCode)}`, `b.city_slug = ${param(scope.citySlug)}`];
      if (!scope.categorySlug) return { where, index: "businesses_city_page" };
      return { where: [...where, `b.category_slug = ${param(scope.categorySlug)}`], index: "businesses_city_category_page" };
    }
  }
}

/** The number of approved businesses the scope holds, from the summary tables (one row). */
function scopeTotalStatement(db: D1Database, scope: ListScope): D1PreparedStatement {
  switch (scope.kind) {
    case "all":
      return db.prepare(`SELECT business_count AS n FROM directory_totals WHERE id = 1`);
    case "category":
      return db.prepare(`SELECT business_count AS n FROM categories WHERE slug = ?1`).bind(scope.slug);
    case "country":
      return db.prepare(`SELECT business_count AS n FROM countries WHERE code = ?1`).bind(scope.code);
    case "city":
      return scope.categorySlug
        ? db
            .prepare(`SELECT business_count AS n FROM city_category_counts WHERE country_code = ?1 AND city_slug = ?2 AND category_slug = ?3`)
            .bind(scope.countryCode, scope.citySlug, scope.categorySlug)
        : db.prepare(`SELECT business_count AS n FROM cities WHERE country_code = ?1 AND slug = ?2`).bind(scope.countryCode, scope.citySlug);
  }
}

/**
 * Among the scope's newest FILTERED_CANDIDATES businesses (an index walk of that many entries),
 * those the SQL filters keep. `cut` when the scope holds more than were walked.
 */
async function newestCandidates(db: D1Database, scope: ListScope, filters: SearchFilters): Promise<{ rows: FilterRow[]; cut: boolean }> {
  const { params, param } = sqlParams();
  const { where, index } = scopeSql(scope, param);
  const scan = param(FILTERED_CANDIDATES);
  const filter = businessFilterConditions(filters, { alias: "b", firstParam: params.length + 1 });
  params.push(...filter.params);
  // Joined from a CTE, not read as `id IN (…)`: the IN list is a temporary table read once more.
  const newest = `SELECT b.id FROM businesses AS b${index ? ` INDEXED BY ${index}` : ""}
    WHERE ${[...where, "b.is_approved = 1"].join(" AND ")} ORDER BY b.id DESC LIMIT ${scan}`;
  const conditions = filter.where.length ? `WHERE ${filter.where.join(" AND ")}` : "";
  const [candidates, total] = await db.batch<FilterRow>([
    db.prepare(`WITH newest AS (${newest}) SELECT b.id, ${candidateOrderColumnsSql(filters)} FROM newest AS n JOIN businesses AS b ON b.id = n.id ${conditions}`).bind(...params),
    scopeTotalStatement(db, scope),
  ]);
  return { rows: candidates?.results ?? [], cut: Number(total?.results[0]?.n ?? 0) > FILTERED_CANDIDATES };
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
  scope: ListScope,
  filters: SearchFilters,
  need: number,
  at: Date,
  firstCircle: readonly FilterRow[] | null = null,
): Promise<{ candidates: Candidate[]; complete: boolean; rowsRead: number }> {
  const near = filters.near!;
  const radius = filters.radiusKm!;
  const { params, param } = sqlParams();
  const ranges = param(null);
  const { where } = scopeSql(scope, param);
  const filter = businessFilterConditions(filters, { alias: "b", firstParam: params.length + 1, radius: false });
  params.push(...filter.params);
  const statement = db.prepare(
    `SELECT b.id, ${candidateOrderColumnsSql(filters)}
     FROM json_each(${ranges}) AS r JOIN businesses AS b INDEXED BY businesses_geo_position
       ON b.geo_cell BETWEEN r.value ->> 0 AND r.value ->> 1
     WHERE ${["b.geo_cell IS NOT NULL", "b.is_approved = 1", ...where, ...filter.where].join(" AND ")}`,
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
        if (passesAfterSql(row, candidate.distanceKm, filters, at)) matches.push(candidate);
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
 * A list page with filters: its candidates (nearest first with `near`, else its newest), those
 * every filter keeps, in the visitor's order (by default nearest first with `near`, else
 * newest first), one page of them.
 */
export async function readFilteredList(
  db: D1Database,
  scope: ListScope,
  filters: SearchFilters,
  { page, perPage, at = new Date() }: { page: number; perPage: number; at?: Date },
): Promise<FilteredPage> {
  let matches: Candidate[];
  let moreThanCounted: boolean;
  // Every business near a point, nearest first: SQL counts the circle and only the page's nearest
  // are read. Only there does the circle itself bound the count's scan; with a scope or a filter,
  // matches may be few among many rows, and the walk below keeps to its row budget.
  const everyBusinessNear = filters.near && scope.kind === "all" && !hasFilters({ ...filters, near: null, radiusKm: null, sort: null });
  const flat = everyBusinessNear && (filters.sort ?? "distance") === "distance" ? flatCircleAround(filters.near!, filters.radiusKm!) : null;
  if (flat) {
    // The count and the first pages in one round trip, where the first circle holds them;
    // otherwise, and for deeper pages, the walk (beside the count) and the page's read.
    const near = filters.near!;
    const need = page * perPage;
    const reachKm = firstReach(filters.radiusKm!);
    const oneTrip = need <= NEAREST_PAGE_MOST;
    const count = countWithinRadiusStatement(db, near, filters.radiusKm!, flat);
    const [answers, walked] = await Promise.all([
      db.batch<Record<string, unknown>>(oneTrip ? [count, nearestPageStatement(db, near, reachKm, flat, need)] : [count]),
      oneTrip ? null : nearestCandidates(db, scope, filters, need, at),
    ]);
    const circle = readCountWithinRadius(answers[0]?.results[0] as { counted: number; inside: number; edge: string } | undefined, near, filters.radiusKm!);
    const onPage = oneTrip ? readNearestPage(answers[1]?.results ?? [], filters, { reachKm, circle: flat }, { page, perPage, at }) : null;
    // A first circle read whole (fewer rows than asked) is the walk's first step.
    const firstCircle = oneTrip && (answers[1]?.results.length ?? 0) < need + NEAREST_PAGE_SPARE ? (answers[1]!.results as FilterRow[]) : null;
    const nearest = onPage ? null : (walked ?? (await nearestCandidates(db, scope, filters, need, at, firstCircle)));
    const totalCount = Math.min(circle.count, FILTERED_CANDIDATES);
    return {
      businesses: onPage ?? (await candidatePage(db, orderCandidates(nearest!.candidates, "distance"), { page, perPage, at })),
      totalCount,
      moreThanCounted: circle.count > FILTERED_CANDIDATES || !circle.complete,
      currentPage: page,
      totalPages: totalPages(totalCount, perPage),
    };
  }
  if (filters.near) {
    const nearest = await nearestCandidates(db, scope, filters, FILTERED_CANDIDATES + 1, at);
    matches = orderCandidates(nearest.candidates, "distance");
    moreThanCounted = !nearest.complete || matches.length > FILTERED_CANDIDATES;
  } else {
    const newest = await newestCandidates(db, scope, filters);
    matches = newest.rows
      .map((row) => toCandidate(row, filters))
      .filter((candidate) => passesAfterSql(candidate.row, null, filters, at))
      .sort((a, b) => b.id - a.id);
    moreThanCounted = newest.cut;
  }
  const counted = matches.slice(0, FILTERED_CANDIDATES);
  const ordered = orderCandidates(counted, filters.sort);
  const totalCount = counted.length;
  return {
    businesses: await candidatePage(db, ordered, { page, perPage, at }),
    totalCount,
    moreThanCounted,
    currentPage: page,
    totalPages: totalPages(totalCount, perPage),
  };
}
