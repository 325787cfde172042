import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { textError } from "~/lib/web/http";
import { FEATURED_FILTERS, isFeaturedFilter } from "~/lib/directory/featured-filters";
import { getFeaturedBusinesses, type FeaturedBusiness } from "~/models/home.server";
import { onlyMethods } from "~/lib/web/http.server";

/** A featured business under the public spec's field names: the one place they differ from the schema's. */
function featuredBusinessJson(business: FeaturedBusiness) {
  const { photo, fullAddress, reviews, ...same } = business;
  return { ...same, image_url: photo, full_address: fullAddress, review_count: reviews };
}

/** GET /api/featured-businesses[?filter=5-star|4-star|boutique|business|luxury] */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const filter = new URL(request.url).searchParams.get("filter") ?? "all";
  if (!isFeaturedFilter(filter)) return textError(400, `filter must be one of ${FEATURED_FILTERS.join(", ")}`);
  const featured = await getFeaturedBusinesses(context.cloudflare.env.DB, filter);
  return Response.json(featured.map(featuredBusinessJson), { headers: publicCache(CACHE_SECONDS.featured) });
}

export const action = onlyMethods("GET", "HEAD");
