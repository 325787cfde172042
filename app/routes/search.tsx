import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { BusinessCard } from "~/components/business-card";
import { FilterBar } from "~/components/filter-bar";
import { ResultsWithMap, type ResultPoint } from "~/components/results-map";
import { Pager, useResultsStart } from "~/components/pager";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { withParams } from "~/lib/directory/directory-query";
import { countryInProse, displayCountry, formatNumber, plural } from "~/lib/directory/format";
import { requestFilters, listPageOf, notFoundPastLastPage } from "~/lib/web/http.server";
import { filterSearchParams, hasFilters, type SearchFilters } from "~/lib/search/search-filters";
import { showingRange } from "~/lib/directory/paging";
import { seoMeta, siteUrlFrom } from "~/lib/directory/seo";
import { filterCategoryChoices } from "~/models/category.server";
import { SEARCH_MAX_PAGES, searchBusinesses, type SearchLocation } from "~/models/search.server";
import { countedText, NoResults, REFINE_HINT } from "~/components/filtered-count";
import { FILTERED_CANDIDATES } from "~/lib/search/finder-limits";
import { loaderHeaders } from "~/lib/web/route-headers";
import { limitHeavyQuestion } from "~/models/rate-limit.server";

export const headers = loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const location = (url.searchParams.get("location") ?? "").trim().slice(0, 100);
  const page = listPageOf(request, SEARCH_MAX_PAGES);
  const filters = requestFilters(request, q !== "");
  const db = context.cloudflare.env.DB;
  if (hasFilters(filters)) await limitHeavyQuestion(db, request);
  const [results, categoryChoices] = await Promise.all([searchBusinesses(db, { q, location, page, filters }), filterCategoryChoices(db)]);
  // "Showing 0–0 of 3 results" with no pager back: page 1 instead, as every list does.
  notFoundPastLastPage(results.currentPage, results.totalPages);
  // Filtered results say who is open now: kept a minute, not ten.
  return data({ ...results, locationText: location, categoryChoices }, { headers: publicCache(hasFilters(filters) ? CACHE_SECONDS.openNow : CACHE_SECONDS.detail) });
}

/**
 * The address of a results page: the search text and location when given, the page past 1,
 * nothing else. The canonical link names it, so a results page reached with other parameters
 * (?utm_source=…, ?view=list, filters) names its clean address.
 */
function resultsPath(query: string, location: string, page: number): string {
  return `/search${withParams("", { q: query, location, page })}`;
}

/** A results page with its filters, as the pager links it (the canonical link names resultsPath). */
function filteredResultsPath(query: string, location: string, filters: SearchFilters, page: number): string {
  const params = new URLSearchParams(withParams("", { q: query, location }));
  for (const [name, value] of filterSearchParams(filters)) params.append(name, value);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return `/search${text ? `?${text}` : ""}`;
}

function locationLabel(location: SearchLocation | null, text: string): string {
  if (!location) return text;
  // The countries list keeps a country under the text its businesses stored ("GH" for the
  // template's rows): named as its page names it.
  if (location.kind === "country") return countryInProse(displayCountry(location.code, location.name));
  if (location.kind === "text") return location.text;
  return location.country ? `${location.name}, ${displayCountry(location.country.code, location.country.name)}` : location.name;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const q = loaded?.query ?? "";
  const where = loaded ? locationLabel(loaded.location, loaded.locationText) : "";
  // "hotel in Paris", "hotel", "Businesses in Paris", or nothing to name.
  const subject = where ? `${q || "Businesses"} in ${where}` : q;
  return seoMeta({
    title: subject ? `${subject} – Search results | WorldHotels Directory` : "Search hotels and businesses | WorldHotels Directory",
    description: subject
      ? `Hotels and businesses matching "${subject}": ratings, addresses, phone numbers and opening hours.`
      : "Search the directory of hotels and businesses by name, category, city or country.",
    path: loaded ? resultsPath(loaded.query, loaded.locationText, loaded.currentPage) : "/search",
    siteUrl: siteUrlFrom(matches),
    // Result pages are for visitors, not for the index (the directory pages are).
    noindex: true,
  });
};

