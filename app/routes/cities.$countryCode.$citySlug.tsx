import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { BusinessGrid } from "~/components/business-grid";
import { ListingsWithTopLinks } from "~/components/count-links";
import { ErrorState } from "~/components/list-states";
import { StatTile } from "~/components/stat-tile";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { detailQuerySchema, searchParamsObject } from "~/lib/directory-query.server";
import { directoryMeta, notFoundMeta } from "~/lib/directory-seo";
import { inCount } from "~/lib/directory-text";
import { countOf } from "~/lib/format";
import { redirectIfPastLastPage, redirectToCanonicalPath } from "~/lib/http.server";
import { citySlug } from "~/lib/slug";
import { getCityPage } from "~/models/city.server";
import { loaderHeaders } from "~/lib/route-headers";

// The loader's Cache-Control reaches the document only through this export.
export const headers = loaderHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const countryCode = (params.countryCode ?? "").toLowerCase();
  const slug = citySlug(params.citySlug ?? "");
  const respelled = redirectToCanonicalPath(request, "/cities", [countryCode, slug]);
  if (respelled) throw respelled;
  const paging = detailQuerySchema.parse(searchParamsObject(request.url));
  const city = await getCityPage(context.cloudflare.env.DB, countryCode.toUpperCase(), slug, paging);
  if (!city) throw data("City not found", { status: 404 });
  redirectIfPastLastPage(request, city.currentPage, city.totalPages);
  return data(city, { headers: publicCache(CACHE_SECONDS.lists) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  data
    ? directoryMeta(matches, {
        title: `Hotels and Businesses in ${data.city}, ${data.country}`,
        description: `${countOf(data.businessCount, "hotel or business", "hotels and businesses")} in ${data.city}, ${data.country}${inCount(data.categoryCount, "category", "categories", ", in ")}.`,
        path: `/cities/${data.countryCode.toLowerCase()}/${data.slug}`,
        page: data.currentPage,
      })
    : notFoundMeta(matches, "City not found", `/cities/${params.countryCode ?? ""}/${params.citySlug ?? ""}`);

export default function CityDetail() {
  const city = useLoaderData<typeof loader>();
  const code = city.countryCode.toLowerCase();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs
        crumbs={[
          { name: "Home", path: "/" },
          { name: "Countries", path: "/countries" },
          { name: city.country, path: `/countries/${code}` },
          { name: city.city, path: `/cities/${code}/${city.slug}` },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight"><bdi>{city.city}</bdi></h1>
      <p className="mt-2 text-slate-600">
        Hotels and businesses in <bdi>{city.city}</bdi>,{" "}
        <Link to={`/countries/${code}`} className="text-brand-700 underline underline-offset-2">{city.country}</Link>
      </p>
      <div className="mt-6 grid grid-cols-2 gap-2 sm:gap-4">
        <StatTile label="Businesses" value={city.businessCount.toLocaleString("en-US")} />
        <StatTile label="Categories" value={city.categoryCount.toLocaleString("en-US")} />
      </div>
      <ListingsWithTopLinks
        id="top-categories"
        title="Top Categories"
        links={city.topCategories.map((c) => ({ key: c.slug, to: `/categories/${c.slug}`, label: c.category, count: c.count }))}
      >
        <BusinessGrid
          heading={`Businesses in ${city.city}`}
          businesses={city.businesses}
          currentPage={city.currentPage}
          totalPages={city.totalPages}
          cursors={city.cursors}
          empty="No businesses found"
        />
      </ListingsWithTopLinks>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorState title={notFound ? "City not found" : "Unable to load cities"}>
      <Link to="/cities" className="mt-2 inline-block font-medium text-brand-700 underline">Browse all cities</Link>
    </ErrorState>
  );
}
