/**
 * What the CSV export dialog can ask for: the 27 export columns, the date ranges and the file
 * names of the spec. Pure, so the dialog and the server agree by construction.
 */
import type { businesses, SqlRow } from "~/db/schema";
import { dayNumber, startOfLocalDay, wallClock, weekdayFromMonday, type WallClock } from "../business/time-zone";
import { categorySlug } from "../business/slug";

export const EXPORT_COLUMNS = [
  "id", "name", "slug", "category", "type", "full_address", "street", "city", "postal_code",
  "country", "country_code", "phone", "latitude", "longitude", "rating", "reviews",
  "reviews_link", "photo", "logo", "located_in", "working_hours", "verified", "about",
  "place_id", "created_at", "updated_at", "url",
] as const satisfies readonly (keyof SqlRow<typeof businesses>)[];
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const DEFAULT_EXPORT_FIELDS: readonly ExportColumn[] = ["name", "full_address", "phone", "type"];

/** The earlier dialog's fields (POST /api/export-csv) and the column each one reads. */
export const SIMPLE_EXPORT_FIELDS = {
  name: "name",
  address: "full_address",
  phone: "phone",
  category: "category",
  reviewCount: "reviews",
  rating: "rating",
  placeId: "place_id",
  countryCode: "country_code",
  url: "url",
} as const satisfies Record<string, ExportColumn>;
export type SimpleExportField = keyof typeof SIMPLE_EXPORT_FIELDS;

export const DATE_RANGES = ["all", "today", "yesterday", "last24hours", "last7days", "thisweek", "thismonth", "custom"] as const;
export type DateRange = (typeof DATE_RANGES)[number];

/** Unix-second bounds [from, to) on created_at; undefined means unbounded. */
export interface CreatedBetween {
  from?: number;
  to?: number;
}

const DAY = 86_400;

/**
 * A "2026-11-22" day as a day number (days since 1970-01-01), or null, also for a day the
 * calendar does not have (2026-02-30, which Date.parse would read as March 2).
 */
export function parseDay(text: string | undefined): number | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? null : ms / 1000 / DAY;
}

/** The export's fields each once, in the order first asked for: a field repeated adds no column. */
export function distinctFields<Field extends string>(fields: readonly Field[]): Field[] {
  return [...new Set(fields)];
}

/**
 * The created_at window of a date range, with days, weeks and months as the admin's zone has
 * them (an unknown zone is read as UTC). Weeks start on Monday. A custom range uses both days
 * inclusive, and only when both are set. The rolling ranges do not depend on the zone.
 */
export function createdBetween(range: DateRange, nowSeconds: number, timeZone: string, startDate?: string, endDate?: string): CreatedBetween {
  const now = wallClock(nowSeconds, timeZone);
  const dayStart = (day: number) => startOfLocalDay(day, timeZone);
  switch (range) {
    case "all":
      return {};
    case "today":
      return { from: dayStart(now.day) };
    case "yesterday":
      return { from: dayStart(now.day - 1), to: dayStart(now.day) };
    case "last24hours":
      return { from: nowSeconds - DAY };
    case "last7days":
      return { from: nowSeconds - 7 * DAY };
    case "thisweek":
      return { from: dayStart(now.day - weekdayFromMonday(now.day)) };
    case "thismonth":
      return { from: dayStart(dayNumber(now.year, now.month, 1)) };
    case "custom": {
      const from = parseDay(startDate);
      const to = parseDay(endDate);
      if (from === null || to === null) return {};
      return { from: dayStart(from), to: dayStart(to + 1) };
    }
  }
}

const twoDigits = (n: number) => String(n).padStart(2, "0");
const calendarDate = (t: WallClock) => `${t.year}-${twoDigits(t.month)}-${twoDigits(t.dayOfMonth)}`;

/**
 * "2026-11-22T01-02-03" on the admin's clock, as they expect to see it among their downloads:
 * sortable, and safe in a file name.
 */
export function fileTimestamp(date: Date, timeZone: string): string {
  const t = wallClock(date.getTime() / 1000, timeZone);
  return `${calendarDate(t)}T${twoDigits(t.hour)}-${twoDigits(t.minute)}-${twoDigits(t.second)}`;
}

/** businesses_{country}_{n}kategoriler_{range}_{timestamp}.csv (current dialog). */
export function exportFileName(country: string, categoryCount: number, range: DateRange, date: Date, timeZone: string): string {
  return `businesses_${country}_${categoryCount}kategoriler_${range}_${fileTimestamp(date, timeZone)}.csv`;
}

/** businesses_export_{date}.csv (earlier dialog), the date on the admin's calendar. */
export function simpleExportFileName(date: Date, timeZone: string): string {
  return `businesses_export_${calendarDate(wallClock(date.getTime() / 1000, timeZone))}.csv`;
}

/**
 * The dialog's query for GET /api/admin/export-csv; a custom range is sent only when both days
 * are set. Fields go in the spec's column order, whatever order they were ticked in. Categories
 * go as their slugs, which the server reads as it reads names: a name may hold a comma ("Bed &
 * Breakfast, Inn"), which would split it in the comma list, a slug never does. The admin's time
 * zone comes last, after the spec's parameters: the server has no other way to know where the
 * admin's day begins.
 */
export function exportQuery(
  fields: readonly string[],
  countryCode: string,
  categories: readonly string[],
  dateRange: DateRange,
  startDate: string,
  endDate: string,
  timeZone: string,
): URLSearchParams {
  const ordered = EXPORT_COLUMNS.filter((column) => fields.includes(column));
  const query = new URLSearchParams({ fields: ordered.join(","), countryCode, dateRange });
  if (categories.length > 0) query.set("categories", categories.map(categorySlug).join(","));
  if (dateRange === "custom" && startDate && endDate) {
    query.set("startDate", startDate);
    query.set("endDate", endDate);
  }
  query.set("timeZone", timeZone);
  return query;
}
