import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { textError } from "~/lib/http";
import { FEATURED_FILTERS, isFeaturedFilter } from "~/lib/featured-filters";
import { getFeaturedBusinesses } from "~/models/home.server";
import { onlyMethods } from "~/lib/http.server";

/** GET /api/featured-businesses[?filter=5-star|4-star|boutique|business|luxury] */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const filter = new URL(request.url).searchParams.get("filter") ?? "all";
  if (!isFeaturedFilter(filter)) return textError(400, `filter must be one of ${FEATURED_FILTERS.join(", ")}`);
  return Response.json(await getFeaturedBusinesses(context.cloudflare.env.DB, filter), { headers: publicCache(CACHE_SECONDS.featured) });
}

export const action = onlyMethods("GET", "HEAD");
