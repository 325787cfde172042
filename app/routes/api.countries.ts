import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { SPEC_LIST_LIMIT } from "~/lib/directory/directory-limits";
import { listQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { listCountries } from "~/models/country.server";
import { onlyMethods } from "~/lib/web/http.server";

/**
 * GET /api/countries[?q=text]: the spec's list of country summaries, biggest first; with
 * `&page=N`: a page of 12 with its totals.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { q, page } = listQuerySchema.parse(searchParamsObject(url));
  const headers = new Headers(publicCache(CACHE_SECONDS.lists));
  if (url.searchParams.has("page")) return Response.json(await listCountries(context.cloudflare.env.DB, { q, page }), { headers });
  const list = await listCountries(context.cloudflare.env.DB, { q, page: 1, perPage: SPEC_LIST_LIMIT });
  headers.set("X-Total-Count", String(list.totalCount));
  return Response.json(list.countries, { headers });
}

export const action = onlyMethods("GET", "HEAD");
