import { isRouteErrorResponse, Link, useLocation, useNavigation, useRevalidator, useRouteError, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { withParams } from "~/lib/directory/directory-query";
import { formatNumber } from "~/lib/directory/format";
import { MISSING_LIST_PAGE, showingRange } from "~/lib/directory/paging";
import { BadFilterState, filterErrorOf } from "./filter-error";
import { Pager, useResultsStart } from "./pager";
import { SearchBox } from "./search-box";

/** True while a client-side navigation to another page of the current list is loading. */
export function useListPending(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname.split("/")[1] === pathname.split("/")[1];
}

export function CardSkeletons({ count = 6, label = "Loading..." }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="mt-6">
      <span className="sr-only">{label}</span>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="h-36 motion-safe:animate-pulse rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-5">
            <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-slate-700" />
            <div className="mt-3 h-3 w-1/3 rounded bg-slate-200 dark:bg-slate-700" />
            <div className="mt-6 h-3 w-1/2 rounded bg-slate-100 dark:bg-slate-800" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mt-8 rounded-xl border border-dashed border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 p-10 text-center">
      <p className="text-lg font-semibold text-slate-800 dark:text-slate-200">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600 dark:text-slate-300">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="mx-auto mt-10 max-w-2xl rounded-xl border border-red-200 dark:border-red-800 bg-red-50 dark:bg-red-950 p-8 text-center">
      <h1 className="text-xl font-bold text-red-800 dark:text-red-200">{title}</h1>
      {children ? <div className="mt-2 text-sm text-red-800 dark:text-red-200">{children}</div> : null}
    </div>
  );
}

/**
 * A directory list that could not be loaded (the spec's error title and text): its search box
 * stays, holding the text from the address and the cursor when the visitor was typing, and
 * "Try again" loads the same address again. Before, the error replaced the box and the text.
 */
export function ListLoadError({ title, children, search }: { title: string; children: ReactNode; search: { placeholder: string; label: string } }) {
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <SearchBox placeholder={search.placeholder} label={search.label} value={params.get("q") ?? ""} focusOnMount={params.has("q")} />
      <ErrorState title={title}>
        {children}
        <button
          type="button"
          disabled={retrying}
          onClick={() => revalidator.revalidate()}
          className="mt-4 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900 disabled:cursor-wait disabled:bg-slate-500"
        >
          {retrying ? "Loading..." : "Try again"}
        </button>
      </ErrorState>
    </div>
  );
}

/** A list asked for a page it does not have (the loader's 404): says so and links its first page. */
function MissingListPage() {
  const { pathname, search } = useLocation();
  const page = new URLSearchParams(search).get("page") ?? "";
  return (
    <ErrorState title="Page not found">
      <p>
        This list has no page <q dir="auto">{page.slice(0, 20)}</q>.
      </p>
      <Link to={`${pathname}${withParams(search, { page: null, before: null })}`} className="mt-4 inline-block font-medium text-brand-700 dark:text-sky-300 underline">
        Go to the first page
      </Link>
    </ErrorState>
  );
}

/**
 * A paged list's error boundary: its page-not-found answer and a filter it cannot read first,
 * every other error as `Boundary` shows it.
 */
export function withMissingListPage(Boundary: () => ReactNode) {
  return function ErrorBoundary() {
    const error = useRouteError();
    if (isRouteErrorResponse(error) && error.status === 404 && error.data === MISSING_LIST_PAGE) return <MissingListPage />;
    const filterError = filterErrorOf(error);
    if (filterError) return <BadFilterState message={filterError} />;
    return <Boundary />;
  };
}

/** The empty state's hint of a list narrowed by a letter or search text. */
export function narrowedListHint(list: { letter: string | null; q: string }): string | null {
  return list.letter || list.q ? "Try another letter or search text." : null;
}

/**
 * The cards of a directory list (categories, cities, countries): skeletons while another page of
 * it loads, "No … found" when the page has none, else "Showing a to b of n", the cards and the
 * pager; after paging, focus moves to that line.
 */
export function PagedCards<Item>({
  list,
  items,
  perPage,
  noun,
  emptyHint,
  className,
  children,
}: {
  list: { currentPage: number; totalPages: number; totalCount: number };
  /** This page's entries, each drawn by `children` as one <li>. */
  items: readonly Item[];
  perPage: number;
  /** What the list counts, plural ("categories"): also in its loading and empty titles. */
  noun: string;
  emptyHint: ReactNode;
  className: string;
  children: (item: Item) => ReactNode;
}) {
  const pending = useListPending();
  const resultsStart = useResultsStart<HTMLParagraphElement>();
  const { from, to } = showingRange(list.currentPage, perPage, list.totalCount);
  if (pending) return <CardSkeletons label={`Loading ${noun}...`} />;
  if (items.length === 0) return <EmptyState title={`No ${noun} found`}>{emptyHint}</EmptyState>;
  return (
    <>
      <p ref={resultsStart} tabIndex={-1} className="mt-6 text-sm text-slate-600 dark:text-slate-300">
        Showing {from} to {to} of {formatNumber(list.totalCount)} {noun}
      </p>
      <ul className={className}>{items.map(children)}</ul>
      <Pager currentPage={list.currentPage} totalPages={list.totalPages} />
    </>
  );
}
