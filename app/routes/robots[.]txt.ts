import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { publicCache } from "~/lib/web/cache-policy";
import { robotsTxt } from "~/lib/directory/sitemap-xml";
import { onlyMethods } from "~/lib/web/http.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(context.cloudflare.env.SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", ...publicCache(24 * 60 * 60) },
  });
}

export const action = onlyMethods("GET", "HEAD");
