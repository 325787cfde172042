import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, isRouteErrorResponse, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { BusinessGrid } from "~/components/business-grid";
import { ListingsWithTopLinks } from "~/components/count-links";
import { FilterBar } from "~/components/filter-bar";
import { ErrorState, withMissingListPage } from "~/components/list-states";
import { ResultsWithMap, type ResultPoint } from "~/components/results-map";
import { StatTile } from "~/components/stat-tile";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { categoryFilterSchema, detailQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { directoryMeta, notFoundMeta } from "~/lib/directory/directory-seo";
import { countryCrumbs } from "~/lib/directory/seo";
import { inCount } from "~/lib/directory/directory-text";
import { countOf, formatNumber } from "~/lib/directory/format";
import { requestFilters, listPageOf, notFoundPastLastPage, redirectToCanonicalPath } from "~/lib/web/http.server";
import { hasFilters } from "~/lib/search/search-filters";
import { citySlug } from "~/lib/business/slug";
import { getCityPage } from "~/models/city.server";
import { loaderHeaders } from "~/lib/web/route-headers";
import { limitHeavyQuestion } from "~/models/rate-limit.server";

/** The 404 of ?category= naming no category of the city's businesses. */
const CATEGORY_NOT_IN_CITY = "Category not found in this city";

// The loader's Cache-Control reaches the document only through this export.
export const headers = loaderHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const countryCode = (params.countryCode ?? "").toLowerCase();
  const slug = citySlug(params.citySlug ?? "");
  const respelled = redirectToCanonicalPath(request, "/cities", [countryCode, slug]);
  if (respelled) throw respelled;
  const query = searchParamsObject(request.url);
  const paging = { ...detailQuerySchema.parse(query), page: listPageOf(request) };
  const { category } = categoryFilterSchema.parse(query);
  // ?category= is the city's own narrowing (a page of its own), not a filter.
  const filters = requestFilters(request, false, { pageOwns: ["category"] });
  const filtered = hasFilters(filters);
  if (filtered) await limitHeavyQuestion(context.cloudflare.env.DB, request);
  const city = await getCityPage(context.cloudflare.env.DB, countryCode.toUpperCase(), slug, paging, category, filtered ? filters : null);
  if (!city) throw data(category ? CATEGORY_NOT_IN_CITY : "City not found", { status: 404 });
  notFoundPastLastPage(city.currentPage, city.totalPages);
  return data({ ...city, filters }, { headers: publicCache(filtered ? CACHE_SECONDS.openNow : CACHE_SECONDS.lists) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  data
    ? directoryMeta(matches, {
        title: data.category ? `${data.category.category} in ${data.city}, ${data.country}` : `Hotels and Businesses in ${data.city}, ${data.country}`,
        description: data.category
          ? `${countOf(data.category.count, "business", "businesses")} of the category ${data.category.category} in ${data.city}, ${data.country}.`
          : `${countOf(data.businessCount, "hotel or business", "hotels and businesses")} in ${data.city}, ${data.country}${inCount(data.categoryCount, "category", "categories", ", in ")}.`,
        path: cityPath(data, data.category?.slug ?? null),
        // A filtered or sorted variant is not indexed, and names the unfiltered list as canonical.
        page: data.filtered ? 1 : data.currentPage,
        searched: data.filtered !== null,
      })
    : notFoundMeta(matches, "City not found", `/cities/${params.countryCode ?? ""}/${params.citySlug ?? ""}`);

/** A city's page, narrowed to one of its categories when `category` is given. */
function cityPath(city: { countryCode: string; slug: string }, category: string | null): string {
  const path = `/cities/${city.countryCode.toLowerCase()}/${city.slug}`;
  return category ? `${path}?category=${encodeURIComponent(category)}` : path;
}

export default function CityDetail() {
  const city = useLoaderData<typeof loader>();
  const code = city.countryCode.toLowerCase();
  const chosen = city.category;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs crumbs={[...countryCrumbs(city.country, code), { name: city.city, path: `/cities/${code}/${city.slug}` }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight"><bdi>{city.city}</bdi></h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Hotels and businesses in <bdi>{city.city}</bdi>,{" "}
        <Link to={`/countries/${code}`} className="text-brand-700 dark:text-sky-300 underline underline-offset-2">{city.country}</Link>
      </p>
      <div className="mt-6 grid grid-cols-2 gap-2 sm:gap-4">
        <StatTile label="Businesses" value={formatNumber(city.businessCount)} />
        <StatTile label="Categories" value={formatNumber(city.categoryCount)} />
      </div>
      <ListingsWithTopLinks
        id="top-categories"
        title="Top Categories"
        // A category here is this city's list narrowed to it; the worldwide category is a link on that list.
        links={city.topCategories.map((c) => ({ key: c.slug, to: cityPath(city, c.slug), label: c.category, count: c.count, current: c.slug === chosen?.slug }))}
      >
        <div className="min-w-0">
          {chosen ? (
            <p className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <Link to={cityPath(city, null)} className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300">
                All categories in <bdi>{city.city}</bdi>
              </Link>
              <Link to={`/categories/${chosen.slug}`} className="font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300">
                <bdi>{chosen.category}</bdi> worldwide
              </Link>
            </p>
          ) : null}
          <FilterBar categories={city.topCategories.map(({ slug, category }) => ({ slug, name: category }))} />
          {/* The map asks for the city as a search's location does: its slug, then its country's code. */}
          <ResultsWithMap points={city.businesses as readonly ResultPoint[]} scope={[["location", `${city.slug}, ${city.countryCode}`]]}>
            <BusinessGrid heading={chosen ? `${chosen.category} in ${city.city}` : `Businesses in ${city.city}`} list={city} empty="No businesses found" />
          </ResultsWithMap>
        </div>
      </ListingsWithTopLinks>
    </div>
  );
}

export const ErrorBoundary = withMissingListPage(CityError);

function CityError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const { countryCode = "", citySlug = "" } = useParams();
  if (notFound && error.data === CATEGORY_NOT_IN_CITY) {
    return (
      <ErrorState title={CATEGORY_NOT_IN_CITY}>
        <Link to={`/cities/${countryCode.toLowerCase()}/${citySlug}`} className="mt-2 inline-block font-medium text-brand-700 dark:text-sky-300 underline">All businesses of this city</Link>
      </ErrorState>
    );
  }
  return (
    <ErrorState title={notFound ? "City not found" : "Unable to load cities"}>
      <Link to="/cities" className="mt-2 inline-block font-medium text-brand-700 dark:text-sky-300 underline">Browse all cities</Link>
    </ErrorState>
  );
}
