import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { LIST_SITEMAP_FILE_PATTERN } from "~/lib/directory/sitemap-xml";
import { sitemapResponse } from "~/models/sitemap-response.server";
import { onlyMethods } from "~/lib/web/http.server";

const fileParam = z.string().regex(LIST_SITEMAP_FILE_PATTERN);

/** main.xml, categories.xml, countries.xml, cities.xml (and cities-N.xml when cities are split). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const file = fileParam.safeParse(params.file);
  return sitemapResponse(request, context, file.success ? file.data : null);
}

export const action = onlyMethods("GET", "HEAD");
