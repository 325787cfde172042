import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { parsePageParam } from "~/lib/directory/paging";
import { ALL_BUSINESSES_MAX_PAGES, listBusinesses } from "~/models/business.server";
import { onlyMethods } from "~/lib/web/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get("page"), ALL_BUSINESSES_MAX_PAGES);
  return Response.json(await listBusinesses(context.cloudflare.env.DB, page), { headers: publicCache(CACHE_SECONDS.lists) });
}

export const action = onlyMethods("GET", "HEAD");
