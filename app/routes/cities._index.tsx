import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CitiesError, CityDirectory } from "~/components/city-directory";
import { withMissingListPage } from "~/components/list-states";
import { listPageOf, notFoundPastLastPage } from "~/lib/web/http.server";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { listQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { citiesMeta } from "~/lib/directory/directory-seo";
import { listCities } from "~/models/city.server";
import { loaderHeaders } from "~/lib/web/route-headers";

// The loader's Cache-Control reaches the document only through this export.
export const headers = loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = listPageOf(request);
  const { q } = listQuerySchema.parse(searchParamsObject(request.url));
  const list = await listCities(context.cloudflare.env.DB, { letter: null, q, page });
  notFoundPastLastPage(list.currentPage, list.totalPages);
  return data(list, { headers: publicCache(CACHE_SECONDS.lists) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => citiesMeta(data ?? null, matches);

export default function Cities() {
  const list = useLoaderData<typeof loader>();
  return (
    <CityDirectory
      list={list}
      title="Cities Directory"
      intro="Find hotels and businesses city by city, worldwide."
      crumbs={[{ name: "Home", path: "/" }, { name: "Cities", path: "/cities" }]}
      letters
    />
  );
}

export const ErrorBoundary = withMissingListPage(CitiesError);
