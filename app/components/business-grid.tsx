import { useLocation } from "@remix-run/react";
import { withParams } from "~/lib/directory/directory-query";
import { BusinessCard, type BusinessCardData } from "./business-card";
import { FilteredCount, NoResults } from "./filtered-count";
import { CardSkeletons, useListPending } from "./list-states";
import { Pager, useResultsStart } from "./pager";
import { ViewToggle, useListView } from "./view-toggle";

/** One page of a category's, city's or country's businesses, as its loader answers it. */
export interface BusinessGridPage {
  /** With `distanceKm` and `openNow` when the list was read with filters. */
  businesses: (BusinessCardData & { distanceKm?: number | null; openNow?: boolean })[];
  currentPage: number;
  totalPages: number;
  /** `before` cursors of the neighbouring pages, so that deep pages stay cheap to read. */
  cursors: Record<number, number>;
  /** With filters: the businesses they keep, counted under the heading. */
  filtered: { totalCount: number; moreThanCounted: boolean } | null;
  /** Businesses a page holds. */
  limit: number;
}

/** The paged business cards of a category, city or country page (5-button pager window). */
export function BusinessGrid({ heading, list, empty }: { heading: string; list: BusinessGridPage; empty: string }) {
  const { businesses, currentPage, totalPages, cursors, filtered } = list;
  const { pathname, search } = useLocation();
  const view = useListView();
  const pending = useListPending();
  const resultsStart = useResultsStart<HTMLHeadingElement>();
  return (
    <section aria-labelledby="businesses-heading" className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={resultsStart} tabIndex={-1} id="businesses-heading" className="text-xl font-semibold">{heading}</h2>
        <ViewToggle />
      </div>
      {filtered ? <FilteredCount totalCount={filtered.totalCount} moreThanCounted={filtered.moreThanCounted} page={currentPage} perPage={list.limit} /> : null}
      {pending ? (
        <CardSkeletons label="Loading businesses..." />
      ) : businesses.length === 0 ? (
        <NoResults moreThanCounted={filtered?.moreThanCounted ?? false} title={empty} />
      ) : (
        <>
          <ul className={view === "list" ? "mt-4 flex flex-col gap-3" : "mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2"}>
            {businesses.map((business) => (
              <li key={business.id}>
                <BusinessCard business={business} layout={view} distanceKm={business.distanceKm} openNow={business.openNow} />
              </li>
            ))}
          </ul>
          <Pager currentPage={currentPage} totalPages={totalPages} hrefFor={(page) => `${pathname}${withParams(search, { page, before: page > 1 ? (cursors[page] ?? null) : null })}`} />
        </>
      )}
    </section>
  );
}

