import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { textError } from "~/lib/web/http";
import { detailQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { onlyMethods, redirectToCanonicalPath } from "~/lib/web/http.server";
import { categorySlug } from "~/lib/business/slug";
import { getCategoryPage } from "~/models/category.server";

/** GET /api/categories/{slug}?page=&limit=12[&before=id]: category page data; 404 for an unknown category; another spelling of a slug redirects to it. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const respelled = redirectToCanonicalPath(request, "/api/categories", [categorySlug(slug)]);
  if (respelled) return respelled;
  const paging = detailQuerySchema.parse(searchParamsObject(request.url));
  const category = await getCategoryPage(context.cloudflare.env.DB, slug, paging);
  if (!category) return textError(404, "Category not found");
  return Response.json(category, { headers: publicCache(CACHE_SECONDS.lists) });
}

export const action = onlyMethods("GET", "HEAD");
