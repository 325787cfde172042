import { isAdminApiPath, isAdminPath, routedPath } from "~/lib/admin/admin-path";
import { NO_STORE } from "~/lib/web/cache-policy";
import { slugWithoutSuffix } from "~/lib/business/slug";
import { dropTrackingParams } from "~/lib/web/tracking-params";
import { getCacheGenerations, mostVisitedPages, pageChangedAt, type CacheGenerations, type DirectoryChange } from "~/models/cache.server";
import { withEditedHeaders } from "./response-headers";

/**
 * For how long after a directory change a page may be answered from the previous directory
 * generation's copy while a fresh one renders (decision 113). Past it, a page nobody asked for
 * since the change renders cold, as after the admin's "clear cache".
 */
export const STALE_AFTER_CHANGE_MS = 60_000;

/** A background render that neither finished nor failed is tried again after this long. */
const REFRESH_RETRY_MS = 30_000;

/** The keys this isolate is rendering in the background, with when each began (settled values only, decision 061). */
const refreshing = new Map<string, number>();

export type RenderPage = (request: Request) => Promise<Response>;

/**
 * Public pages and public API answers are cached with the Cache API for as long as their
 * `Cache-Control: s-maxage` says (the routes set the spec's durations). The cache key carries
 * the build version, so a deploy never serves pages that link to the previous build's (deleted)
 * scripts and stylesheets, and two generations (decision 113): the hard one, which the admin's
 * "clear cache" bumps, makes every cached answer unreachable at once; the directory one, which
 * an import or an admin's edit bumps, lets a page be answered once more from the previous
 * generation's copy (`X-Edge-Cache: STALE`) while a fresh one renders in the background. The
 * admin's answers are never kept: each goes out with `private, no-store`.
 */
export async function withEdgeCache(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  buildVersion: string,
  render: RenderPage,
): Promise<Response> {
  // The admin's pages and calls are kept by no cache, whichever answers them: a route without
  // its own no-store (the login page), a redirect, an error.
  const url = new URL(request.url);
  if (!isPublicPath(url.pathname)) return neverStored(await render(request));
  // A HEAD (link checkers, uptime monitors) is answered from a GET's entry; only a GET stores one.
  const head = request.method === "HEAD";
  if (request.method !== "GET" && !head) return render(request);

  const generations = await getCacheGenerations(env.DB);
  const key = cacheKey(buildVersion, generations, url);
  const cache = defaultCache();

  const hit = await cache.match(key);
  // A copy stored before its page changed on its own (a moderation decision) is out of date.
  if (hit && storedAt(hit) >= pageChangedAt(generations, url.pathname)) return fromCache(hit, "HIT", head);
  await hit?.body?.cancel();

  if (mayAnswerStale(generations.directory, url.pathname, Date.now())) {
    const previousKey = cacheKey(buildVersion, generations, url, generations.directory.generation - 1);
    const previous = await cache.match(previousKey);
    if (previous) {
      // Rendered for a GET only, as a request of its own: the visitor's may be gone by then.
      if (!head) refreshInBackground(ctx, cache, key, previousKey, () => render(new Request(request.url, { headers: request.headers })));
      return fromCache(previous, "STALE", head);
    }
  }

  const renderedAt = Date.now();
  const response = await render(request);
  // A not-found or failed answer is kept by no cache (the category an import adds next is there
  // at once), whatever the route that gave it set.
  if (response.status >= 400) return neverStored(response);
  // Read once, sent twice: a teed copy moves only as fast as the visitor reads, so a visitor who
  // stopped reading would hold the cache's copy back. Kept answers are pages and API calls, small.
  const kept = !head && response.status === 200 && isSharedCacheable(response) ? await response.arrayBuffer() : null;
  if (kept) ctx.waitUntil(cache.put(key, stamped(new Response(kept, response), renderedAt)));
  return withEditedHeaders(response, (headers) => headers.set("X-Edge-Cache", "MISS"), kept ?? response.body);
}

/**
 * Renders the most visited pages into the edge cache of the generations a bump asked for, one
 * after another, skipping those a visitor's request already refreshed. A newer bump queued its
 * own warm-up, so this one then does nothing. Answers how many pages it stored.
 */
