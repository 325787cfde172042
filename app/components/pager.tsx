import { Link, useLocation, useNavigationType, type Location } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { pagerItems, pageWindow } from "~/lib/paging";

/** The history state of a pager link, so the page it opens knows it was paged to. */
const PAGED = { paged: true };

/**
 * A ref for the element where a list's results begin (give it tabIndex={-1}). After a pager link
 * is followed, focus moves there: the link the keyboard left sat at the bottom of the old page,
 * and the next Tab went to the footer. Other navigations (search-as-you-type, the layout toggle,
 * back and forward, a reload) leave focus where it is.
 */
export function useResultsStart<T extends HTMLElement>() {
  const start = useRef<T>(null);
  const arrival = useLinkArrival("paged", PAGED.paged);
  useEffect(() => {
    if (arrival) start.current?.focus();
  }, [arrival]);
  return start;
}

/**
 * The current location when it was opened by following a link whose history state has `key` set
 * to `value` (a PUSH navigation), else null: back and forward, a reload or a replacing navigation
 * (search-as-you-type) are not arrivals. A new arrival is a new location, for an effect's deps.
 */
export function useLinkArrival(key: string, value: unknown): Location | null {
  const location = useLocation();
  const navigationType = useNavigationType();
  const state = location.state as Record<string, unknown> | null;
  return navigationType === "PUSH" && state?.[key] === value ? location : null;
}

interface PagerProps {
  currentPage: number;
  totalPages: number;
  /** The link of a page (keeps the other query parameters of the list). */
  hrefFor: (page: number) => string;
  /**
   * "window": Previous/Next around a window of 5 page buttons (category, city, country lists).
   * "full": first and last page, ellipses and two pages either side (all businesses).
   */
  variant?: "window" | "full";
}

const button = "inline-flex min-w-9 items-center justify-center rounded border px-3 py-1.5 text-sm";

export function Pager({ currentPage, totalPages, hrefFor, variant = "window" }: PagerProps) {
  if (totalPages <= 1) return null;
  const items = variant === "full" ? pagerItems(currentPage, totalPages) : pageWindow(currentPage, totalPages);
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {currentPage > 1 ? (
        <Link state={PAGED} to={hrefFor(currentPage - 1)} className={`${button} border-slate-300 bg-white hover:bg-slate-100`} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={`${button} border-slate-200 text-slate-400`} aria-disabled="true">
          Previous
        </span>
      )}
      {items.map((item, index) =>
        item === "ellipsis" ? (
          <span key={`ellipsis-${index}`} className="px-1 text-slate-500" aria-hidden="true">
            …
          </span>
        ) : item === currentPage ? (
          <span key={item} aria-current="page" className={`${button} border-brand-700 bg-brand-700 font-semibold text-white`}>
            {item}
          </span>
        ) : (
          <Link key={item} state={PAGED} to={hrefFor(item)} className={`${button} border-slate-300 bg-white hover:bg-slate-100`} aria-label={`Page ${item}`}>
            {item}
          </Link>
        ),
      )}
      {currentPage < totalPages ? (
        <Link state={PAGED} to={hrefFor(currentPage + 1)} className={`${button} border-slate-300 bg-white hover:bg-slate-100`} rel="next">
          Next
        </Link>
      ) : (
        <span className={`${button} border-slate-200 text-slate-400`} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
