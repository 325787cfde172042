/**
 * A business's place on the map as one indexed integer. The world is cut into Web Mercator tiles
 * (the map's own grid) at zoom CELL_ZOOM, about 38 m wide at the equator, and a tile's x and y are
 * interleaved bit by bit (a Morton code). Interleaving makes every coarser tile one contiguous run
 * of cells, so any box or circle is answered by a few `geo_cell BETWEEN lo AND hi` ranges on one
 * index, and a map's clusters are the same number shifted right.
 */

/** The zoom of a stored cell: 2 × 20 bits, an exact integer in SQLite and in JavaScript. */
export const CELL_ZOOM = 20;

/** Web Mercator stops short of the poles; points beyond are kept on its edge. */
export const MAX_MERCATOR_LATITUDE = 85.05112878;

const EARTH_RADIUS_KM = 6371.0088;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** West, south, east, north in degrees; west > east when the box crosses the antimeridian. */
export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A run of stored cells, both ends included. */
export interface CellRange {
  lo: number;
  hi: number;
}

export interface Tile {
  zoom: number;
  x: number;
  y: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Spreads the low 10 bits of `value` over the even bits of a 20-bit number. */
function spread10(value: number): number {
  let v = value & 0x3ff;
  v = (v | (v << 8)) & 0x00ff00ff;
  v = (v | (v << 4)) & 0x0f0f0f0f;
  v = (v | (v << 2)) & 0x33333333;
  v = (v | (v << 1)) & 0x55555555;
  return v;
}

/** Gathers the even bits of a 20-bit number back into 10 bits. */
function gather10(value: number): number {
  let v = value & 0x55555555;
  v = (v | (v >>> 1)) & 0x33333333;
  v = (v | (v >>> 2)) & 0x0f0f0f0f;
  v = (v | (v >>> 4)) & 0x00ff00ff;
  v = (v | (v >>> 8)) & 0x0000ffff;
  return v & 0x3ff;
}

/** The Morton code of a tile at CELL_ZOOM (x and y below 2^20). Arithmetic, not bit operators, above 32 bits. */
export function mortonCode(x: number, y: number): number {
  const high = spread10(x >>> 10) | (spread10(y >>> 10) << 1);
  const low = spread10(x) | (spread10(y) << 1);
  return (high >>> 0) * 2 ** 20 + (low >>> 0);
}

/** The tile x and y of a Morton code at CELL_ZOOM. */
export function mortonDecode(code: number): { x: number; y: number } {
  const high = Math.floor(code / 2 ** 20);
  const low = code - high * 2 ** 20;
  return {
    x: (gather10(high) << 10) | gather10(low),
    y: (gather10(high >>> 1) << 10) | gather10(low >>> 1),
  };
}

/** The tile holding a point at `zoom`. */
export function tileOf(point: LatLng, zoom: number): Tile {
  const n = 2 ** zoom;
  const latitude = clamp(point.latitude, -MAX_MERCATOR_LATITUDE, MAX_MERCATOR_LATITUDE);
  const longitude = ((((point.longitude + 180) % 360) + 360) % 360) - 180;
  const radians = (latitude * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * n);
  return { zoom, x: clamp(x, 0, n - 1), y: clamp(y, 0, n - 1) };
}

/** The stored cell of a point, or null when the business has no usable coordinates. */
export function geoCell(latitude: number | null, longitude: number | null): number | null {
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const tile = tileOf({ latitude, longitude }, CELL_ZOOM);
  return mortonCode(tile.x, tile.y);
}

/** The stored cells inside a tile of zoom ≤ CELL_ZOOM: one contiguous range. */
export function tileCellRange(tile: Tile): CellRange {
  const shift = 4 ** (CELL_ZOOM - tile.zoom);
  const lo = mortonCode(tile.x * 2 ** (CELL_ZOOM - tile.zoom), tile.y * 2 ** (CELL_ZOOM - tile.zoom));
  return { lo, hi: lo + shift - 1 };
}

/** The tile at `zoom` that holds a stored cell (a cluster's key at that zoom). */
export function cellTile(cell: number, zoom: number): Tile {
  const { x, y } = mortonDecode(cell);
  const shift = 2 ** (CELL_ZOOM - zoom);
  return { zoom, x: Math.floor(x / shift), y: Math.floor(y / shift) };
}

/** The north-west corner of a tile, and so with x + 1, y + 1 its south-east corner. */
export function tileCorner(zoom: number, x: number, y: number): LatLng {
  const n = 2 ** zoom;
  const longitude = (x / n) * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;
  return { latitude, longitude };
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const toRadians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * toRadians;
  const dLng = (b.longitude - a.longitude) * toRadians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * toRadians) * Math.cos(b.latitude * toRadians) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The smallest box holding every point within `km` of `center` (longitudes may wrap). */
export function boxAround(center: LatLng, km: number): BoundingBox {
  const dLat = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  const south = Math.max(-90, center.latitude - dLat);
  const north = Math.min(90, center.latitude + dLat);
  // Near a pole the circle holds every longitude.
  if (south === -90 || north === 90) return { west: -180, south, east: 180, north };
  const dLng = Math.asin(Math.min(1, Math.sin(km / EARTH_RADIUS_KM) / Math.cos((center.latitude * Math.PI) / 180))) * (180 / Math.PI);
  if (dLng >= 180) return { west: -180, south, east: 180, north };
  const wrap = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180;
  return { west: wrap(center.longitude - dLng), south, east: wrap(center.longitude + dLng), north };
}

/**
 * "Within `km` of `center`" as arithmetic SQL can do on stored degrees: the squared flat distance
 * (latitude - lat)² + ((longitude - lng) × scale)², in degrees², of a point is at most `inner`
 * only if the point is within `km`, and at most `outer` whenever it is; a point between the two
 * is decided by distanceKm. Null where a flat distance is too far off: a circle reaching within
 * 5° of a pole or across the antimeridian.
 */
export interface FlatCircle {
  latitude: number;
  longitude: number;
  longitudeScale: number;
  inner: number;
  outer: number;
  /** How far, relatively, a flat distance may be off the exact one inside the circle's box. */
  margin: number;
}

export function flatCircleAround(center: LatLng, km: number): FlatCircle | null {
  const box = boxAround(center, km * 1.1);
  if (box.north > 85 || box.south < -85 || box.west > box.east) return null;
  const radians = (km * 1.1) / EARTH_RADIUS_KM;
  // The flat distance scales longitudes by the centre's cosine, a point's own differs by about
  // tan(latitude) × its latitude difference; twice that, and a tenth of a percent, to spare.
  const polewardEdge = (Math.max(Math.abs(box.north), Math.abs(box.south)) * Math.PI) / 180;
  const margin = 2 * Math.tan(polewardEdge) * radians + 0.001;
  const degrees = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  return {
    latitude: center.latitude,
    longitude: center.longitude,
    longitudeScale: Math.cos((center.latitude * Math.PI) / 180),
    inner: (degrees * (1 - margin)) ** 2,
    outer: (degrees * (1 + margin)) ** 2,
    margin,
  };
}

/**
 * The least distance in km a business at squared flat distance `flat` from the circle's centre can
 * be (inside the circle's box; anything outside it is further than the circle's radius anyway):
 * what an order by flat distance can promise about the businesses past it.
 */
export function leastKmAtFlat(circle: FlatCircle, flat: number): number {
  return (Math.sqrt(flat) / (1 + circle.margin)) * (Math.PI / 180) * EARTH_RADIUS_KM;
}

/**
 * The squared flat distance of FlatCircle as SQL, for the columns given and the parameters that
 * hold the circle's latitude, longitude and longitude scale.
 */
export function flatSquareSql(columns: { latitude: string; longitude: string }, params: { latitude: string; longitude: string; scale: string }): string {
  const dy = `(${columns.latitude} - ${params.latitude})`;
  const dx = `((${columns.longitude} - ${params.longitude}) * ${params.scale})`;
  return `${dy} * ${dy} + ${dx} * ${dx}`;
}

/** Whether a point lies in a box (a box with west > east crosses the antimeridian). */
export function boxContains(box: BoundingBox, point: LatLng): boolean {
  if (point.latitude < box.south || point.latitude > box.north) return false;
  return box.west <= box.east
    ? point.longitude >= box.west && point.longitude <= box.east
    : point.longitude >= box.west || point.longitude <= box.east;
}

function boxParts(box: BoundingBox): BoundingBox[] {
  return box.west <= box.east ? [box] : [{ ...box, east: 180 }, { ...box, west: -180 }];
}

/** The corner tiles of a box part at `zoom`. */
function cornerTiles(part: BoundingBox, zoom: number): { northWest: Tile; southEast: Tile } {
  const northWest = tileOf({ latitude: part.north, longitude: part.west }, zoom);
  // The east edge at 180° belongs to the last column, not the first.
  const southEast = tileOf({ latitude: part.south, longitude: part.east >= 180 ? 179.9999999 : part.east }, zoom);
  return { northWest, southEast };
}

/** How many tiles at `zoom` a box touches, without listing them. */
export function tileCountOfBox(box: BoundingBox, zoom: number): number {
  return boxParts(box).reduce((sum, part) => {
    const { northWest, southEast } = cornerTiles(part, zoom);
    return sum + (southEast.x - northWest.x + 1) * (southEast.y - northWest.y + 1);
  }, 0);
}

/** The tiles at `zoom` that a box touches (split at the antimeridian). */
export function tilesOfBox(box: BoundingBox, zoom: number): Tile[] {
  const tiles: Tile[] = [];
  for (const part of boxParts(box)) {
    const { northWest, southEast } = cornerTiles(part, zoom);
    for (let x = northWest.x; x <= southEast.x; x++) {
      for (let y = northWest.y; y <= southEast.y; y++) tiles.push({ zoom, x, y });
    }
  }
  return tiles;
}

/** The deepest zoom (≤ CELL_ZOOM) at which a box touches at most `maxTiles` tiles. */
export function coverZoom(box: BoundingBox, maxTiles: number): number {
  let zoom = 0;
  while (zoom < CELL_ZOOM && tileCountOfBox(box, zoom + 1) <= maxTiles) zoom++;
  return zoom;
}

/**
 * The ranges of stored cells that cover a box: its tiles at the deepest zoom where they number at
 * most `maxTiles`, each one range, adjacent ranges merged. A few more rows than the box holds
 * are read (the tiles' overhang), never fewer.
 */
export function coverBox(box: BoundingBox, maxTiles = 16): CellRange[] {
  const ranges = tilesOfBox(box, coverZoom(box, maxTiles))
    .map(tileCellRange)
    .sort((a, b) => a.lo - b.lo);
  const merged: CellRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.lo <= last.hi + 1) last.hi = Math.max(last.hi, range.hi);
    else merged.push({ ...range });
  }
  return merged;
}

