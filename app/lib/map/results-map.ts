/**
 * The arithmetic of the results map beside /search and the list pages: what it asks /api/map
 * for, what it makes of the answer, where a cluster click zooms to and which search "Search this
 * area" makes of the view. Pure (runs in the browser; the map library itself is loaded lazily).
 */
import { boxAround, distanceKm, type BoundingBox, type LatLng } from "./geo-cell";
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
  | { kind: "cluster"; count: number; longitude: number; latitude: number };

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
 * The /api/map query of a view: the list's own scope (a category page's category), its search
 * text and location, and its filters; the sort changes nothing on a map and is left out.
 */
export function mapQuery(search: string, scope: readonly [string, string][], box: BoundingBox, zoom: number): string {
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
  params.set("bbox", [box.west, box.south, box.east, box.north].map(roundDegrees).join(","));
  params.set("zoom", String(Math.max(0, Math.floor(zoom))));
  return params.toString();
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
