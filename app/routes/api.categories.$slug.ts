import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { detailQuerySchema, searchParamsObject } from "~/lib/directory-query.server";
import { getCategoryPage } from "~/models/category.server";

/** GET /api/categories/{slug}?page=&limit=12[&before=id]: category page data; 404 for an unknown category. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const paging = detailQuerySchema.parse(searchParamsObject(request.url));
  const category = await getCategoryPage(context.cloudflare.env.DB, params.slug ?? "", paging);
  if (!category) return Response.json({ error: "Category not found" }, { status: 404, headers: publicCache(CACHE_SECONDS.detail) });
  return Response.json(category, { headers: publicCache(CACHE_SECONDS.lists) });
}