/** The ranges of stored cells that cover every point within `km` of `center`. */
export function coverRadius(center: LatLng, km: number, maxTiles = 16): CellRange[] {
  return coverBox(boxAround(center, km), maxTiles);
}

const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;

/** The gap between two longitudes in degrees, the short way round (0 to 180). */
function longitudeGap(a: number, b: number): number {
  const gap = Math.abs(a - b) % 360;
  return gap > 180 ? 360 - gap : gap;
}

/**
 * A lower bound of the distance from `center` to any point of a tile, in kilometres (0 inside it):
 * north-south and east-west gaps measured on the parallel nearest a pole, where degrees of
 * longitude are shortest, less half a percent for the flat measure. A business in the tile is
 * never nearer than this, which is what lets a radius be read nearest-first.
 */
export function tileDistanceKm(center: LatLng, tile: Tile): number {
  const northWest = tileCorner(tile.zoom, tile.x, tile.y);
  const southEast = tileCorner(tile.zoom, tile.x + 1, tile.y + 1);
  const latitude = clamp(center.latitude, southEast.latitude, northWest.latitude);
  const inside = tile.x + 1 === 2 ** tile.zoom ? center.longitude >= northWest.longitude : center.longitude >= northWest.longitude && center.longitude < southEast.longitude;
  const gapDegrees = inside ? 0 : Math.min(longitudeGap(center.longitude, northWest.longitude), longitudeGap(center.longitude, southEast.longitude));
  const poleward = Math.max(Math.abs(center.latitude), Math.abs(northWest.latitude), Math.abs(southEast.latitude));
  const northSouth = Math.abs(center.latitude - latitude) * KM_PER_DEGREE;
  const eastWest = gapDegrees * KM_PER_DEGREE * Math.cos((Math.min(90, poleward) * Math.PI) / 180);
  return Math.hypot(northSouth, eastWest) * 0.995;
}

