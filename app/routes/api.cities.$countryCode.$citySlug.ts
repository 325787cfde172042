import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { textError } from "~/lib/web/http";
import { categoryFilterSchema, detailQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { onlyMethods, redirectToCanonicalPath } from "~/lib/web/http.server";
import { citySlug } from "~/lib/business/slug";
import { getCityPage } from "~/models/city.server";

/**
 * GET /api/cities/{cc}/{citySlug}?page=&limit=12[&before=id][&category=slug]: city page data, its
 * businesses narrowed to one category when asked (as the page's ?category=); 404 for an unknown
 * city or a category it has none of; another spelling of the path redirects to it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const countryCode = (params.countryCode ?? "").toLowerCase();
  const slug = citySlug(params.citySlug ?? "");
  const respelled = redirectToCanonicalPath(request, "/api/cities", [countryCode, slug]);
  if (respelled) return respelled;
  const query = searchParamsObject(request.url);
  const paging = detailQuerySchema.parse(query);
  const { category } = categoryFilterSchema.parse(query);
  const city = await getCityPage(context.cloudflare.env.DB, countryCode.toUpperCase(), slug, paging, category);
  if (!city) return textError(404, category ? "Category not found in this city" : "City not found");
  return Response.json(city, { headers: publicCache(CACHE_SECONDS.lists) });
}

export const action = onlyMethods("GET", "HEAD");
