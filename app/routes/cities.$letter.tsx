import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLoaderData } from "@remix-run/react";
import { CityDirectory, CountryCitiesError } from "~/components/city-directory";
import { withMissingListPage } from "~/components/list-states";
import { listPageOf, notFoundPastLastPage, permanentRedirect, redirectToCanonicalPath } from "~/lib/web/http.server";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { parseLetter } from "~/lib/directory/directory-query";
import { listQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { citiesMeta, notFoundMeta } from "~/lib/directory/directory-seo";
import { listCities } from "~/models/city.server";
import { getCountrySummary, resolveCountrySlug } from "~/models/country.server";
import { loaderHeaders } from "~/lib/web/route-headers";

// The loader's Cache-Control reaches the document only through this export.
export const headers = loaderHeaders;

/**
 * /cities/{letter}. Two letters are a country code ("uk" too), a permanent alias of that
 * country's cities (404 for a country the directory does not have); anything else goes to
 * /cities.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.cloudflare.env.DB;
  const raw = params.letter ?? "";
  const letter = parseLetter(raw);
  if (!letter) {
    if (!/^[a-z]{2}$/i.test(raw)) throw redirect("/cities");
    const code = (await resolveCountrySlug(db, raw)) ?? "";
    if (!(await getCountrySummary(db, code))) {
      throw data("Country not found", { status: 404 });
    }
    throw permanentRedirect(request, `/countries/${code.toLowerCase()}/cities`);
  }
  // /cities/T and /cities/t/ are /cities/t.
  const respelled = redirectToCanonicalPath(request, "/cities", [letter.toLowerCase()]);
  if (respelled) throw respelled;
  const page = listPageOf(request);
  const { q } = listQuerySchema.parse(searchParamsObject(request.url));
  const list = await listCities(db, { letter, q, page });
  notFoundPastLastPage(list.currentPage, list.totalPages);
  return data(list, { headers: publicCache(CACHE_SECONDS.lists) });
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches, params }) =>
  isRouteErrorResponse(error) && error.status === 404
    ? notFoundMeta(matches, "Country not found", `/cities/${params.letter ?? ""}`)
    : citiesMeta(data ?? null, matches);

export default function CitiesByLetter() {
  const list = useLoaderData<typeof loader>();
  const letter = list.letter ?? "";
  return (
    <CityDirectory
      list={list}
      title={`Cities beginning with ${letter}`}
      intro={`Hotels and businesses in cities whose name begins with ${letter}.`}
      crumbs={[
        { name: "Home", path: "/" },
        { name: "Cities", path: "/cities" },
        { name: letter, path: `/cities/${letter.toLowerCase()}` },
      ]}
      letters
    />
  );
}

export const ErrorBoundary = withMissingListPage(CountryCitiesError);
