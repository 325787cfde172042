import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { parsePageParam } from "~/lib/paging";
import { ALL_BUSINESSES_MAX_PAGES, listBusinesses } from "~/models/business.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get("page"), ALL_BUSINESSES_MAX_PAGES);
  return data(await listBusinesses(context.cloudflare.env.DB, page), { headers: publicCache(CACHE_SECONDS.lists) });
}