export default function SearchPage() {
  const results = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const resultsStart = useResultsStart<HTMLParagraphElement>();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";
  const where = locationLabel(results.location, results.locationText);
  const { from, to } = showingRange(results.currentPage, 20, results.totalCount);
  const filtered = hasFilters(results.filters);
  const hrefFor = (page: number) => filteredResultsPath(results.query, results.locationText, results.filters, page);
  // Near me and the other filters make a result set of their own, with or without search text.
  const searched = Boolean(results.query || results.locationText || filtered);
  const countText = countedText(results.totalCount, results.moreThanCounted, ["result", "results"]);
  const stoppedShort = results.moreThanCounted && results.totalCount < FILTERED_CANDIDATES;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold break-words">
        {results.query ? <>Search results for “{results.query}”{where ? <> in {where}</> : null}</> : where ? `Businesses in ${where}` : "Search"}
      </h1>
      <Form method="get" action="/search" role="search" className="mt-6 flex flex-col gap-2 rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-3 shadow-sm sm:flex-row">
        <label htmlFor="search-q" className="sr-only">What are you looking for?</label>
        <input id="search-q" name="q" defaultValue={results.query} key={`q-${results.query}`} placeholder="Hotel name, category, city…" className="min-w-0 flex-[3] rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-2.5" />
        <label htmlFor="search-location" className="sr-only">Where?</label>
        <input id="search-location" name="location" defaultValue={results.locationText} key={`l-${results.locationText}`} placeholder="Where? (city, country)" className="min-w-0 flex-[2] rounded-lg border border-slate-300 dark:border-slate-600 px-3 py-2.5" />
        <button type="submit" className="rounded-lg bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-900">Search</button>
      </Form>

      <div className="mt-6">
        <FilterBar categories={results.categoryChoices} />
      </div>

      {searched ? (
        <ResultsWithMap points={results.businesses as readonly ResultPoint[]}>
          <p ref={resultsStart} tabIndex={-1} className="text-slate-700 dark:text-slate-300" data-testid="result-count">
            {results.totalCount > 0 ? (
              <>Showing {from}–{to} of {countText}{stoppedShort ? ` — ${REFINE_HINT}` : ""}</>
            ) : stoppedShort ? (
              `No match yet among the businesses checked — ${REFINE_HINT}`
            ) : (
              "0 results"
            )}
          </p>
          {results.someWordsOnly ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300" data-testid="some-words-only">
              No business matches all of “{results.query}”; these match some of the words, the most matching first.
            </p>
          ) : null}

          {results.businesses.length > 0 ? <h2 className="sr-only">Results</h2> : null}
          <div className={`mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 ${searching ? "opacity-50" : ""}`} aria-busy={searching}>
            {results.businesses.map((business) => (
              <BusinessCard key={business.id} business={business} distanceKm={business.distanceKm} openNow={filtered && business.openNow} />
            ))}
          </div>

          {results.businesses.length === 0 && stoppedShort ? <NoResults moreThanCounted title="No businesses found" /> : null}
          {results.businesses.length === 0 && !stoppedShort ? (
            <div className="mt-8 rounded-xl border border-dashed border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 p-10 text-center">
              <h2 className="text-xl font-semibold">No businesses found</h2>
              <p className="mt-2 text-slate-600 dark:text-slate-300">Try other words, check the spelling, or browse the directory instead.</p>
              <div className="mt-4 flex justify-center gap-4 text-brand-700 dark:text-sky-300">
                <Link to="/categories" className="hover:underline">Categories</Link>
                <Link to="/countries" className="hover:underline">Countries</Link>
                <Link to="/cities" className="hover:underline">Cities</Link>
              </div>
            </div>
          ) : null}
          <Pager currentPage={results.currentPage} totalPages={results.totalPages} hrefFor={hrefFor} />
        </ResultsWithMap>
      ) : (
        <p className="mt-8 text-slate-600 dark:text-slate-300">Type a hotel name, a category, a city or a country to search the directory.</p>
      )}
    </div>
  );
}
