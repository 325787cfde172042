import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, NO_STORE, publicCache } from "~/lib/web/cache-policy";
import { readPageParam } from "~/lib/directory/paging";
import { hasFilters, parseSearchFilters } from "~/lib/search/search-filters";
import { onlyMethods } from "~/lib/web/http.server";
import { SEARCH_MAX_PAGES, searchBusinesses } from "~/models/search.server";
import { limitHeavyQuestion } from "~/models/rate-limit.server";

/**
 * GET /api/search?q=&location=&page=&near=&radius=&minRating=&openNow=&category=&verified=&amenity=&price=&sort=
 * → { results, totalCount, page, totalPages }, 20 results a page (a contract checked from
 * outside the project: keep its fields). A bad parameter is a 400 { error } naming it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const location = (params.get("location") ?? "").trim().slice(0, 100);
  const read = readPageParam(params.get("page") || null, SEARCH_MAX_PAGES);
  if (read === "none") return Response.json({ error: `page must be a whole number from 1 to ${SEARCH_MAX_PAGES}` }, { status: 400, headers: NO_STORE });
  const parsed = parseSearchFilters(params, q !== "");
  if (!parsed.ok) return Response.json({ error: parsed.error }, { status: 400, headers: NO_STORE });
  const page = "page" in read ? read.page : read.canonical;
  if (hasFilters(parsed.filters)) await limitHeavyQuestion(context.cloudflare.env.DB, request);
  const found = await searchBusinesses(context.cloudflare.env.DB, { q, location, page, filters: parsed.filters });
  const withDistance = parsed.filters.near !== null;
  return Response.json(
    {
      results: found.businesses.map((b) => ({
        id: b.id,
        slug: b.slug,
        name: b.name,
        category: b.category,
        city: b.city,
        country: b.country,
        countryCode: b.countryCode,
        latitude: b.latitude,
        longitude: b.longitude,
        rating: b.rating,
        reviews: b.reviews,
        ...(withDistance ? { distanceKm: b.distanceKm } : {}),
        openNow: b.openNow,
      })),
      totalCount: found.totalCount,
      page,
      totalPages: found.totalPages,
    },
    { headers: publicCache(CACHE_SECONDS.openNow) },
  );
}

export const action = onlyMethods("GET", "HEAD");
