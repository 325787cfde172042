import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { CountLinkTiles } from "~/components/count-links";
import { FilterBar } from "~/components/filter-bar";
import { ErrorState, withMissingListPage } from "~/components/list-states";
import { ResultsWithMap, type ResultPoint } from "~/components/results-map";
import { StatTile, StatTiles } from "~/components/stat-tile";
import { countryDescription, countryIntro } from "~/lib/directory/directory-text";
import { countryInProse, formatNumber } from "~/lib/directory/format";
import { requestFilters, listPageOf, notFoundPastLastPage, redirectToCanonicalPath } from "~/lib/web/http.server";
import { hasFilters } from "~/lib/search/search-filters";
import { BusinessGrid } from "~/components/business-grid";
import { usePageLink } from "~/components/pager";
import { findBusinesses } from "~/models/finder.server";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { directoryMeta, notFoundMeta } from "~/lib/directory/directory-seo";
import { countryCrumbs } from "~/lib/directory/seo";
import { COUNTRY_TOP_CITIES } from "~/lib/directory/directory-limits";
import { getCountryPage, resolveCountrySlug } from "~/models/country.server";
import { loaderHeaders } from "~/lib/web/route-headers";
import { limitHeavyQuestion } from "~/models/rate-limit.server";

// The loader's Cache-Control reaches the document only through this export.
export const headers = loaderHeaders;

/** /countries/{code}; a country-name slug (e.g. /countries/switzerland) redirects to its code, query kept. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.cloudflare.env.DB;
  const page = listPageOf(request);
  const code = await resolveCountrySlug(db, params.slug ?? "");
  const respelled = code && redirectToCanonicalPath(request, "/countries", [code.toLowerCase()]);
  if (respelled) throw respelled;
  const filters = requestFilters(request, false);
  const filtered = hasFilters(filters);
  if (filtered) await limitHeavyQuestion(db, request);
  // With filters the page lists the businesses they keep, and ?page= pages them (its categories show their first page).
  const country = code ? await getCountryPage(db, code, filtered ? 1 : page) : null;
  if (!country) throw data("Country not found", { status: 404 });
  const businesses = filtered ? await findBusinesses(db, { words: "", location: null, scope: { kind: "country", code: country.countryCode }, filters, at: new Date() }, { page, perPage: COUNTRY_FILTERED_PER_PAGE }) : null;
  if (businesses) notFoundPastLastPage(businesses.currentPage, businesses.totalPages);
  else notFoundPastLastPage(country.categoriesPage, country.categoriesTotalPages);
  return data({ ...country, filters, businesses }, { headers: publicCache(filtered ? CACHE_SECONDS.openNow : CACHE_SECONDS.lists) });
}

/** Businesses a page of a filtered country list shows: as many as a category or city page. */
const COUNTRY_FILTERED_PER_PAGE = 12;

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  data
    ? directoryMeta(matches, {
        title: `Businesses in ${countryInProse(data.country)}`,
        description: countryDescription(data),
        path: `/countries/${data.countryCode.toLowerCase()}`,
        // A filtered or sorted variant is not indexed, and names the unfiltered page as canonical.
        page: data.businesses ? 1 : data.categoriesPage,
        searched: data.businesses !== null,
      })
    : notFoundMeta(matches, "Country not found", `/countries/${params.slug ?? ""}`);

export default function CountryDetail() {
  const country = useLoaderData<typeof loader>();
  const code = country.countryCode.toLowerCase();
  const pageLink = usePageLink();
  // The businesses of a filtered country page, when its loader lists them.
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs crumbs={countryCrumbs(country.country, code)} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Businesses in {countryInProse(country.country)}</h1>
      <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-300">{countryIntro(country)}</p>
      <StatTiles>
        <StatTile label="Total Businesses" value={formatNumber(country.businessCount)} />
        <StatTile label="Cities" value={formatNumber(country.cityCount)} />
        <StatTile label="Categories" value={formatNumber(country.categoryCount)} />
      </StatTiles>

      <section aria-labelledby="find-in-country" className="mt-10">
        <h2 id="find-in-country" className="mb-4 text-xl font-semibold">Find a place in {countryInProse(country.country)}</h2>
        <FilterBar categories={country.topCategories.map(({ slug, category }) => ({ slug, name: category }))} />
        {/* The map asks for the country by its code, as a search's location reads it: whatever its name is stored as. */}
        <ResultsWithMap points={(country.businesses?.businesses ?? []) as readonly ResultPoint[]} scope={[["location", country.countryCode]]}>
          {country.businesses ? (
            <BusinessGrid
              heading={`Businesses in ${countryInProse(country.country)}`}
              list={{ ...country.businesses, cursors: {}, filtered: country.businesses, limit: COUNTRY_FILTERED_PER_PAGE }}
              empty="No business matches these filters"
            />
          ) : null}
        </ResultsWithMap>
      </section>

      {/* No heading over nothing: a country whose businesses have no city (the upload template has none) or no category. */}
      {country.topCities.length > 0 ? (
        <section aria-labelledby="top-cities" className="mt-10">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="top-cities" className="text-xl font-semibold">Top Cities</h2>
            {country.cityCount > COUNTRY_TOP_CITIES ? (
              <Link to={`/countries/${code}/cities`} className="text-sm font-semibold text-brand-700 dark:text-sky-300 hover:underline">
                View all {formatNumber(country.cityCount)} cities →
              </Link>
            ) : null}
          </div>
          <CountLinkTiles
            prefetch="intent"
            links={country.topCities.map((city) => ({ key: city.slug, to: `/cities/${code}/${city.slug}`, label: city.city, count: city.count }))}
          />
        </section>
      ) : null}

      {country.categoryCount > 0 ? (
        <section aria-labelledby="popular-categories" className="mt-10">
          <h2 id="popular-categories" className="text-xl font-semibold">Popular Categories</h2>
          <CountLinkTiles
            links={country.topCategories.map((category) => ({ key: category.slug, to: `/categories/${category.slug}`, label: category.category, count: category.count }))}
          />
          {country.categoriesTotalPages > 1 && !country.businesses ? (
            <nav aria-label="Categories pages" className="mt-4 flex items-center justify-center gap-3 text-sm">
              {country.categoriesPage > 1 ? (
                <Link to={pageLink(country.categoriesPage - 1)} preventScrollReset className="rounded border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-3 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800">
                  Previous
                </Link>
              ) : null}
              <span className="text-slate-600 dark:text-slate-300">
                Page {country.categoriesPage} of {country.categoriesTotalPages}
              </span>
              {country.categoriesPage < country.categoriesTotalPages ? (
                <Link to={pageLink(country.categoriesPage + 1)} preventScrollReset className="rounded border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-3 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800">
                  Next
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = withMissingListPage(CountryError);

function CountryError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorState title={notFound ? "Country not found" : "Unable to load countries"}>
      <Link to="/countries" className="mt-2 inline-block font-medium text-brand-700 dark:text-sky-300 underline">
        Back to all countries
      </Link>
    </ErrorState>
  );
}
