import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { BUSINESS_SITEMAP_FILE_PATTERN } from "~/lib/directory/sitemap-xml";
import { sitemapResponse } from "~/models/sitemap-response.server";
import { onlyMethods } from "~/lib/web/http.server";

const fileParam = z.string().regex(BUSINESS_SITEMAP_FILE_PATTERN);

/** page-N.xml: 9,000 approved businesses per file. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const file = fileParam.safeParse(params.file);
  return sitemapResponse(request, context, file.success ? `businesses/${file.data}` : null);
}

export const action = onlyMethods("GET", "HEAD");
