import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { listQuerySchema, searchParamsObject } from "~/lib/directory-query";
import { listCategories } from "~/models/category.server";

// Resource routes answer plain Responses: data() would drop the status and headers here.
/** GET /api/categories[?letter=X][&q=text][&page=N]: a page of {category, slug, count, countryCount}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = listQuerySchema.parse(searchParamsObject(request.url));
  return Response.json(await listCategories(context.cloudflare.env.DB, query), { headers: publicCache(CACHE_SECONDS.lists) });
}
