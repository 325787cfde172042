import { isAdminApiPath, isAdminPath } from "~/lib/admin-path";
import { NO_STORE } from "~/lib/cache-policy";
import { dropTrackingParams } from "~/lib/tracking-params";
import { getCacheGeneration } from "~/models/cache.server";
import { withEditedHeaders } from "./response-headers";

/**
 * Public pages and public API answers are cached with the Cache API for as long as their
 * `Cache-Control: s-maxage` says (the routes set the spec's durations). The cache key carries
 * the cache generation, so the admin's "clear cache" (a bumped generation) makes every cached
 * answer unreachable at once, and the build version, so a deploy never serves pages that link
 * to the previous build's (deleted) scripts and stylesheets. The admin's answers are never kept:
 * each goes out with `private, no-store`.
 */
export async function withEdgeCache(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  buildVersion: string,
  render: () => Promise<Response>,
): Promise<Response> {
  // The admin's pages and calls are kept by no cache, whichever answers them: a route without
  // its own no-store (the login page), a redirect, an error.
  const url = new URL(request.url);
  if (!isPublicPath(url.pathname)) return neverStored(await render());
  // A HEAD (link checkers, uptime monitors) is answered from a GET's entry; only a GET stores one.
  const head = request.method === "HEAD";
  if (request.method !== "GET" && !head) return render();

  const generation = await getCacheGeneration(env.DB);
  // A campaign's tags (?utm_source=…) change nothing on the page: one entry serves tagged and untagged visits.
  const query = dropTrackingParams(url.searchParams).toString();
  const key = new Request(`https://edge-cache.internal/${encodeURIComponent(buildVersion)}/g${generation}${url.pathname}${query ? `?${query}` : ""}`);
  // workerd's default cache (the DOM typings of CacheStorage do not know it).
  const cache = (caches as unknown as { default: Cache }).default;

  const hit = await cache.match(key);
  if (hit) {
    if (head) await hit.body?.cancel();
    return withEditedHeaders(hit, (headers) => headers.set("X-Edge-Cache", "HIT"), head ? null : hit.body);
  }

  const response = await render();
  // A not-found or failed answer is kept by no cache (the category an import adds next is there
  // at once), whatever the route that gave it set.
  if (response.status >= 400) return neverStored(response);
  if (!head && response.status === 200 && isSharedCacheable(response)) {
    ctx.waitUntil(cache.put(key, response.clone()));
  }
  return withEditedHeaders(response, (headers) => headers.set("X-Edge-Cache", "MISS"));
}

function neverStored(response: Response): Response {
  return withEditedHeaders(response, (headers) => headers.set("Cache-Control", NO_STORE["Cache-Control"]));
}

function isPublicPath(pathname: string): boolean {
  return !isAdminPath(pathname) && !isAdminApiPath(pathname);
}

function isSharedCacheable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return /\bpublic\b/.test(cacheControl) && /\bs-maxage=\d+/.test(cacheControl) && !response.headers.has("Set-Cookie");
}
