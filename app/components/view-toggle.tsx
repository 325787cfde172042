import { Link, useLocation } from "@remix-run/react";
import { withParams } from "~/lib/directory/directory-query";

export type ListView = "grid" | "list";

/** The layout a list shows, remembered in the URL (?view=list) so it survives paging and sharing. */
export function useListView(): ListView {
  const { search } = useLocation();
  return new URLSearchParams(search).get("view") === "list" ? "list" : "grid";
}

/**
 * Grid/List as two links (they change the URL, so they work without JavaScript); the shown
 * layout is marked aria-current. Not role="button": a link does not take Space, a button must.
 */
export function ViewToggle() {
  const { pathname, search } = useLocation();
  const view = useListView();
  const page = new URLSearchParams(search).get("page");
  const option = (value: ListView, label: string) => (
    <Link
      to={`${pathname}${withParams(search, { view: value === "grid" ? null : value, page })}`}
      replace
      preventScrollReset
      aria-current={view === value ? "true" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === value ? "bg-brand-700 text-white" : "text-slate-700 dark:text-slate-300 hover:bg-slate-100 dark:hover:bg-slate-800"}`}
    >
      {label}
    </Link>
  );
  return (
    <div role="group" aria-label="Layout" className="inline-flex gap-1 rounded-lg border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-1">
      {option("grid", "Grid")}
      {option("list", "List")}
    </div>
  );
}

/** Grid or list container for cards. */
export function cardsLayout(view: ListView): string {
  return view === "list" ? "mt-6 flex flex-col gap-3" : "mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3";
}
