import { Link, useLocation, useNavigationType, type Location } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { withParams } from "~/lib/directory/directory-query";
import { pagerItems } from "~/lib/directory/paging";

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

/** The link of another page of the list on screen: its path and other query parameters kept, ?page= set. */
export function usePageLink(): (page: number) => string {
  const { pathname, search } = useLocation();
  return (page) => `${pathname}${withParams(search, { page })}`;
}

interface PagerProps {
  currentPage: number;
  totalPages: number;
  /** The link of a page; usePageLink's unless given. */
  hrefFor?: (page: number) => string;
}

const button = "inline-flex min-w-9 items-center justify-center rounded border px-2.5 py-1.5 text-sm sm:px-3";
const link = `${button} border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700`;
const disabled = `${button} border-slate-200 text-slate-500 dark:border-slate-700 dark:text-slate-400`;

/** "Previous"/"Next", an arrow on a phone so that the row of pages fits beside it. */
function StepLabel({ text, arrow }: { text: string; arrow: string }) {
  return (
    <>
      <span aria-hidden="true" className="sm:hidden">{arrow}</span>
      <span className="max-sm:sr-only">{text}</span>
    </>
  );
}

/**
 * Previous and Next around the first page, the last page and two pages either side of the
 * current one, with "…" for the pages between (6 of 100 → 1 … 4 5 6 7 8 … 100): the spec's
 * 5-button window, plus a way to the ends of a long list.
 */
export function Pager({ currentPage, totalPages, hrefFor: given }: PagerProps) {
  const pageLink = usePageLink();
  const hrefFor = given ?? pageLink;
  if (totalPages <= 1) return null;
  const items = pagerItems(currentPage, totalPages);
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1.5 sm:gap-2">
      {currentPage > 1 ? (
        <Link state={PAGED} to={hrefFor(currentPage - 1)} className={link} rel="prev">
          <StepLabel text="Previous" arrow="‹" />
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          <StepLabel text="Previous" arrow="‹" />
        </span>
      )}
      {items.map((item, index) =>
        item === "ellipsis" ? (
          <span key={`ellipsis-${index}`} className="px-0.5 text-slate-600 dark:text-slate-300" aria-hidden="true">
            …
          </span>
        ) : item === currentPage ? (
          <span key={item} aria-current="page" className={`${button} border-brand-700 bg-brand-700 font-semibold text-white`}>
            {item}
          </span>
        ) : (
          <Link key={item} state={PAGED} to={hrefFor(item)} className={link} aria-label={`Page ${item}`}>
            {item}
          </Link>
        ),
      )}
      {currentPage < totalPages ? (
        <Link state={PAGED} to={hrefFor(currentPage + 1)} className={link} rel="next">
          <StepLabel text="Next" arrow="›" />
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          <StepLabel text="Next" arrow="›" />
        </span>
      )}
    </nav>
  );
}
