import type { AppLoadContext } from "@remix-run/cloudflare";
import { publicCache } from "~/lib/cache-policy";
import { readSitemapFile } from "~/models/sitemap.server";
import { queueSitemapRebuild } from "../../workers/queue-messages";

/** Built sitemaps change at most every few hours (cron) or after an import. */
const SITEMAP_CACHE_SECONDS = 60 * 60;
/** The minimal answer before the first build is replaced as soon as the build finishes. */
const PROVISIONAL_CACHE_SECONDS = 60;

/** The HTTP answer for a sitemap file of the live set (shared by the three sitemap routes). */
export async function sitemapResponse(context: AppLoadContext, file: string | null): Promise<Response> {
  const { env, ctx } = context.cloudflare;
  const answer = file === null ? null : await readSitemapFile(env, file);
  if (!answer) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...publicCache(60) } });
  }
  const headers = new Headers({ "Content-Type": "application/xml; charset=utf-8" });
  if (answer.kind === "object") {
    new Headers(publicCache(SITEMAP_CACHE_SECONDS)).forEach((value, key) => headers.set(key, value));
    headers.set("ETag", answer.etag);
    return new Response(answer.body, { headers });
  }
  new Headers(publicCache(PROVISIONAL_CACHE_SECONDS)).forEach((value, key) => headers.set(key, value));
  // Nothing built yet: ask for the first build (a running one absorbs the request).
  if (answer.provisional) ctx.waitUntil(queueSitemapRebuild(env, "first sitemap request"));
  return new Response(answer.body, { headers });
}
