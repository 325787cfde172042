import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapResponse } from "~/lib/sitemap-response.server";

/** The sitemap index: every file of the live set. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return sitemapResponse(request, context, "sitemap.xml");
}
