import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { onlyMethods } from "~/lib/web/http.server";
import { parseMapView } from "~/lib/map/map-clusters";
import { hasFilters, parseSearchFilters } from "~/lib/search/search-filters";
import { mapFeatures } from "~/models/map.server";
import { resolveLocation } from "~/models/search.server";
import { limitHeavyQuestion } from "~/models/rate-limit.server";

/**
 * GET /api/map?bbox=WEST,SOUTH,EAST,NORTH&zoom=Z (plus `q`, `location` and the list filters): a GeoJSON
 * FeatureCollection of at most 500 points, the businesses in the box or clusters counting them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const view = parseMapView(params);
  if (!view.ok) return Response.json({ error: view.error }, { status: 400 });
  const q = params.get("q")?.trim() ?? "";
  const parsed = parseSearchFilters(params, q !== "");
  if (!parsed.ok) return Response.json({ error: parsed.error }, { status: 400 });
  const db = context.cloudflare.env.DB;
  if (q !== "" || hasFilters({ ...parsed.filters, sort: null })) await limitHeavyQuestion(db, request);
  const location = await resolveLocation(db, params.get("location") ?? "");
  const features = await mapFeatures(db, view.box, view.zoom, { q, location, filters: parsed.filters, at: new Date() });
  return Response.json(features, { headers: publicCache(CACHE_SECONDS.lists) });
}

export const action = onlyMethods("GET", "HEAD");
