import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapResponse } from "~/models/sitemap-response.server";
import { onlyMethods } from "~/lib/web/http.server";

/** The sitemap index: every file of the live set. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return sitemapResponse(request, context, "sitemap.xml");
}

export const action = onlyMethods("GET", "HEAD");
