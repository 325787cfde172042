import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { getHomepageData } from "~/models/home.server";
import { onlyMethods } from "~/lib/web/http.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return Response.json(await getHomepageData(context.cloudflare.env.DB), { headers: publicCache(CACHE_SECONDS.home) });
}

export const action = onlyMethods("GET", "HEAD");
