import type { AppLoadContext } from "@remix-run/cloudflare";
import { readSitemapFile } from "~/models/sitemap.server";
import { queueSitemapRebuild } from "./queue-messages.server";

/**
 * Crawlers may keep a file for an hour. No s-maxage: the edge cache would keep serving the
 * previous set after a rebuild switched sets; an uncached answer costs one app_state row and
 * one R2 read (docs/decisions/050-sitemaps-in-generations.md).
 */
const SITEMAP_CACHE_CONTROL = "public, max-age=3600";

/** The HTTP answer for a sitemap file of the live set (shared by the three sitemap routes). */
export async function sitemapResponse(request: Request, context: AppLoadContext, file: string | null): Promise<Response> {
  const { env, ctx } = context.cloudflare;
  const answer = file === null ? null : await readSitemapFile(env, file, request.headers);
  if (!answer) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" } });
  }
  // Crawlers revalidate with If-None-Match: an unchanged file costs no body.
  if (answer.kind === "unchanged") {
    return new Response(null, { status: 304, headers: { ETag: answer.etag, "Cache-Control": SITEMAP_CACHE_CONTROL } });
  }
  const headers = new Headers({ "Content-Type": "application/xml; charset=utf-8" });
  if (answer.kind === "object") {
    headers.set("Cache-Control", SITEMAP_CACHE_CONTROL);
    headers.set("ETag", answer.etag);
    return new Response(answer.body, { headers });
  }
  // Nothing built yet: a minimal answer nobody should keep, and a request for the first build
  // (a running build absorbs it).
  headers.set("Cache-Control", "no-cache");
  ctx.waitUntil(queueSitemapRebuild(env, "first sitemap request"));
  return new Response(answer.body, { headers });
}
