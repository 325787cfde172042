import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { listQuerySchema, searchParamsObject } from "~/lib/directory-query";
import { listCities } from "~/models/city.server";

/** GET /api/cities[?letter=L][&q=text][&country=CC][&page=N]: a page of city summaries. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = listQuerySchema.parse(searchParamsObject(url));
  const country = url.searchParams.get("country");
  const countryCode = country && /^[a-z]{2}$/i.test(country) ? country.toUpperCase() : null;
  return Response.json(await listCities(context.cloudflare.env.DB, { ...query, countryCode }), {
    headers: publicCache(CACHE_SECONDS.lists),
  });
}
