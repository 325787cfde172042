import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { jsonResponse, textError } from "~/lib/http";
import { getBusinessBySlug } from "~/models/business-detail.server";

/** GET /api/businesses/{slug}: the business detail (with the spec's retry on a suffixed slug). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const slug = params.slug?.trim();
  if (!slug) return textError(400, "No business slug found");
  const business = await getBusinessBySlug(context.cloudflare.env.DB, slug);
  if (!business) return textError(404, "Business not found");
  return jsonResponse(business, { headers: publicCache(CACHE_SECONDS.detail) });
}