export async function warmEdgeCache(env: Env, buildVersion: string, asked: { generation: number; directoryGeneration: number }, render: RenderPage): Promise<number> {
  const generations = await getCacheGenerations(env.DB, { fresh: true });
  if (generations.generation !== asked.generation || generations.directory.generation !== asked.directoryGeneration) return 0;
  const cache = defaultCache();
  let stored = 0;
  for (const path of await mostVisitedPages(env.DB)) {
    const url = new URL(path, env.SITE_URL);
    const key = cacheKey(buildVersion, generations, url);
    if (await cache.match(key)) continue;
    const renderedAt = Date.now();
    const response = await render(new Request(url));
    if (response.status === 200 && isSharedCacheable(response)) {
      await cache.put(key, stamped(response, renderedAt));
      stored += 1;
    } else {
      await response.body?.cancel();
    }
  }
  return stored;
}

/**
 * A stale copy is allowed one directory generation back, within STALE_AFTER_CHANGE_MS of the
 * change, and never for a business page the change touched (nor for any business page when it
 * may have touched all of them).
 */
function mayAnswerStale(change: DirectoryChange, pathname: string, now: number): boolean {
  if (change.generation < 1 || now - change.at > STALE_AFTER_CHANGE_MS) return false;
  const slug = businessSlugOf(pathname);
  if (slug === null) return true;
  if (change.businesses === null) return false;
  const changed = change.businesses.map((s) => s.toLowerCase());
  return !changed.includes(slug) && !changed.includes(slugWithoutSuffix(slug) ?? "");
}

/** The slug a business's page or its API answer (`/business/x`, `/business/x.data`, `/api/businesses/x`) is about, as the router reads it. */
function businessSlugOf(pathname: string): string | null {
  const match = /^\/(?:business|api\/businesses)\/([^/]+?)(?:\.data)?\/?$/.exec(routedPath(pathname));
  return match?.[1] ?? null;
}

/**
 * Renders the page for the current generation's key, once at a time per isolate. A page the
 * change removed (now a 404) also loses its stale copy, so the next visitor is told at once.
 */
function refreshInBackground(ctx: ExecutionContext, cache: Cache, key: Request, staleKey: Request, render: () => Promise<Response>) {
  const now = Date.now();
  const began = refreshing.get(key.url);
  if (began !== undefined && now - began < REFRESH_RETRY_MS) return;
  refreshing.set(key.url, now);
  ctx.waitUntil(
    (async () => {
      try {
        const response = await render();
        if (response.status === 200 && isSharedCacheable(response)) {
          await cache.put(key, stamped(response, now));
        } else {
          await response.body?.cancel();
          // Only a page that is gone: after a passing failure the stale copy is still the best answer.
          if (response.status === 404 || response.status === 410) await cache.delete(staleKey);
        }
      } catch (error) {
        console.error(`edge cache: background render of ${key.url} failed`, error);
      } finally {
        refreshing.delete(key.url);
      }
    })(),
  );
}

function cacheKey(buildVersion: string, generations: CacheGenerations, url: URL, directoryGeneration = generations.directory.generation): Request {
  // A campaign's tags (?utm_source=…) change nothing on the page: one entry serves tagged and untagged visits.
  const query = dropTrackingParams(url.searchParams).toString();
  const generation = `g${generations.generation}.${directoryGeneration}`;
  return new Request(`https://edge-cache.internal/${encodeURIComponent(buildVersion)}/${generation}${url.pathname}${query ? `?${query}` : ""}`);
}

const STORED_AT = "X-Edge-Stored-At";

/**
 * The copy as the cache keeps it, with when its render began (`at`): a page change made while it
 * rendered is newer than the copy, which is then not served.
 */
function stamped(response: Response, at: number): Response {
  return withEditedHeaders(response, (headers) => headers.set(STORED_AT, String(at)));
}

function storedAt(cached: Response): number {
  return Number(cached.headers.get(STORED_AT) ?? 0);
}

function defaultCache(): Cache {
  // workerd's default cache (the DOM typings of CacheStorage do not know it).
  return (caches as unknown as { default: Cache }).default;
}

async function fromCache(cached: Response, mark: "HIT" | "STALE", head: boolean): Promise<Response> {
  if (head) await cached.body?.cancel();
  return withEditedHeaders(
    cached,
    (headers) => {
      headers.set("X-Edge-Cache", mark);
      headers.delete(STORED_AT);
      // A browser does not keep a stale copy: the next visit gets the fresh one.
      if (mark === "STALE") headers.set("Cache-Control", "public, no-cache");
    },
    head ? null : cached.body,
  );
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
