import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CityDirectory, CountryCitiesError } from "~/components/city-directory";
import { withMissingListPage } from "~/components/list-states";
import { countryInProse } from "~/lib/directory/format";
import { countryCitiesDescription } from "~/lib/directory/directory-text";
import { listPageOf, notFoundPastLastPage, redirectToCanonicalPath } from "~/lib/web/http.server";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { listQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { directoryMeta, notFoundMeta } from "~/lib/directory/directory-seo";
import { countryCrumbs } from "~/lib/directory/seo";
import { listCities } from "~/models/city.server";
import { getCountrySummary, resolveCountrySlug } from "~/models/country.server";
import { loaderHeaders } from "~/lib/web/route-headers";

// The loader's Cache-Control reaches the document only through this export.
export const headers = loaderHeaders;

/** /countries/{code}/cities: every city of a country, biggest first, searchable, 12 a page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.cloudflare.env.DB;
  const code = await resolveCountrySlug(db, params.slug ?? "");
  const respelled = code && redirectToCanonicalPath(request, "/countries", [code.toLowerCase(), "cities"]);
  if (respelled) throw respelled;
  const page = listPageOf(request);
  const { q } = listQuerySchema.parse(searchParamsObject(request.url));
  const [country, list] = code
    ? await Promise.all([getCountrySummary(db, code), listCities(db, { letter: null, q, page, countryCode: code })])
    : [null, null];
  if (!country || !list) throw data("Country not found", { status: 404 });
  notFoundPastLastPage(list.currentPage, list.totalPages);
  return data({ country: { name: country.country, code: country.countryCode }, list }, { headers: publicCache(CACHE_SECONDS.lists) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  data
    ? directoryMeta(matches, {
        title: `Cities in ${countryInProse(data.country.name)}`,
        description: countryCitiesDescription(data.country.name, data.list.totalCount),
        path: `/countries/${data.country.code.toLowerCase()}/cities`,
        page: data.list.currentPage,
        searched: Boolean(data.list.q),
        empty: data.list.totalCount === 0,
      })
    : notFoundMeta(matches, "Country not found", `/countries/${params.slug ?? ""}/cities`);

export default function CountryCities() {
  const { country, list } = useLoaderData<typeof loader>();
  const code = country.code.toLowerCase();
  return (
    <CityDirectory
      list={list}
      title={`Cities in ${countryInProse(country.name)}`}
      intro={`Every city of ${countryInProse(country.name)} with listings in the directory, biggest first.`}
      crumbs={[...countryCrumbs(country.name, code), { name: "Cities", path: `/countries/${code}/cities` }]}
      letters={false}
    />
  );
}

export const ErrorBoundary = withMissingListPage(CountryCitiesError);
