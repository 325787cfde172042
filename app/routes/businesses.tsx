import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { BusinessCard } from "~/components/business-card";
import { FilterBar } from "~/components/filter-bar";
import { EmptyState, ErrorState, useListPending, withMissingListPage } from "~/components/list-states";
import { Pager, useResultsStart } from "~/components/pager";
import { ResultsWithMap, type ResultPoint } from "~/components/results-map";
import { ViewToggle, cardsLayout, useListView } from "~/components/view-toggle";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { directoryMeta } from "~/lib/directory/directory-seo";
import { pagesCapped, showingRange } from "~/lib/directory/paging";
import { ALL_BUSINESSES_MAX_PAGES, ALL_BUSINESSES_PER_PAGE } from "~/lib/directory/directory-limits";
import { requestFilters, listPageOf, notFoundPastLastPage } from "~/lib/web/http.server";
import { hasFilters } from "~/lib/search/search-filters";
import { FilteredCount, NoResults } from "~/components/filtered-count";
import { listBusinesses, listFilteredBusinesses } from "~/models/business.server";
import { loaderHeaders } from "~/lib/web/route-headers";
import { formatNumber } from "~/lib/directory/format";
import { limitHeavyQuestion } from "~/models/rate-limit.server";

// The loader's Cache-Control reaches the document only through this export.
export const headers = loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  directoryMeta(matches, {
    title: "All Businesses",
    description: `Browse ${formatNumber(data?.totalCount ?? 0)} hotels and businesses worldwide, newest first.`,
    path: "/businesses",
    // A filtered or sorted variant is not indexed, and names the unfiltered list as canonical.
    page: data?.filtered ? 1 : data?.currentPage,
    searched: Boolean(data?.filtered),
    empty: data?.totalCount === 0,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = listPageOf(request, ALL_BUSINESSES_MAX_PAGES);
  const filters = requestFilters(request, false);
  const db = context.cloudflare.env.DB;
  if (hasFilters(filters)) {
    await limitHeavyQuestion(db, request);
    const list = await listFilteredBusinesses(db, page, filters);
    notFoundPastLastPage(list.currentPage, list.totalPages);
    return data({ ...list, filters }, { headers: publicCache(CACHE_SECONDS.openNow) });
  }
  const list = await listBusinesses(db, page);
  notFoundPastLastPage(list.currentPage, list.totalPages);
  return data({ ...list, filters, filtered: null }, { headers: publicCache(CACHE_SECONDS.lists) });
}

export default function AllBusinesses() {
  const list = useLoaderData<typeof loader>();
  const view = useListView();
  const pending = useListPending();
  const resultsStart = useResultsStart<HTMLParagraphElement>();
  const { from, to } = showingRange(list.currentPage, ALL_BUSINESSES_PER_PAGE, list.totalCount);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs crumbs={[{ name: "Home", path: "/" }, { name: "All Businesses", path: "/businesses" }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">All Businesses</h1>
      <div className="mt-6">
        <FilterBar />
      </div>
      <ResultsWithMap points={list.businesses as readonly ResultPoint[]}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {list.filtered ? (
            <div ref={resultsStart} tabIndex={-1}>
              <FilteredCount {...list.filtered} page={list.currentPage} perPage={ALL_BUSINESSES_PER_PAGE} />
            </div>
          ) : (
            <p ref={resultsStart} tabIndex={-1} className="text-sm text-slate-600 dark:text-slate-300">
              {list.totalCount > 0 ? (
                <>
                  Showing {from}-{to} of {formatNumber(list.totalCount)} businesses
                  <span aria-hidden="true"> · </span>
                </>
              ) : null}
              Page {list.currentPage} of {Math.max(1, list.totalPages)}
            </p>
          )}
          <ViewToggle />
        </div>
        {pending ? (
          <p role="status" className="mt-10 text-center text-slate-600 dark:text-slate-300">Loading businesses...</p>
        ) : list.businesses.length === 0 ? (
          <NoResults moreThanCounted={list.filtered?.moreThanCounted ?? false} title="No businesses found" />
        ) : (
          <>
            <h2 className="sr-only">Businesses on this page</h2>
            <ul className={view === "list" ? cardsLayout(view) : "mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2"}>
              {list.businesses.map((business) => (
                <li key={business.id}>
                  <BusinessCard
                    business={business}
                    layout={view}
                    distanceKm={"distanceKm" in business ? business.distanceKm : null}
                    openNow={"openNow" in business && business.openNow}
                  />
                </li>
              ))}
            </ul>
            <Pager currentPage={list.currentPage} totalPages={list.totalPages} />
            {!list.filtered && pagesCapped(list.totalCount, ALL_BUSINESSES_PER_PAGE, ALL_BUSINESSES_MAX_PAGES) ? <PagesCappedNote /> : null}
          </>
        )}
      </ResultsWithMap>
    </div>
  );
}

/**
 * The list stops at the spec's 100 pages (deep OFFSETs are costly at two million businesses);
 * like the admin's list (decision 031), it says so and where the rest can be found.
 */
function PagesCappedNote() {
  const link = "font-medium text-brand-700 dark:text-sky-300 underline underline-offset-2";
  return (
    <p className="mt-4 text-center text-sm text-slate-600 dark:text-slate-300" data-testid="pages-capped">
      Only the newest {formatNumber(ALL_BUSINESSES_MAX_PAGES * ALL_BUSINESSES_PER_PAGE)} businesses are listed here. To find the
      others, <Link to="/search" className={link}>search</Link> or browse by <Link to="/categories" className={link}>category</Link>,{" "}
      <Link to="/countries" className={link}>country</Link> or <Link to="/cities" className={link}>city</Link>.
    </p>
  );
}

export const ErrorBoundary = withMissingListPage(BusinessesError);

function BusinessesError() {
  return (
    <ErrorState title="Error Loading Businesses">
      <p>Please try again later.</p>
    </ErrorState>
  );
}
