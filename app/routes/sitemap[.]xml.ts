import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapResponse } from "~/lib/sitemap-response.server";

/** The sitemap index: every file of the live set. */
export async function loader({ context }: LoaderFunctionArgs) {
  return sitemapResponse(context, "sitemap.xml");
}
