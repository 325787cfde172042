/** Paging helpers shared by list pages and their loaders. Pure. */

export type PagerItem = number | "ellipsis";

function wholePages(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

/**
 * A window of at most `size` consecutive page numbers that contains `current`, kept inside
 * 1..totalPages (current 1 of 10 → 1..5; 5 of 10 → 3..7; 10 of 10 → 6..10).
 */
export function pageWindow(current: number, totalPages: number, size = 5): number[] {
  const total = wholePages(totalPages);
  const width = Math.min(wholePages(size), total);
  if (width === 0) return [];
  const page = clamp(Number.isFinite(current) ? Math.floor(current) : 1, 1, total);
  let start = Math.max(1, page - Math.floor((width - 1) / 2));
  const end = Math.min(total, start + width - 1);
  start = Math.max(1, end - width + 1);
  const pages: number[] = [];
  for (let p = start; p <= end; p++) pages.push(p);
  return pages;
}

/**
 * Pager for /businesses: first page, last page, two pages either side of the current one,
 * and "ellipsis" for skipped runs (current 6 of 100 → 1 … 4 5 6 7 8 … 100). A run of a
 * single skipped page is shown as that page rather than an ellipsis (1 2 3 4 5 … for 4).
 */
export function pagerItems(current: number, totalPages: number): PagerItem[] {
  const total = wholePages(totalPages);
  if (total === 0) return [];
  const page = clamp(Number.isFinite(current) ? Math.floor(current) : 1, 1, total);
  const shown = new Set<number>([1, total]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= total) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push("ellipsis");
    items.push(p);
    previous = p;
  }
  return items;
}

/** The body of a list page's 404 for a page it does not have (shown by MissingListPage). */
export const MISSING_LIST_PAGE = "Page not found";

/**
 * What a list page's ?page= value asks for, read so that every page has one address: absent →
 * page 1; "2" up to `max` → that page; "1" and a number with leading zeros ("01", "007") name a
 * page that has another address → `canonical` (1 is the address without ?page=); anything else
 * ("", "0", "-1", "2.5", "abc", beyond `max`) names no page → "none".
 */
export type PageParam = { page: number } | { canonical: number } | "none";

export function readPageParam(raw: string | null | undefined, max = Infinity): PageParam {
  if (raw == null) return { page: 1 };
  if (!/^\d+$/.test(raw)) return "none";
  const page = Number(raw);
  if (!Number.isSafeInteger(page) || page < 1 || page > max) return "none";
  return page === 1 || raw !== String(page) ? { canonical: page } : { page };
}

/**
 * The page number of an API's ?page= (the spec's rule for /api/businesses): a page readPageParam
 * accepts, however written; anything else gives 1. Pages answer those with a redirect or a 404.
 */
export function parsePageParam(raw: string | null | undefined, max = Infinity): number {
  const read = readPageParam(raw, max);
  return read === "none" ? 1 : "page" in read ? read.page : read.canonical;
}

/**
 * Bounds for "Showing X to Y of Z": 1-based positions of the first and last item on `page`.
 * { from: 0, to: 0 } when there is nothing to show on that page.
 */
export function showingRange(page: number, perPage: number, total: number): { from: number; to: number } {
  const count = wholePages(total);
  const size = wholePages(perPage);
  const p = Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1;
  if (count === 0 || size === 0) return { from: 0, to: 0 };
  const from = (p - 1) * size + 1;
  if (from > count) return { from: 0, to: 0 };
  return { from, to: Math.min(p * size, count) };
}

/** Number of pages for `total` items, `perPage` to a page, at most `cap`; 0 when there are none. */
export function totalPages(total: number, perPage: number, cap = Infinity): number {
  const count = wholePages(total);
  const size = wholePages(perPage);
  if (count === 0 || size === 0) return 0;
  return Math.min(Math.ceil(count / size), Math.max(0, cap));
}

/** True when `cap` pages of `perPage` cannot show all `total` items: some are out of the pager's reach. */
export function pagesCapped(total: number, perPage: number, cap: number): boolean {
  return wholePages(total) > wholePages(perPage) * wholePages(cap);
}
