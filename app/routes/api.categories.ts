import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { SPEC_LIST_LIMIT } from "~/lib/directory/directory-limits";
import { listQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { listCategories } from "~/models/category.server";
import { onlyMethods } from "~/lib/web/http.server";

// Resource routes answer plain Responses: data() would drop the status and headers here.
/**
 * GET /api/categories[?letter=X][&q=text]: the spec's list of {category, count} (plus slug and
 * countryCount), at most SPEC_LIST_LIMIT; with `&page=N`: a page of 12 with its totals.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = listQuerySchema.parse(searchParamsObject(url));
  const headers = new Headers(publicCache(CACHE_SECONDS.lists));
  if (url.searchParams.has("page")) return Response.json(await listCategories(context.cloudflare.env.DB, query), { headers });
  const list = await listCategories(context.cloudflare.env.DB, { ...query, page: 1, perPage: SPEC_LIST_LIMIT });
  headers.set("X-Total-Count", String(list.totalCount));
  return Response.json(list.categories, { headers });
}

export const action = onlyMethods("GET", "HEAD");
