import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { SPEC_LIST_LIMIT } from "~/lib/directory/directory-limits";
import { listQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { listCities } from "~/models/city.server";
import { onlyMethods } from "~/lib/web/http.server";

/**
 * GET /api/cities[?letter=L][&q=text][&country=CC]: the spec's list of city summaries, at most
 * SPEC_LIST_LIMIT (X-Total-Count has them all); with `&page=N`: a page of 12 with its totals.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = listQuerySchema.parse(searchParamsObject(url));
  const country = url.searchParams.get("country");
  const countryCode = country && /^[a-z]{2}$/i.test(country) ? country.toUpperCase() : null;
  const headers = new Headers(publicCache(CACHE_SECONDS.lists));
  if (url.searchParams.has("page")) {
    return Response.json(await listCities(context.cloudflare.env.DB, { ...query, countryCode }), { headers });
  }
  const list = await listCities(context.cloudflare.env.DB, { ...query, page: 1, countryCode, perPage: SPEC_LIST_LIMIT });
  headers.set("X-Total-Count", String(list.totalCount));
  return Response.json(list.cities, { headers });
}

export const action = onlyMethods("GET", "HEAD");