/** Ranges sorted and joined where they touch or overlap. */
export function mergeRanges(ranges: readonly CellRange[]): CellRange[] {
  const merged: CellRange[] = [];
  for (const range of [...ranges].sort((a, b) => a.lo - b.lo)) {
    const last = merged.at(-1);
    if (last && range.lo <= last.hi + 1) last.hi = Math.max(last.hi, range.hi);
    else merged.push({ ...range });
  }
  return merged;
}

/** The cells of `ranges` that are in none of `taken` (both lists merged first). */
export function subtractRanges(ranges: readonly CellRange[], taken: readonly CellRange[]): CellRange[] {
  const holes = mergeRanges(taken);
  const left: CellRange[] = [];
  for (const range of mergeRanges(ranges)) {
    let lo = range.lo;
    for (const hole of holes) {
      if (hole.hi < lo) continue;
      if (hole.lo > range.hi) break;
      if (hole.lo > lo) left.push({ lo, hi: hole.lo - 1 });
      lo = Math.max(lo, hole.hi + 1);
      if (lo > range.hi) break;
    }
    if (lo <= range.hi) left.push({ lo, hi: range.hi });
  }
  return left;
}

/**
 * The ranges of stored cells of every tile that comes within `km` of `center`, at the deepest zoom
 * where the circle's box touches at most `maxTiles` tiles: tighter than coverRadius (the box's
 * corners are left out), and every business within `km` is in them.
 */
export function cellRangesWithin(center: LatLng, km: number, maxTiles = 256): CellRange[] {
  const box = boxAround(center, km);
  const zoom = coverZoom(box, maxTiles);
  return mergeRanges(tilesOfBox(box, zoom).filter((tile) => tileDistanceKm(center, tile) <= km).map(tileCellRange));
}
