/**
 * The map's reads (decision 111): a view's businesses or clusters (/api/map) and the places the
 * basemap labels. A view without filters is counted from map_cell_counts (ClusterAssembly plans
 * the reads); a filtered one reads its matching businesses in the box through the geo_cell index.
 */
import { filterRowColumnsSql, type FilterRow } from "./business-filters.server";
import { FIND_ROWS_BUDGET, findInBox } from "./finder.server";
import type { SearchLocation } from "~/lib/search/search-location";
import { hasFilters, type SearchFilters } from "~/lib/search/search-filters";
import { CELL_ZOOM, coverBox, type BoundingBox, type CellRange } from "~/lib/map/geo-cell";
import {
  ClusterAssembly,
  clusterZoom,
  clustersOfPoints,
  mapFeatureCollection,
  MAX_MAP_FEATURES,
  type CountedTile,
  type MapBusiness,
  type MapFeatureCollection,
  type MapRead,
} from "~/lib/map/map-clusters";

/** What narrows a map view: the visitor's words, the list's place and filters (their sort aside). */
export interface MapNarrowing {
  q: string;
  /** A city's or country's page, or a search's location: resolved by resolveLocation. */
  location: SearchLocation | null;
  filters: SearchFilters;
  /** The moment "open now" is judged at. */
  at: Date;
}

/** Rows of one counted zoom in ranges of tile codes. Each range is walked on the primary key. */
const COUNTED_TILES_SQL = `SELECT m.zoom, m.tile AS code, m.business_count AS count, m.latitude_sum, m.longitude_sum
  FROM json_each(?1) AS r CROSS JOIN map_cell_counts AS m
  WHERE m.zoom = ?2 AND m.tile BETWEEN r.value ->> 0 AND r.value ->> 1`;

/** The businesses of cell ranges as tiles of one: a business's cell and its position. */
const CELL_BUSINESSES_SQL = `SELECT b.geo_cell AS code, 1 AS count, b.latitude AS latitude_sum, b.longitude AS longitude_sum
  FROM json_each(?1) AS r CROSS JOIN businesses AS b INDEXED BY businesses_geo_position
  WHERE b.geo_cell BETWEEN r.value ->> 0 AND r.value ->> 1 AND b.geo_cell IS NOT NULL AND b.is_approved = 1`;

function rangesJson(ranges: readonly CellRange[]): string {
  return JSON.stringify(ranges.map((range) => [range.lo, range.hi]));
}

function readStatement(db: D1Database, read: MapRead): D1PreparedStatement {
  return read.zoom === CELL_ZOOM
    ? db.prepare(CELL_BUSINESSES_SQL).bind(rangesJson(read.ranges))
    : db.prepare(COUNTED_TILES_SQL).bind(rangesJson(read.ranges), read.zoom);
}

interface CountedRow {
  code: number;
  count: number;
  latitude_sum: number;
  longitude_sum: number;
}

/** Cells a box's businesses are read from: at most 64 ranges, so the overhang stays small. */
const BOX_COVER_TILES = 64;

/** SQL and parameters: approved businesses with a cell in the box's cover and a position in the box. */
function inBoxSql(box: BoundingBox): { sql: string; params: unknown[] } {
  const longitude = box.west <= box.east ? `b.longitude BETWEEN ? AND ?` : `(b.longitude >= ? OR b.longitude <= ?)`;
  return {
    sql: `FROM json_each(?) AS r CROSS JOIN businesses AS b
      WHERE b.geo_cell BETWEEN r.value ->> 0 AND r.value ->> 1 AND b.geo_cell IS NOT NULL AND b.is_approved = 1
        AND b.latitude BETWEEN ? AND ? AND ${longitude}`,
    params: [rangesJson(coverBox(box, BOX_COVER_TILES)), box.south, box.north, box.west, box.east],
  };
}

interface BoxBusinessRow extends FilterRow {
  slug: string;
  name: string;
  rating: number | null;
  latitude: number;
  longitude: number;
  geo_cell: number;
}

/** Every approved business in the box (a view of at most MAX_MAP_FEATURES, unnarrowed). */
async function businessesInBox(db: D1Database, box: BoundingBox): Promise<BoxBusinessRow[]> {
  const inBox = inBoxSql(box);
  const { results } = await db
    .prepare(`SELECT b.slug, b.name, b.rating, b.geo_cell, ${filterRowColumnsSql("b", null)} ${inBox.sql}`)
    .bind(...inBox.params)
    .all<BoxBusinessRow>();
  return results;
}

function asMapBusinesses(rows: readonly BoxBusinessRow[]): MapBusiness[] {
  return rows.map((row) => ({ slug: row.slug, name: row.name, rating: row.rating, latitude: row.latitude, longitude: row.longitude }));
}

