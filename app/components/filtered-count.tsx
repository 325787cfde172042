import { showingRange } from "~/lib/directory/paging";
import { formatNumber, plural } from "~/lib/directory/format";
import { FILTERED_CANDIDATES } from "~/lib/search/finder-limits";
import { EmptyState } from "./list-states";

/**
 * How many match, truthfully: "40 results"; "1,000+ results" at the cap; "at least 40 results"
 * when the finder stopped reading at its budget (more may match than it counted).
 */
export function countedText(totalCount: number, moreThanCounted: boolean, [one, many]: [string, string]): string {
  if (!moreThanCounted) return `${formatNumber(totalCount)} ${plural(totalCount, one, many)}`;
  if (totalCount >= FILTERED_CANDIDATES) return `${formatNumber(totalCount)}+ ${many}`;
  return `at least ${formatNumber(totalCount)} ${plural(totalCount, one, many)}`;
}

/** Said beside a count that stopped at the finder's budget. */
export const REFINE_HINT = "refine the search or zoom in to see them all";

/**
 * The empty state of a result set: "No businesses found" only when the finder read everything;
 * when it stopped at its budget, that none of what it read matched, which says nothing of the rest.
 */
export function NoResults({ moreThanCounted, title, children }: { moreThanCounted: boolean; title: string; children?: React.ReactNode }) {
  if (!moreThanCounted) return <EmptyState title={title}>{children}</EmptyState>;
  return (
    <EmptyState title="No match among the businesses checked so far">
      More businesses may match than this search could read at once: refine the search (a place, a category, fewer filters) or zoom in.
    </EmptyState>
  );
}

/** "Showing 1–12 of 1,000+ matching businesses" above a list read with filters (its count stops at the candidates). */
export function FilteredCount({ totalCount, moreThanCounted, page, perPage }: { totalCount: number; moreThanCounted: boolean; page: number; perPage: number }) {
  const { from, to } = showingRange(page, perPage, totalCount);
  const count = countedText(totalCount, moreThanCounted, ["matching business", "matching businesses"]);
  const hint = moreThanCounted && totalCount < FILTERED_CANDIDATES ? ` — ${REFINE_HINT}` : "";
  return (
    <p className="mb-2 text-sm text-slate-600 dark:text-slate-300" data-testid="filtered-count">
      {totalCount > 0 ? <>Showing {from}–{to} of {count}{hint}</> : moreThanCounted ? `No match yet among the businesses checked — ${REFINE_HINT}` : "No business matches these filters"}
    </p>
  );
}
