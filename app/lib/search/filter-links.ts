/**
 * The addresses the filter bar, "Near me" and the results map lead to: the current list with
 * some filters changed. Built from parseSearchFilters / filterSearchParams, so a link carries the
 * filters exactly as the loaders read them. Pure (runs in the browser).
 */
import type { LatLng } from "../map/geo-cell";
import { FILTER_PARAMETERS, NO_FILTERS, filterSearchParams, parseSearchFilters, type SearchFilters } from "./search-filters";
import { dropTrackingParams } from "../web/tracking-params";

/** Where a list is in its pages: a changed filter starts again on page 1. */
const PAGING_PARAMETERS = ["page", "before"] as const;

/** Whether the address is a text search (relevance is only offered then). */
export function hasSearchText(search: string): boolean {
  return Boolean(new URLSearchParams(search).get("q")?.trim());
}

/** The filters of an address; none when one is unreadable (the loader has already said so). */
export function filtersOf(search: string): SearchFilters {
  const parsed = parseSearchFilters(new URLSearchParams(search), hasSearchText(search));
  return parsed.ok ? parsed.filters : { ...NO_FILTERS, amenities: [] };
}

/**
 * The parameters a filter change keeps (q, location, the layout…): every one that is neither a
 * filter nor a place in the pages. The filter form sends them as hidden fields.
 */
export function keptParams(search: string): [string, string][] {
  const skipped = new Set<string>([...FILTER_PARAMETERS, ...PAGING_PARAMETERS]);
  return [...dropTrackingParams(new URLSearchParams(search)).entries()].filter(([name]) => !skipped.has(name));
}

/** `search` with `change` applied to its filters, back on page 1 ("" when nothing is left). */
export function withFilters(search: string, change: Partial<SearchFilters>): string {
  const filters = { ...filtersOf(search), ...change };
  // A sort the new filters cannot have (distance without near) falls back to the list's own order.
  if (filters.sort === "distance" && !filters.near) filters.sort = null;
  if (!filters.near) filters.radiusKm = null;
  const params = new URLSearchParams([...keptParams(search), ...filterSearchParams(filters)]);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** "Near me": the list around the visitor's position, nearest first, any chosen radius kept. */
export function nearMeSearch(search: string, position: LatLng): string {
  return withFilters(search, { near: position, sort: "distance" });
}

/** The list without a place to be near (its distance order goes with it). */
export function withoutNear(search: string): string {
  return withFilters(search, { near: null, radiusKm: null });
}
