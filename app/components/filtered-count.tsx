import { showingRange } from "~/lib/directory/paging";
import { formatNumber, plural } from "~/lib/directory/format";

/** "Showing 1–12 of 1,000+ matching businesses" above a list read with filters (its count stops at the candidates). */
export function FilteredCount({ totalCount, moreThanCounted, page, perPage }: { totalCount: number; moreThanCounted: boolean; page: number; perPage: number }) {
  const { from, to } = showingRange(page, perPage, totalCount);
  const count = `${formatNumber(totalCount)}${moreThanCounted ? "+" : ""} matching ${plural(moreThanCounted ? 2 : totalCount, "business", "businesses")}`;
  return (
    <p className="mb-2 text-sm text-slate-600 dark:text-slate-300" data-testid="filtered-count">
      {totalCount > 0 ? <>Showing {from}–{to} of {count}</> : "No business matches these filters"}
    </p>
  );
}
