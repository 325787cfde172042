import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { textError } from "~/lib/web/http";
import { listQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { getCountryPage, resolveCountrySlug } from "~/models/country.server";
import { onlyMethods, redirectToCanonicalPath } from "~/lib/web/http.server";

/**
 * GET /api/countries/{code}[?page=N]: country page data (page = popular categories page). A
 * country-name slug (or an upper-case code) redirects to its code, query kept; 404 for an unknown country.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const db = context.cloudflare.env.DB;
  const { page } = listQuerySchema.parse(searchParamsObject(request.url));
  const code = await resolveCountrySlug(db, params.slug ?? "");
  const respelled = code && redirectToCanonicalPath(request, "/api/countries", [code.toLowerCase()]);
  if (respelled) return respelled;
  const country = code ? await getCountryPage(db, code, page) : null;
  if (!country) return textError(404, "Country not found");
  return Response.json(country, { headers: publicCache(CACHE_SECONDS.lists) });
}

export const action = onlyMethods("GET", "HEAD");
