/**
 * The page of a 400 for a filter the address got wrong (http.server.ts filtersOf). Its own module,
 * free of the list components: the root's error boundary shows it for /search, on every page's bundle.
 */
import { isRouteErrorResponse, Link, useLocation } from "@remix-run/react";
import { withParams } from "~/lib/directory/directory-query";

/** The message of a 400 for a filter the address got wrong (http.server.ts filtersOf), else null. */
export function filterErrorOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 400) return null;
  const body = error.data as { filterError?: unknown } | null;
  return body && typeof body === "object" && typeof body.filterError === "string" ? body.filterError : null;
}

/** A list asked for with a filter it cannot read: what was wrong, and the list without its filters. */
export function BadFilterState({ message }: { message: string }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  // A search keeps its words; every other parameter goes.
  const kept = pathname === "/search" ? withParams("", { q: params.get("q"), location: params.get("location") }) : "";
  return (
    <div role="alert" className="mx-auto mt-10 max-w-2xl rounded-xl border border-red-200 dark:border-red-800 bg-red-50 dark:bg-red-950 p-8 text-center">
      <h1 className="text-xl font-bold text-red-800 dark:text-red-200">These filters cannot be used</h1>
      <p data-testid="filter-error" className="mt-2 text-sm text-red-800 dark:text-red-200">{message}</p>
      <Link to={`${pathname}${kept}`} className="mt-4 inline-block font-medium text-brand-700 dark:text-sky-300 underline">
        Show the list without filters
      </Link>
    </div>
  );
}

