import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { detailQuerySchema, searchParamsObject } from "~/lib/directory-query.server";
import { getCityPage } from "~/models/city.server";

/** GET /api/cities/{cc}/{citySlug}?page=&limit=12[&before=id]: city page data; 404 for an unknown city. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const paging = detailQuerySchema.parse(searchParamsObject(request.url));
  const city = await getCityPage(
    context.cloudflare.env.DB,
    (params.countryCode ?? "").toUpperCase(),
    params.citySlug ?? "",
    paging,
  );
  if (!city) return Response.json({ error: "City not found" }, { status: 404, headers: publicCache(CACHE_SECONDS.detail) });
  return Response.json(city, { headers: publicCache(CACHE_SECONDS.lists) });
}