/**
 * The features of a map view: the businesses in the box when at most MAX_MAP_FEATURES match,
 * else clusters whose counts add up to the matching businesses in the box. Nothing narrowing it
 * (or `narrowing` null): every approved business (counted from map_cell_counts); else the
 * businesses the finder answers for the box (findInBox), clustered here. `matched` counts them;
 * `complete` is false when the finder stopped at its budget, so that `matched` is "at least".
 */
export async function mapFeatures(
  db: D1Database,
  box: BoundingBox,
  viewZoom: number,
  narrowing: MapNarrowing | null,
  { readLimit = FIND_ROWS_BUDGET, budget = FIND_ROWS_BUDGET }: { readLimit?: number; budget?: number } = {},
): Promise<MapFeatureCollection> {
  const zoom = clusterZoom(box, viewZoom);
  const narrowed = narrowing !== null && isNarrowed(narrowing);
  const assembly = new ClusterAssembly(box, zoom);
  // A narrowed view reads the cells only to learn how many businesses the box holds, so its
  // rounds stop once that is sure.
  const known = () => {
    const { atLeast, atMost } = assembly.bounds();
    return narrowed && (atLeast > readLimit || atMost <= readLimit);
  };
  for (let reads = assembly.reads(); reads.length > 0; reads = known() ? [] : assembly.reads()) {
    const answers = await db.batch<CountedRow>(reads.map((read) => readStatement(db, read)));
    assembly.take(
      answers.flatMap((answer, i) =>
        answer.results.map(
          (row): CountedTile => ({ zoom: reads[i]!.zoom, code: row.code, count: row.count, latitudeSum: row.latitude_sum, longitudeSum: row.longitude_sum }),
        ),
      ),
    );
  }
  if (narrowed) {
    const question = { words: narrowing.q, location: narrowing.location, scope: { kind: "all" as const }, filters: narrowing.filters, at: narrowing.at };
    const { atLeast, atMost } = assembly.bounds();
    const inBox = atMost <= readLimit ? atMost : atLeast;
    const found = await findInBox(db, question, box, inBox, `b.slug, b.name, b.rating, b.geo_cell, ${filterRowColumnsSql("b", narrowing.filters)}`, { readLimit, budget });
    const rows = found.rows as BoxBusinessRow[];
    const counted = { matched: rows.length, complete: found.complete };
    if (rows.length <= MAX_MAP_FEATURES) return { ...mapFeatureCollection({ businesses: asMapBusinesses(rows) }), ...counted };
    return {
      ...mapFeatureCollection({ clusters: clustersOfPoints(rows.map((row) => ({ cell: row.geo_cell, latitude: row.latitude, longitude: row.longitude })), zoom) }),
      ...counted,
    };
  }
  const counted = { matched: assembly.total(), complete: true };
  if (assembly.total() <= MAX_MAP_FEATURES) return { ...mapFeatureCollection({ businesses: asMapBusinesses(await businessesInBox(db, box)) }), ...counted };
  return { ...mapFeatureCollection({ clusters: assembly.clusters() }), ...counted };
}

/**
 * Whether words, a filter or a place narrow a view (a sort orders a list; a map shows the same
 * businesses whatever their order).
 */
function isNarrowed(narrowing: MapNarrowing): boolean {
  return narrowing.q.trim() !== "" || hasFilters({ ...narrowing.filters, sort: null }) || narrowing.location !== null;
}

export interface MapPlace {
  name: string;
  countryCode: string;
  slug: string;
  businessCount: number;
  latitude: number;
  longitude: number;
}

/** How many cities the basemap labels: the biggest, by their listed businesses. */
export const MAP_PLACE_COUNT = 300;

/**
 * The biggest cities at their businesses' mean position (city_positions), for the basemap's
 * labels: a walk down cities_by_count and one key lookup each.
 */
export async function mapPlaces(db: D1Database, limit = MAP_PLACE_COUNT): Promise<MapPlace[]> {
  const { results } = await db
    .prepare(
      `SELECT c.name, c.country_code, c.slug, c.business_count,
              p.latitude_sum / p.business_count AS latitude, p.longitude_sum / p.business_count AS longitude
       FROM cities AS c INDEXED BY cities_by_count
       JOIN city_positions AS p ON p.country_code = c.country_code AND p.city_slug = c.slug
       ORDER BY c.business_count DESC LIMIT ?1`,
    )
    .bind(limit)
    .all<{ name: string; country_code: string; slug: string; business_count: number; latitude: number; longitude: number }>();
  return results.map((row) => ({
    name: row.name,
    countryCode: row.country_code,
    slug: row.slug,
    businessCount: row.business_count,
    latitude: row.latitude,
    longitude: row.longitude,
  }));
}
