/**
 * How /api/map answers a view (decision 111). A view's clusters are the tiles of one zoom (the
 * cluster zoom) that hold businesses, each at its businesses' mean position. Their counts come
 * from map_cell_counts, tiles counted per zoom: a tile wholly inside the box counts as stored; a
 * tile the box's edge cuts is replaced by its children two zooms down, and so on to the stored
 * cells themselves (zoom 20, the businesses), which are tested point by point. Only tiles that
 * hold businesses are followed, so a view reads its tiles plus a strip along its edge, however
 * many businesses it holds, and the counts add up to exactly the businesses inside the box.
 * Pure: the model runs the reads this plans.
 */
import {
  boxContains,
  CELL_ZOOM,
  cellTile,
  mergeRanges,
  tileCellRange,
  tileCorner,
  tileCountOfBox,
  tilesOfBox,
  type BoundingBox,
  type CellRange,
  type Tile,
} from "./geo-cell";

/** The zooms map_cell_counts keeps (the view map_count_zooms in migrations/0005 lists the same). */
export const MAP_COUNT_ZOOMS = [4, 6, 8, 10, 12, 14, 16, 18] as const;

/** At most this many features in an answer: businesses when no more fall in the box, else clusters. */
export const MAX_MAP_FEATURES = 500;

/** The map's zooms: maplibre's range. */
export const MAX_MAP_ZOOM = 22;

/** Each stored zoom splits a tile into 4 × 4: the step between two counted zooms. */
const ZOOM_STEP = 2;

export type MapViewParse = { ok: true; box: BoundingBox; zoom: number } | { ok: false; parameter: "bbox" | "zoom"; error: string };

