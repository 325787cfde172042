/**
 * The one translation of a visitor's filters (app/lib/search/search-filters.ts) into a business list's
 * SQL, shared by every list that takes them (/search, /api/search, the list pages, /api/map):
 * what SQL can decide is a condition on the row; what it cannot (the exact distance, and whether
 * the business is open at this moment on its own clock) is decided in the Worker over the bounded
 * candidates the SQL answers (businessAfterSql).
 */
import { amenityKey } from "~/lib/business/business-record";
import { businessOpenAt } from "~/lib/business/business-time-zone";
import { coverRadius, distanceKm, type CellRange } from "~/lib/map/geo-cell";
import type { SearchFilters } from "~/lib/search/search-filters";

export interface FilterConditions {
  /** Conditions to AND into the list's WHERE, on the columns of `alias`. */
  where: string[];
  /** Their parameters, numbered from `firstParam` in this order. */
  params: unknown[];
}

/** The columns passesAfterSql reads for the distance, always selected with the candidates. */
const POSITION_COLUMNS = ["latitude", "longitude"] as const;
/** The columns rowOpenNow reads beside the position: selected only when "open now" is asked. */
const OPENING_COLUMNS = ["working_hours", "time_zone", "country_code"] as const;

/**
 * The columns of `alias` passesAfterSql needs for `filters`, for a SELECT list. A near-me list
 * reads a few thousand candidates, and their opening hours were most of the bytes it carried.
 */
export function filterRowColumnsSql(alias: string, filters: Pick<SearchFilters, "openNow"> | null): string {
  const columns = filters?.openNow ? [...POSITION_COLUMNS, ...OPENING_COLUMNS] : POSITION_COLUMNS;
  return columns.map((column) => `${alias}.${column}`).join(", ");
}

/** SQL: a cell column inside one of `ranges` (integers computed here, written inline: no parameter per range). */
export function cellRangesSql(column: string, ranges: readonly CellRange[]): string {
  if (ranges.length === 0) return "0";
  return `(${ranges.map((range) => `${column} BETWEEN ${Math.trunc(range.lo)} AND ${Math.trunc(range.hi)}`).join(" OR ")})`;
}

/**
 * The filters as SQL conditions on the businesses table under `alias`: minRating, verified,
 * category (its slug), each amenity (the derived amenity_names), price, and `near` as the
 * stored cells covering its radius (at most 16 ranges; the exact distance is businessAfterSql's).
 * `radius: false` leaves the radius out, for a reader that walks the cells itself.
 */
export function businessFilterConditions(
  filters: SearchFilters,
  { alias = "b", firstParam = 1, radius = true }: { alias?: string; firstParam?: number; radius?: boolean } = {},
): FilterConditions {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `?${firstParam + params.length - 1}`;
  };
  if (filters.minRating !== null) where.push(`${alias}.rating >= ${param(filters.minRating)}`);
  if (filters.verified) where.push(`${alias}.verified = 1`);
  if (filters.category !== null) where.push(`${alias}.category_slug = ${param(filters.category)}`);
  for (const amenity of filters.amenities) where.push(`instr(${alias}.amenity_names, ${param(`|${amenityKey(amenity)}|`)}) > 0`);
  if (filters.price !== null) where.push(`${alias}.price_range = ${param(filters.price)}`);
  if (radius && filters.near && filters.radiusKm !== null) {
    where.push(`${alias}.geo_cell IS NOT NULL`, cellRangesSql(`${alias}.geo_cell`, coverRadius(filters.near, filters.radiusKm)));
  }
  return { where, params };
}

/** A candidate row as businessAfterSql reads it (snake_case, as D1 answers). */
export type FilterRow = Record<string, unknown>;

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined || value === "" ? null : Number(value);
}

/** The distance of a row from `near`, or null (no `near`, or a business without coordinates). */
export function rowDistanceKm(row: FilterRow, near: SearchFilters["near"]): number | null {
  const latitude = numberOrNull(row.latitude);
  const longitude = numberOrNull(row.longitude);
  if (!near || latitude === null || longitude === null) return null;
  return distanceKm(near, { latitude, longitude });
}

/** Whether a row (its position and OPENING_COLUMNS) is open at `at` on the business's own clock: its page's badge. */
export function rowOpenNow(row: FilterRow, at: Date): boolean {
  return businessOpenAt(
    {
      timeZone: (row.time_zone as string | null) ?? null,
      countryCode: (row.country_code as string | null) ?? null,
      latitude: numberOrNull(row.latitude),
      longitude: numberOrNull(row.longitude),
      workingHours: (row.working_hours as string | null) ?? null,
    },
    at,
  );
}

/**
 * Whether a candidate (columns filterRowColumnsSql) passes what SQL cannot decide: within the
 * radius by the exact great-circle distance (`distance` from rowDistanceKm), and open at `at`
 * when openNow is asked.
 */
export function passesAfterSql(row: FilterRow, distance: number | null, filters: SearchFilters, at: Date): boolean {
  if (filters.near && (distance === null || filters.radiusKm === null || distance > filters.radiusKm)) return false;
  return !filters.openNow || rowOpenNow(row, at);
}
