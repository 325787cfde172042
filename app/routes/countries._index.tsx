import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ListLoadError, PagedCards, useListPending, withMissingListPage } from "~/components/list-states";
import { SearchBox } from "~/components/search-box";
import { StatTile, StatTiles } from "~/components/stat-tile";
import { listPageOf, notFoundPastLastPage } from "~/lib/web/http.server";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { listQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { directoryMeta } from "~/lib/directory/directory-seo";
import { countOf, formatCount, formatNumber, marketShare } from "~/lib/directory/format";
import { COUNTRIES_PER_PAGE } from "~/lib/directory/directory-limits";
import { listCountries } from "~/models/country.server";
import { loaderHeaders } from "~/lib/web/route-headers";

// The loader's Cache-Control reaches the document only through this export.
export const headers = loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = listPageOf(request);
  const { q } = listQuerySchema.parse(searchParamsObject(request.url));
  const list = await listCountries(context.cloudflare.env.DB, { q, page });
  notFoundPastLastPage(list.currentPage, list.totalPages);
  return data(list, { headers: publicCache(CACHE_SECONDS.lists) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  directoryMeta(matches, {
    title: "Global Business Directory – Countries",
    description: `Hotels and businesses in ${data?.totalCount ?? 0} countries: browse the directory country by country.`,
    path: "/countries",
    page: data?.currentPage,
    searched: Boolean(data?.q),
    empty: data?.totalCount === 0,
  });

/** The list's search box, the same on the list and on its error page. */
const COUNTRY_SEARCH = { placeholder: "Search countries...", label: "Search countries" };

export default function Countries() {
  const list = useLoaderData<typeof loader>();
  const pending = useListPending();
  const largest = Math.max(1, ...list.countries.map((c) => c.businessCount));
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs crumbs={[{ name: "Home", path: "/" }, { name: "Countries", path: "/countries" }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Global Business Directory</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Explore hotels and businesses country by country.</p>
      <StatTiles>
        <StatTile label="Countries" value={formatNumber(list.totalCount)} />
        <StatTile label="Total Businesses" value={formatNumber(list.totalBusinesses)} />
        <StatTile label="Cities" value={formatNumber(list.totalCities)} />
      </StatTiles>
      <div className="mt-6">
        <SearchBox {...COUNTRY_SEARCH} value={list.q} results={pending ? null : `${countOf(list.totalCount, "country", "countries")} found`} />
      </div>
      <PagedCards list={list} items={list.countries} perPage={COUNTRIES_PER_PAGE} noun="countries" emptyHint="Try another country name." className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {(country) => (
          <li key={country.countryCode}>
            <Link
              to={`/countries/${country.countryCode.toLowerCase()}`}
              prefetch="intent"
              className="group block rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-5 shadow-sm transition hover:border-brand-600 dark:hover:border-sky-400 hover:shadow-md"
            >
              <div className="flex items-center justify-between gap-3">
                <h2 className="text-lg font-semibold group-hover:text-brand-700">{country.country}</h2>
                <span className="rounded bg-slate-100 dark:bg-slate-800 px-2 py-0.5 font-mono text-xs text-slate-700 dark:text-slate-300">{country.countryCode}</span>
              </div>
              <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
                {[
                  ["Businesses", country.businessCount],
                  ["Cities", country.cityCount],
                  ["Categories", country.categoryCount],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-lg bg-slate-50 dark:bg-slate-950 py-2">
                    <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
                    <dd className="font-semibold text-slate-900 dark:text-slate-100">{formatCount(value)}</dd>
                  </div>
                ))}
              </dl>
              <div className="mt-4 flex items-center justify-between text-sm">
                <span className="text-slate-600 dark:text-slate-300">Market share</span>
                <span className="font-medium text-slate-900 dark:text-slate-100">{marketShare(country.businessCount, list.directoryBusinesses)}</span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                <div className="h-2 rounded-full bg-brand-600" style={{ width: `${(country.businessCount / largest) * 100}%` }} />
              </div>
              <span className="mt-4 inline-block text-sm font-semibold text-brand-700 dark:text-sky-300">Explore Now →</span>
            </Link>
          </li>
        )}
      </PagedCards>
    </div>
  );
}

export const ErrorBoundary = withMissingListPage(CountriesError);

function CountriesError() {
  return (
    <ListLoadError title="Unable to load countries" search={COUNTRY_SEARCH}>
      <p>Please try again later.</p>
    </ListLoadError>
  );
}
