import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CitiesError, CityDirectory } from "~/components/city-directory";
import { redirectIfPastLastPage } from "~/lib/http.server";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { parseLetter } from "~/lib/directory-query";
import { listQuerySchema, searchParamsObject } from "~/lib/directory-query.server";
import { citiesMeta } from "~/lib/directory-seo";
import { listCities } from "~/models/city.server";
import { loaderHeaders } from "~/lib/route-headers";

// The loader's Cache-Control reaches the document only through this export.
export const headers = loaderHeaders;

/** /cities/{letter}; a two-letter country code goes to that country's cities, anything else to /cities. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const raw = params.letter ?? "";
  const letter = parseLetter(raw);
  if (!letter) throw redirect(/^[a-z]{2}$/i.test(raw) ? `/countries/${raw.toLowerCase()}/cities` : "/cities");
  const { q, page } = listQuerySchema.parse(searchParamsObject(request.url));
  const list = await listCities(context.cloudflare.env.DB, { letter, q, page });
  redirectIfPastLastPage(request, list.currentPage, list.totalPages);
  return data(list, { headers: publicCache(CACHE_SECONDS.lists) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => citiesMeta(data ?? null, matches);

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

export const ErrorBoundary = CitiesError;
