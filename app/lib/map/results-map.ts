/**
 * The arithmetic of the results map beside /search and the list pages: what it asks /api/map
 * for, what it makes of the answer, where it opens and refits, how nearby pins merge into
 * counted bubbles, where a cluster click zooms to and which search "Search this area" makes of
 * the view. Pure (runs in the browser; the map library itself is loaded lazily).
 */
import { MAX_MERCATOR_LATITUDE, boxAround, distanceKm, type BoundingBox, type LatLng } from "./geo-cell";
import { formatNumber } from "../directory/format";
import { filtersOf } from "../search/filter-links";
import { RADIUS_CHOICES_KM, filterSearchParams, roundDegrees } from "../search/search-filters";

/** Deeper than a street the map has nothing more to split. */
export const RESULTS_MAP_MAX_ZOOM = 18;
/** A cluster click zooms in this many levels: each cluster cell splits into up to 16. */
export const CLUSTER_ZOOM_STEP = 2;
/** Fitting a handful of results (or one) stops at a street-level view, not a doorstep. */
export const FIT_MAX_ZOOM = 14;

/** One business or one cluster of an /api/map answer. */
export type MapFeature =
  | { kind: "business"; slug: string; name: string; rating: number | null; longitude: number; latitude: number }
  /** `box`: the box of the businesses a cluster made in the browser merges (a server's has none). */
  | { kind: "cluster"; count: number; longitude: number; latitude: number; box?: BoundingBox };

export type MapBusiness = Extract<MapFeature, { kind: "business" }>;
export type MapCluster = Extract<MapFeature, { kind: "cluster" }>;

/** The zoom a click on a cluster at `zoom` leads to. */
export function clusterClickZoom(zoom: number, maxZoom = RESULTS_MAP_MAX_ZOOM): number {
  return Math.min(maxZoom, Math.floor(zoom) + CLUSTER_ZOOM_STEP);
}

const wrapLongitude = (longitude: number) => (Math.abs(longitude) <= 180 ? longitude : ((((longitude + 180) % 360) + 360) % 360) - 180);
const clampLatitude = (latitude: number) => Math.max(-90, Math.min(90, latitude));

/**
 * The box of a map view as the API reads it. A view wider than the world is the whole world; a
 * view across the antimeridian keeps west > east (the map reports it as longitudes past ±180).
 */
export function viewBox(west: number, south: number, east: number, north: number): BoundingBox {
  const box = { south: clampLatitude(south), north: clampLatitude(north) };
  if (east - west >= 360) return { west: -180, east: 180, ...box };
  return { west: wrapLongitude(west), east: wrapLongitude(east), ...box };
}

/**
 * The question a list asks, as /api/map reads it: the list's own scope (a category page's
 * category, a country page's country), its search text and location, and its filters; the sort
 * and the page change nothing on a map and are left out. The map refits when this changes.
 */
export function mapQuestion(search: string, scope: readonly [string, string][]): string {
  const params = new URLSearchParams(scope as [string, string][]);
  const scoped = new Set(scope.map(([name]) => name));
  const current = new URLSearchParams(search);
  for (const name of ["q", "location"]) {
    const value = current.get(name)?.trim();
    if (value && !scoped.has(name)) params.set(name, value);
  }
  for (const [name, value] of filterSearchParams({ ...filtersOf(search), sort: null })) {
    if (!scoped.has(name)) params.append(name, value);
  }
  return params.toString();
}

/** The /api/map query of a question (mapQuestion) in one view. */
export function viewQuery(question: string, box: BoundingBox, zoom: number): string {
  const params = new URLSearchParams(question);
  params.set("bbox", [box.west, box.south, box.east, box.north].map(roundDegrees).join(","));
  params.set("zoom", String(Math.max(0, Math.floor(zoom))));
  return params.toString();
}

/** The /api/map query of a list's view. */
export function mapQuery(search: string, scope: readonly [string, string][], box: BoundingBox, zoom: number): string {
  return viewQuery(mapQuestion(search, scope), box, zoom);
}

function finiteNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** The points of an /api/map answer; anything that is not a readable point is left out. */
export function readMapFeatures(answer: unknown): MapFeature[] {
  const features = (answer as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return [];
  const read: MapFeature[] = [];
  for (const feature of features as { geometry?: { type?: unknown; coordinates?: unknown }; properties?: Record<string, unknown> | null }[]) {
    const coordinates = feature?.geometry?.type === "Point" && Array.isArray(feature.geometry.coordinates) ? feature.geometry.coordinates : null;
    const longitude = finiteNumber(coordinates?.[0]);
    const latitude = finiteNumber(coordinates?.[1]);
    const properties = feature?.properties ?? {};
    if (longitude === null || latitude === null) continue;
    if (properties.cluster === true) {
      const count = finiteNumber(properties.count);
      if (count !== null && count > 0) read.push({ kind: "cluster", count, longitude, latitude });
    } else if (typeof properties.slug === "string" && properties.slug) {
      const name = typeof properties.name === "string" && properties.name ? properties.name : properties.slug;
      read.push({ kind: "business", slug: properties.slug, name, rating: finiteNumber(properties.rating), longitude, latitude });
    }
  }
  return read;
}

/** How many businesses an answer stands for: each cluster's count, each single business once. */
export function businessesShown(features: readonly MapFeature[]): number {
  return features.reduce((sum, feature) => sum + (feature.kind === "cluster" ? feature.count : 1), 0);
}

/**
 * An /api/map answer: its points, and the server's own count when it sends one. `matched` is
 * the businesses matching in the box; `complete` false says the server stopped reading at its
 * bound, so `matched` is only a lower bound. An answer without them is complete and counted
 * from its points.
 */
export interface MapAnswer {
  features: MapFeature[];
  matched: number | null;
  complete: boolean;
}

export function readMapAnswer(answer: unknown): MapAnswer {
  const members = (answer ?? {}) as { matched?: unknown; complete?: unknown };
  const matched = finiteNumber(members.matched);
  return {
    features: readMapFeatures(answer),
    matched: matched !== null && matched >= 0 ? Math.floor(matched) : null,
    complete: members.complete !== false,
  };
}

/** How many businesses an answer says match: the server's count, else its points' (never fewer than it shows). */
export function answerCount(answer: MapAnswer): number {
  return Math.max(answer.matched ?? 0, businessesShown(answer.features));
}

/** The line under the map: how many businesses match in the view, or at least how many. */
export function mapStatus(answer: MapAnswer): string {
  const count = answerCount(answer);
  if (!answer.complete) return `At least ${formatNumber(count)} businesses match in this area — zoom in or refine the search to see them all.`;
  if (count === 0) return "No business in this area matches.";
  return `${formatNumber(count)} ${count === 1 ? "business" : "businesses"} in this area.`;
}

/** Single businesses closer than this on screen merge into one counted bubble (a pin is 24 px wide, a bubble up to 48). */
export const PIN_CLUSTER_RADIUS_PX = 44;

/** The width of the whole world on screen at zoom 0: maplibre's 512 px tiles. */
export const WORLD_PIXELS_AT_ZOOM_0 = 512;

/** A point's position in Web Mercator screen pixels of the whole world at the map's `zoom`. */
export function worldPixel(point: LatLng, zoom: number): { x: number; y: number } {
  const scale = WORLD_PIXELS_AT_ZOOM_0 * 2 ** zoom;
  const latitude = Math.max(-MAX_MERCATOR_LATITUDE, Math.min(MAX_MERCATOR_LATITUDE, point.latitude));
  const sin = Math.sin((latitude * Math.PI) / 180);
  return { x: ((point.longitude + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

/** The point at Web Mercator pixel (x, y) of the world at `zoom`. */
export function pixelPoint(x: number, y: number, zoom: number): LatLng {
  const scale = WORLD_PIXELS_AT_ZOOM_0 * 2 ** zoom;
  const n = Math.PI - (2 * Math.PI * y) / scale;
  return { latitude: (180 / Math.PI) * Math.atan(Math.sinh(n)), longitude: (x / scale) * 360 - 180 };
}

interface PinGroup {
  members: MapBusiness[];
  x: number;
  y: number;
}

/**
 * The single businesses of an answer as the map draws them at `zoom`: those closer on screen
 * than `radiusPx` merge into a cluster at their mean position, counting them, with their box (a
 * click zooms to it, where they split). Merged groups whose centres still crowd merge again, so
 * no two bubbles overlap much. Server clusters pass as they are; at the map's deepest zoom
 * nothing is merged, as no closer view could split it.
 */
export function clusterPins(features: readonly MapFeature[], zoom: number, radiusPx = PIN_CLUSTER_RADIUS_PX, maxZoom = RESULTS_MAP_MAX_ZOOM): MapFeature[] {
  const businesses = features.filter((feature): feature is MapBusiness => feature.kind === "business");
  const others = features.filter((feature) => feature.kind !== "business");
  if (zoom >= maxZoom || businesses.length < 2) return [...others, ...businesses];
  // West to east, then north to south: the same answer always groups the same way.
  let groups: PinGroup[] = businesses
    .map((business) => ({ members: [business], ...worldPixel(business, zoom) }))
    .sort((a, b) => a.x - b.x || a.y - b.y);
  for (let merged = true; merged; ) {
    merged = false;
    const next: PinGroup[] = [];
    const taken = new Array<boolean>(groups.length).fill(false);
    for (let i = 0; i < groups.length; i++) {
      if (taken[i]) continue;
      const seed = groups[i]!;
      const members = [...seed.members];
      for (let j = i + 1; j < groups.length; j++) {
        const other = groups[j]!;
        // Sorted by x: none further on can be within reach either.
        if (other.x - seed.x > radiusPx) break;
        if (taken[j] || Math.hypot(other.x - seed.x, other.y - seed.y) > radiusPx) continue;
        taken[j] = true;
        members.push(...other.members);
        merged = true;
      }
      const x = members.reduce((sum, member) => sum + worldPixel(member, zoom).x, 0) / members.length;
      const y = members.reduce((sum, member) => sum + worldPixel(member, zoom).y, 0) / members.length;
      next.push({ members, x, y });
    }
    groups = next.sort((a, b) => a.x - b.x || a.y - b.y);
  }
  const drawn = groups.map((group): MapFeature => {
    if (group.members.length === 1) return group.members[0]!;
    const center = pixelPoint(group.x, group.y, zoom);
    return { kind: "cluster", count: group.members.length, longitude: center.longitude, latitude: center.latitude, box: boundsOfPoints(group.members)! };
  });
  return [...others, ...drawn];
}

/** The smallest box holding the points that have usable coordinates; null when none has. */
export function boundsOfPoints(points: readonly { latitude?: number | null; longitude?: number | null }[]): BoundingBox | null {
  let box: BoundingBox | null = null;
  for (const { latitude, longitude } of points) {
    if (typeof latitude !== "number" || typeof longitude !== "number" || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) continue;
    box = box
      ? { west: Math.min(box.west, longitude), south: Math.min(box.south, latitude), east: Math.max(box.east, longitude), north: Math.max(box.north, latitude) }
      : { west: longitude, south: latitude, east: longitude, north: latitude };
  }
  return box;
}

/** The view a list opens the map on: its radius when it has a place, else its own results (null: the whole world). */
export function initialBox(search: string, points: readonly { latitude?: number | null; longitude?: number | null }[]): BoundingBox | null {
  const { near, radiusKm } = filtersOf(search);
  if (near && radiusKm !== null) return boxAround(near, radiusKm);
  return boundsOfPoints(points);
}

/** The list's radius, when it is near a place: all of its answer lies within, so the map fits it without asking. */
export function radiusBox(search: string): BoundingBox | null {
  return initialBox(search, []);
}

/** The world as a map view asks for it (Web Mercator stops short of the poles). */
export const WORLD_BOX: BoundingBox = { west: -180, south: -MAX_MERCATOR_LATITUDE, east: 180, north: MAX_MERCATOR_LATITUDE };
/** The zoom the first fitting request asks the world at: about a whole world in a map box. */
export const FIT_FIRST_ZOOM = 1;
/** At most this many requests find where a question's businesses are (each one two zooms closer). */
export const FIT_MAX_ROUNDS = 8;

/**
 * What an answer to a fitting request (the question asked over a wide view) says about where
 * its businesses are: a box to fit the map to; a single cluster, whose businesses may spread
 * over its whole tile, asks again closer, around it; nothing matching anywhere leaves the map.
 */
export type FitStep = { kind: "fit"; box: BoundingBox } | { kind: "closer"; center: LatLng; zoom: number } | { kind: "none" };

export function fitStep(features: readonly MapFeature[], zoom: number, maxSpan = 360, maxZoom = FIT_MAX_ZOOM): FitStep {
  const box = fittingBox(features, maxSpan);
  if (!box) return { kind: "none" };
  const [only] = features;
  if (features.length === 1 && only?.kind === "cluster" && Math.floor(zoom) < maxZoom) {
    return { kind: "closer", center: { latitude: only.latitude, longitude: only.longitude }, zoom: clusterClickZoom(zoom, maxZoom) };
  }
  return { kind: "fit", box };
}

/**
 * The most longitude a map of `width` × `height` px can show: Web Mercator's world fills the
 * map's height at its farthest zoom, so a tall map shows less than the whole world's width.
 */
export function widestSpan(width: number, height: number): number {
  if (!(width > 0 && height > 0)) return 360;
  return Math.min(360, (360 * width) / height);
}

/**
 * The box the map fits an answer to: the narrowest run of longitudes that holds the most of
 * its businesses within `maxSpan` degrees, across the antimeridian when that is narrower (west >
 * east then), and the latitudes of what it holds. Null without a point.
 */
export function fittingBox(features: readonly MapFeature[], maxSpan = 360): BoundingBox | null {
  const points = features
    .filter((feature) => boundsOfPoints([feature]) !== null)
    .map((feature) => ({ feature, weight: feature.kind === "cluster" ? feature.count : 1 }))
    .sort((a, b) => a.feature.longitude - b.feature.longitude);
  if (points.length === 0) return null;
  const n = points.length;
  // Longitudes once round: the points again 360° further east, so a run may cross the antimeridian.
  const around = (k: number) => points[k % n]!.feature.longitude + (k >= n ? 360 : 0);
  let best = { from: 0, to: n - 1, weight: -1, span: Infinity };
  let weight = 0;
  let to = -1;
  for (let from = 0; from < n; from++) {
    while (to + 1 < from + n && around(to + 1) - around(from) <= maxSpan) weight += points[++to % n]!.weight;
    const span = around(to) - around(from);
    if (weight > best.weight || (weight === best.weight && span < best.span)) best = { from, to, weight, span };
    if (to >= from) weight -= points[from]!.weight;
  }
  const held = Array.from({ length: best.to - best.from + 1 }, (_, i) => points[(best.from + i) % n]!.feature);
  const latitudes = held.map((feature) => feature.latitude);
  return { west: held[0]!.longitude, south: Math.min(...latitudes), east: held.at(-1)!.longitude, north: Math.max(...latitudes) };
}

/** The box a map of `width` × `height` px shows around `center` at `zoom`. */
export function viewAround(center: LatLng, zoom: number, width: number, height: number): BoundingBox {
  const { x, y } = worldPixel(center, zoom);
  const northWest = pixelPoint(x - width / 2, y - height / 2, zoom);
  const southEast = pixelPoint(x + width / 2, y + height / 2, zoom);
  return viewBox(northWest.longitude, southEast.latitude, southEast.longitude, northWest.latitude);
}

/**
 * Whether the view the map was just fitted to shows fewer businesses than the answer it was
 * fitted to: clusters sit at their businesses' mean position, so the outer ones' businesses can
 * fall beyond the fitted box, and the map then steps out a zoom. Only counts that are sure, and
 * not once the view shows every latitude: the map zooms out no farther.
 */
export function shouldWiden(fitted: MapAnswer | null, shown: MapAnswer, view: BoundingBox): boolean {
  // Within a degree: a fit near the farthest zoom may stop a few pixels short of a pole.
  const everyLatitude = view.north >= MAX_MERCATOR_LATITUDE - 1 && view.south <= -MAX_MERCATOR_LATITUDE + 1;
  return fitted !== null && fitted.complete && shown.complete && !everyLatitude && answerCount(shown) < answerCount(fitted);
}

/** The offline basemap's style (wrangler.toml's default MAP_STYLE_URL): land, borders and city names, no streets. */
export const OFFLINE_BASEMAP_STYLE = "/map-style.json";

/** A business's location map: city level on the offline basemap (closer it draws bare land), street level on a street style. */
export const LOCATION_MAP_ZOOM = { offline: 10, streets: 15 } as const;

/** Whether the configured style is the offline basemap (or none): a map that draws no streets. */
export function isOfflineBasemap(styleUrl: string): boolean {
  const path = styleUrl.trim().split(/[?#]/)[0] ?? "";
  // The site's own path, or the same file named by its full address.
  return path === "" || path === OFFLINE_BASEMAP_STYLE || /^https?:\/\/[^/]+\/map-style\.json$/i.test(path);
}

/** The zoom a business's location map opens at with the configured style. */
export function locationMapZoom(styleUrl: string): number {
  return isOfflineBasemap(styleUrl) ? LOCATION_MAP_ZOOM.offline : LOCATION_MAP_ZOOM.streets;
}

/**
 * "Search this area": the view's centre as `near`, with the smallest offered radius that reaches
 * the nearer pair of the view's edges (the circle covers what the visitor looks at, give or take
 * its corners); a view wider than the largest radius gets the largest.
 */
export function searchArea(box: BoundingBox, center: LatLng): { near: LatLng; radiusKm: number } {
  const halfWidth = distanceKm(center, { latitude: center.latitude, longitude: box.east });
  const halfHeight = distanceKm(center, { latitude: box.north, longitude: center.longitude });
  const reach = Math.min(halfWidth, halfHeight);
  const radiusKm = RADIUS_CHOICES_KM.find((km) => km >= reach) ?? Math.max(...RADIUS_CHOICES_KM);
  return { near: { latitude: Number(roundDegrees(center.latitude)), longitude: Number(roundDegrees(center.longitude)) }, radiusKm };
}
