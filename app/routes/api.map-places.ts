import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { onlyMethods } from "~/lib/web/http.server";
import { mapPlaces } from "~/models/map.server";

/** GET /api/map-places: the basemap's place labels, the biggest cities of the directory as GeoJSON points. */
export async function loader({ context }: LoaderFunctionArgs) {
  const places = await mapPlaces(context.cloudflare.env.DB);
  return Response.json(
    {
      type: "FeatureCollection",
      features: places.map((place) => ({
        type: "Feature",
        geometry: { type: "Point", coordinates: [Math.round(place.longitude * 1e5) / 1e5, Math.round(place.latitude * 1e5) / 1e5] },
        properties: { name: place.name, countryCode: place.countryCode, slug: place.slug, businessCount: place.businessCount },
      })),
    },
    { headers: publicCache(CACHE_SECONDS.lists) },
  );
}

export const action = onlyMethods("GET", "HEAD");
