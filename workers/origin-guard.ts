/**
 * Cross-site request refusal, done once for the whole Worker: a request that can change
 * something (any method but GET, HEAD, OPTIONS) is refused with 403 when it does not come from
 * the site's own pages.
 *
 * An admin request (under /admin or /api/admin, or any request carrying the admin's session
 * cookie) must prove it: its Origin, or when a browser sends none its Referer, must be the
 * origin of the configured SITE_URL, never whatever the Host header says (a request that names
 * itself "Host: evil.example" is not the site). A request with neither header is refused.
 *
 * Any other request passes when its Origin is the site's (the request's own origin, or
 * SITE_URL's). A request without Origin comes from a non-browser client (curl, tests, the
 * queue), unless the browser says it is cross-site (Sec-Fetch-Site); members' calls are made
 * by such clients too.
 *
 * A WebSocket upgrade is a GET, but no CORS rule keeps its answers from the page that opened
 * it, and the browser sends the session cookie along from any page of the same site (another
 * origin under it included): it gets the same test, so the upload progress is only for the
 * site's own pages.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ADMIN_SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?admin_session=/;

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function isWebSocketUpgrade(request: Request): boolean {
  return request.headers.get("Upgrade")?.toLowerCase() === "websocket";
}

function isAdminRequest(request: Request, url: URL): boolean {
  return /^\/(?:api\/)?admin(?:\/|$)/.test(url.pathname) || ADMIN_SESSION_COOKIE.test(request.headers.get("Cookie") ?? "");
}

export function refuseCrossSiteRequest(request: Request, env: Pick<Env, "SITE_URL">): Response | null {
  if (SAFE_METHODS.has(request.method) && !isWebSocketUpgrade(request)) return null;
  const url = new URL(request.url);
  const site = originOf(env.SITE_URL);
  const origin = request.headers.get("Origin");
  let allowed: boolean;
  if (isAdminRequest(request, url)) {
    // "null" is what a browser sends from a sandboxed or privacy-sensitive context: not the site.
    const from = origin ?? originOf(request.headers.get("Referer"));
    allowed = site !== null && from === site;
  } else {
    allowed = origin === null ? request.headers.get("Sec-Fetch-Site") !== "cross-site" : origin === url.origin || origin === site;
  }
  if (allowed) return null;
  return Response.json(
    { success: false, message: "Cross-site request refused" },
    { status: 403, headers: { "Cache-Control": "private, no-store" } },
  );
}
