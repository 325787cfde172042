/**
 * The filters and sort a visitor can put on any result set (/search, the list pages, /api/search,
 * /api/map), carried in the URL so a filtered list can be shared. One parser for pages and API:
 * a bad value is an error naming its parameter, never silently dropped. Pure.
 */
import type { LatLng } from "../map/geo-cell";

/** The radii offered, in kilometres; 10 when `near` comes without one. */
export const RADIUS_CHOICES_KM = [1, 5, 10, 25, 50] as const;
export const DEFAULT_RADIUS_KM = 10;

export const SORT_CHOICES = ["relevance", "distance", "rating", "reviews", "name"] as const;
export type SortChoice = (typeof SORT_CHOICES)[number];

/** Price levels as the exports write them. */
export const PRICE_CHOICES = ["$", "$$", "$$$", "$$$$"] as const;
export type PriceChoice = (typeof PRICE_CHOICES)[number];

/** At most this many `amenity` parameters: each is a condition on every candidate row. */
export const MAX_AMENITY_FILTERS = 5;

export interface SearchFilters {
  near: LatLng | null;
  /** Set only with `near`. */
  radiusKm: number | null;
  minRating: number | null;
  openNow: boolean;
  /** A category slug. */
  category: string | null;
  verified: boolean;
  /** Amenity names as the detail page shows them (e.g. "Free Wi-Fi"). */
  amenities: string[];
  price: PriceChoice | null;
  /** Null: the list's own order (relevance for a search, newest first for a list page). */
  sort: SortChoice | null;
}

export const NO_FILTERS: SearchFilters = {
  near: null,
  radiusKm: null,
  minRating: null,
  openNow: false,
  category: null,
  verified: false,
  amenities: [],
  price: null,
  sort: null,
};

/** The URL parameters the filters are read from, in the order they are written back. */
export const FILTER_PARAMETERS = ["near", "radius", "minRating", "openNow", "category", "verified", "amenity", "price", "sort"] as const;

export type FiltersParse = { ok: true; filters: SearchFilters } | { ok: false; parameter: string; error: string };

const fail = (parameter: string, error: string): FiltersParse => ({ ok: false, parameter, error });

/** A flag is on with 1 or true, off when absent or 0 / false. */
function readFlag(raw: string | null): boolean | undefined {
  if (raw === null || raw === "" || raw === "0" || raw === "false") return false;
  if (raw === "1" || raw === "true") return true;
  return undefined;
}

/**
 * Reads the filters of a URL. `hasQuery` says whether the result set is a text search (relevance
 * is its sort; elsewhere relevance means nothing). Empty values count as absent, as a plain GET
 * form sends every field.
 */
export function parseSearchFilters(params: URLSearchParams, hasQuery: boolean): FiltersParse {
  const value = (name: string) => {
    const raw = params.get(name)?.trim();
    return raw ? raw : null;
  };
  const filters: SearchFilters = { ...NO_FILTERS, amenities: [] };

  const near = value("near");
  if (near !== null) {
    const match = /^(-?\d{1,2}(?:\.\d+)?),\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(near);
    const latitude = match ? Number(match[1]) : NaN;
    const longitude = match ? Number(match[2]) : NaN;
    if (!match || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      return fail("near", "near must be LATITUDE,LONGITUDE in degrees (e.g. 41.0082,28.9784)");
    }
    filters.near = { latitude, longitude };
  }
  const radius = value("radius");
  if (radius !== null) {
    if (!filters.near) return fail("radius", "radius needs near=LATITUDE,LONGITUDE");
    const km = Number(radius);
    if (!(RADIUS_CHOICES_KM as readonly number[]).includes(km)) return fail("radius", `radius must be one of ${RADIUS_CHOICES_KM.join(", ")} (km)`);
    filters.radiusKm = km;
  } else if (filters.near) {
    filters.radiusKm = DEFAULT_RADIUS_KM;
  }

  const minRating = value("minRating");
  if (minRating !== null) {
    const rating = Number(minRating);
    if (!/^\d(?:\.\d)?$/.test(minRating) || rating < 1 || rating > 5) return fail("minRating", "minRating must be a rating from 1 to 5 (e.g. 4 or 4.5)");
    filters.minRating = rating;
  }

  const openNow = readFlag(value("openNow"));
  if (openNow === undefined) return fail("openNow", "openNow must be 1 or absent");
  filters.openNow = openNow;
  const verified = readFlag(value("verified"));
  if (verified === undefined) return fail("verified", "verified must be 1 or absent");
  filters.verified = verified;

  const category = value("category");
  if (category !== null) {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(category) || category.length > 120) return fail("category", "category must be a category slug (e.g. hotel)");
    filters.category = category;
  }

  const amenities = [...new Set(params.getAll("amenity").map((name) => name.trim()).filter(Boolean))];
  if (amenities.length > MAX_AMENITY_FILTERS) return fail("amenity", `at most ${MAX_AMENITY_FILTERS} amenity filters`);
  if (amenities.some((name) => name.length > 80 || /[|\u0000-\u001f]/.test(name))) return fail("amenity", "amenity must be an amenity name (e.g. Free Wi-Fi)");
  filters.amenities = amenities;

  const price = value("price");
  if (price !== null) {
    if (!(PRICE_CHOICES as readonly string[]).includes(price)) return fail("price", `price must be one of ${PRICE_CHOICES.join(", ")}`);
    filters.price = price as PriceChoice;
  }

  const sort = value("sort");
  if (sort !== null) {
    if (!(SORT_CHOICES as readonly string[]).includes(sort)) return fail("sort", `sort must be one of ${SORT_CHOICES.join(", ")}`);
    if (sort === "distance" && !filters.near) return fail("sort", "sort=distance needs near=LATITUDE,LONGITUDE");
    if (sort === "relevance" && !hasQuery) return fail("sort", "sort=relevance needs a search query q");
    filters.sort = sort as SortChoice;
  }
  return { ok: true, filters };
}

/** Whether any filter or sort narrows or reorders the list (such a variant is noindex). */
export function hasFilters(filters: SearchFilters): boolean {
  return (
    filters.near !== null ||
    filters.minRating !== null ||
    filters.openNow ||
    filters.category !== null ||
    filters.verified ||
    filters.amenities.length > 0 ||
    filters.price !== null ||
    filters.sort !== null
  );
}

/** The URL parameters of a filter set, in FILTER_PARAMETERS order (the inverse of parseSearchFilters). */
export function filterSearchParams(filters: SearchFilters): [string, string][] {
  const entries: [string, string][] = [];
  if (filters.near) entries.push(["near", `${roundDegrees(filters.near.latitude)},${roundDegrees(filters.near.longitude)}`]);
  if (filters.near && filters.radiusKm !== null && filters.radiusKm !== DEFAULT_RADIUS_KM) entries.push(["radius", String(filters.radiusKm)]);
  if (filters.minRating !== null) entries.push(["minRating", String(filters.minRating)]);
  if (filters.openNow) entries.push(["openNow", "1"]);
  if (filters.category) entries.push(["category", filters.category]);
  if (filters.verified) entries.push(["verified", "1"]);
  for (const amenity of filters.amenities) entries.push(["amenity", amenity]);
  if (filters.price) entries.push(["price", filters.price]);
  if (filters.sort) entries.push(["sort", filters.sort]);
  return entries;
}

/** Five decimals (about a metre): a shared link does not carry a browser's full precision. */
export function roundDegrees(degrees: number): string {
  return String(Math.round(degrees * 1e5) / 1e5);
}