/** A longitude as the map may give it after panning round the world, brought into -180…180. */
function wrapLongitude(longitude: number): number {
  return longitude >= -180 && longitude <= 180 ? longitude : ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/**
 * Reads `bbox=WEST,SOUTH,EAST,NORTH` (degrees; a west above east crosses the antimeridian; a view
 * wider than the world is the world) and `zoom` (0–22, fractions allowed as the map gives them).
 */
export function parseMapView(params: URLSearchParams): MapViewParse {
  const bbox = params.get("bbox")?.trim() ?? "";
  const parts = bbox.split(",").map((part) => part.trim());
  const numbers = parts.map((part) => (/^-?\d+(?:\.\d+)?$/.test(part) ? Number(part) : NaN));
  const bad = (error: string): MapViewParse => ({ ok: false, parameter: "bbox", error });
  if (parts.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return bad("bbox must be WEST,SOUTH,EAST,NORTH in degrees (e.g. 28.8,40.9,29.2,41.1)");
  const [west, south, east, north] = numbers as [number, number, number, number];
  if (Math.abs(south) > 90 || Math.abs(north) > 90) return bad("bbox latitudes must be between -90 and 90");
  if (south > north) return bad("bbox SOUTH must not be above NORTH");
  const box: BoundingBox =
    east - west >= 360 ? { west: -180, south, east: 180, north } : { west: wrapLongitude(west), south, east: wrapLongitude(east), north };

  const zoomText = params.get("zoom")?.trim() ?? "";
  const zoom = /^\d+(?:\.\d+)?$/.test(zoomText) ? Number(zoomText) : NaN;
  if (!(zoom >= 0 && zoom <= MAX_MAP_ZOOM)) return { ok: false, parameter: "zoom", error: `zoom must be a number from 0 to ${MAX_MAP_ZOOM}` };
  return { ok: true, box, zoom };
}

/**
 * The zoom whose tiles are a view's clusters: two zooms below the view's (a tile then spans
 * about 64 screen pixels), as a counted zoom, coarser while the box touches more than
 * MAX_MAP_FEATURES of its tiles. So a view never has more clusters than features allowed.
 */
export function clusterZoom(box: BoundingBox, viewZoom: number): number {
  const wanted = Math.floor(viewZoom) + ZOOM_STEP;
  const first = MAP_COUNT_ZOOMS[0];
  const last = MAP_COUNT_ZOOMS[MAP_COUNT_ZOOMS.length - 1]!;
  let zoom = Math.min(last, Math.max(first, wanted - (wanted % ZOOM_STEP)));
  while (zoom > first && tileCountOfBox(box, zoom) > MAX_MAP_FEATURES) zoom -= ZOOM_STEP;
  return zoom;
}

/** A tile's code at its own zoom: its cells' Morton code shifted right. */
export function tileCode(tile: Tile): number {
  return tileCellRange(tile).lo / 4 ** (CELL_ZOOM - tile.zoom);
}

/** The tile of a code at `zoom`. */
export function codeTile(code: number, zoom: number): Tile {
  return cellTile(code * 4 ** (CELL_ZOOM - zoom), zoom);
}

/** The tile holding tile `code` of zoom `from` at the coarser zoom `to`. */
function ancestorCode(code: number, from: number, to: number): number {
  return Math.floor(code / 4 ** (from - to));
}

/**
 * A tile's extent. The top and bottom rows reach the poles: Web Mercator keeps the points beyond
 * 85.05° on its edge, so those rows hold them.
 */
export function tileBounds(tile: Tile): BoundingBox {
  const n = 2 ** tile.zoom;
  const northWest = tileCorner(tile.zoom, tile.x, tile.y);
  const southEast = tileCorner(tile.zoom, tile.x + 1, tile.y + 1);
  return {
    west: northWest.longitude,
    east: southEast.longitude,
    north: tile.y === 0 ? 90 : northWest.latitude,
    south: tile.y === n - 1 ? -90 : southEast.latitude,
  };
}

/** Whether every point of a tile is inside the box (else the box's edge cuts it, or misses it). */
export function tileInsideBox(tile: Tile, box: BoundingBox): boolean {
  const t = tileBounds(tile);
  if (t.south < box.south || t.north > box.north) return false;
  if (box.west <= box.east) return t.west >= box.west && t.east <= box.east;
  return t.west >= box.west || t.east <= box.east;
}

/** Whether a tile and the box share a point (edges included: a business on the edge is in the box). */
export function tileMeetsBox(tile: Tile, box: BoundingBox): boolean {
  const t = tileBounds(tile);
  if (t.north < box.south || t.south > box.north) return false;
  if (box.west <= box.east) return t.east >= box.west && t.west <= box.east;
  return t.east >= box.west || t.west <= box.east;
}

/** The 16 tiles two zooms down inside a tile. */
function childTiles(tile: Tile): Tile[] {
  const tiles: Tile[] = [];
  const side = 2 ** ZOOM_STEP;
  for (let dx = 0; dx < side; dx++) {
    for (let dy = 0; dy < side; dy++) tiles.push({ zoom: tile.zoom + ZOOM_STEP, x: tile.x * side + dx, y: tile.y * side + dy });
  }
  return tiles;
}

/** The range of codes at `zoom` inside a tile of a coarser zoom. */
function codesWithin(tile: Tile, zoom: number): CellRange {
  const lo = tileCode(tile) * 4 ** (zoom - tile.zoom);
  return { lo, hi: lo + 4 ** (zoom - tile.zoom) - 1 };
}

/** One read of a round: the counted tiles of `zoom` in `ranges` (of tile codes), or at CELL_ZOOM the businesses in those cell ranges. */
export interface MapRead {
  zoom: number;
  ranges: CellRange[];
}

/** A row of map_cell_counts, or (zoom CELL_ZOOM) one business as a tile of one. */
export interface CountedTile {
  zoom: number;
  code: number;
  count: number;
  latitudeSum: number;
  longitudeSum: number;
}

export interface Cluster {
  /** The cluster tile's code at the cluster zoom. */
  code: number;
  count: number;
  latitude: number;
  longitude: number;
}

/**
 * The clusters of one box at one cluster zoom, assembled over rounds of reads: `reads()` says
 * what the next round reads (empty when done), `take()` hands its rows back. Each round reads two
 * zooms: the tiles it follows and, for those the box's edge cuts, their children.
 */
export class ClusterAssembly {
  private readonly sums = new Map<number, { count: number; latitudeSum: number; longitudeSum: number }>();
  /** Tiles of the last zoom read that the box's edge cuts and that hold businesses. */
  private frontier: Tile[] | null = null;
  /** How many businesses the frontier's tiles hold, some of them outside the box. */
  private frontierCount = 0;
  private pending: MapRead[] = [];

  constructor(
    private readonly box: BoundingBox,
    readonly zoom: number,
  ) {}

  /** The reads of the next round; empty once every business in the box is counted. */
  reads(): MapRead[] {
    let first: Tile[];
    if (this.frontier === null) first = tilesOfBox(this.box, this.zoom).filter((tile) => tileMeetsBox(tile, this.box));
    else first = this.frontier.flatMap(childTiles).filter((tile) => tileMeetsBox(tile, this.box));
    // The frontier stays as the last round left it until take() replaces it, so bounds() holds between rounds too.
    if (first.length === 0) return (this.pending = []);
    const firstZoom = first[0]!.zoom;
    const reads: MapRead[] = [
      {
        zoom: firstZoom,
        ranges: mergeRanges(first.map((tile) => ({ lo: tileCode(tile), hi: tileCode(tile) }))),
      },
    ];
    if (firstZoom < CELL_ZOOM) {
      const cut = first.filter((tile) => !tileInsideBox(tile, this.box));
      if (cut.length > 0) reads.push({ zoom: firstZoom + ZOOM_STEP, ranges: mergeRanges(cut.map((tile) => codesWithin(tile, firstZoom + ZOOM_STEP))) });
    }
    return (this.pending = reads);
  }

  /** The rows of the round `reads()` planned. */
  take(rows: CountedTile[]): void {
    const second = this.pending[1];
    const frontier: Tile[] = [];
    let frontierCount = 0;
    for (const row of rows) {
      if (row.count <= 0) continue;
      if (row.zoom === CELL_ZOOM) {
        // A business: its own position decides.
        if (boxContains(this.box, { latitude: row.latitudeSum / row.count, longitude: row.longitudeSum / row.count })) this.add(row);
        continue;
      }
      const tile = codeTile(row.code, row.zoom);
      if (tileInsideBox(tile, this.box)) this.add(row);
      // A cut tile of the first zoom is counted through its children (the second read); one of the second, in the next round.
      else if (second && row.zoom === second.zoom && tileMeetsBox(tile, this.box)) {
        frontier.push(tile);
        frontierCount += row.count;
      }
    }
    this.frontier = frontier;
    this.frontierCount = frontierCount;
  }

  private add(row: CountedTile): void {
    const key = ancestorCode(row.code, row.zoom, this.zoom);
    const sum = this.sums.get(key) ?? { count: 0, latitudeSum: 0, longitudeSum: 0 };
    sum.count += row.count;
    sum.latitudeSum += row.latitudeSum;
    sum.longitudeSum += row.longitudeSum;
    this.sums.set(key, sum);
  }

  /** The clusters so far, in code order, each at its businesses' mean position. */
  clusters(): Cluster[] {
    return [...this.sums.entries()]
      .sort(([a], [b]) => a - b)
      .map(([code, sum]) => ({ code, count: sum.count, latitude: sum.latitudeSum / sum.count, longitude: sum.longitudeSum / sum.count }));
  }

  /**
   * How many businesses the box holds, as far as the rounds so far tell: those counted, and at
   * most those plus the ones in the tiles its edge cuts that are still to be read.
   */
  bounds(): { atLeast: number; atMost: number } {
    const atLeast = this.total();
    if (this.frontier === null) return { atLeast, atMost: Infinity };
    return { atLeast, atMost: atLeast + this.frontierCount };
  }

  /** How many businesses the clusters hold. */
  total(): number {
    let total = 0;
    for (const sum of this.sums.values()) total += sum.count;
    return total;
  }
}

/** Clusters of businesses already read one by one (a filtered view), at `zoom`. */
export function clustersOfPoints(points: readonly { cell: number; latitude: number; longitude: number }[], zoom: number): Cluster[] {
  const sums = new Map<number, { count: number; latitudeSum: number; longitudeSum: number }>();
  for (const point of points) {
    const key = ancestorCode(point.cell, CELL_ZOOM, zoom);
    const sum = sums.get(key) ?? { count: 0, latitudeSum: 0, longitudeSum: 0 };
    sum.count++;
    sum.latitudeSum += point.latitude;
    sum.longitudeSum += point.longitude;
    sums.set(key, sum);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([code, sum]) => ({ code, count: sum.count, latitude: sum.latitudeSum / sum.count, longitude: sum.longitudeSum / sum.count }));
}

export interface MapBusiness {
  slug: string;
  name: string;
  rating: number | null;
  latitude: number;
  longitude: number;
}

export interface MapPointFeature<P> {
  type: "Feature";
  geometry: { type: "Point"; coordinates: [number, number] };
  properties: P;
}

export type MapFeature = MapPointFeature<{ slug: string; name: string; rating: number | null }> | MapPointFeature<{ cluster: true; count: number }>;

export interface MapFeatureCollection {
  type: "FeatureCollection";
  features: MapFeature[];
  /** Businesses matching in the box, counted (a lower bound when `complete` is false). */
  matched?: number;
  /** False when the reading stopped at its bound: more may match than `matched`. */
  complete?: boolean;
}

/** Six decimals: about 10 cm, as much as a map can show, and a smaller answer. */
function coordinate(degrees: number): number {
  return Math.round(degrees * 1e6) / 1e6;
}

/** The answer of /api/map: businesses, or clusters. */
export function mapFeatureCollection(items: { businesses: readonly MapBusiness[] } | { clusters: readonly Cluster[] }): MapFeatureCollection {
  const features: MapFeature[] =
    "businesses" in items
      ? items.businesses.map((b) => ({
          type: "Feature",
          geometry: { type: "Point", coordinates: [coordinate(b.longitude), coordinate(b.latitude)] },
          properties: { slug: b.slug, name: b.name, rating: b.rating },
        }))
      : items.clusters.map((c) => ({
          type: "Feature",
          geometry: { type: "Point", coordinates: [coordinate(c.longitude), coordinate(c.latitude)] },
          properties: { cluster: true, count: c.count },
        }));
  return { type: "FeatureCollection", features };
}
