import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { listQuerySchema, searchParamsObject } from "~/lib/directory-query";
import { listCountries } from "~/models/country.server";

/** GET /api/countries[?q=text][&page=N]: a page of country summaries, biggest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { q, page } = listQuerySchema.parse(searchParamsObject(request.url));
  return Response.json(await listCountries(context.cloudflare.env.DB, { q, page }), { headers: publicCache(CACHE_SECONDS.lists) });
}
