/**
 * Cross-site request refusal, done once for the whole Worker: a request that can change
 * something (any method but GET, HEAD, OPTIONS) is refused with 403 when its Origin is not the
 * site's own (the request's own origin, or SITE_URL's). Browsers send Origin on every such
 * request, so a forged form or fetch from another site never reaches a route. A request without
 * Origin comes from a non-browser client (curl, tests, the queue), unless the browser says it
 * is cross-site (Sec-Fetch-Site).
 *
 * A WebSocket upgrade is a GET, but no CORS rule keeps its answers from the page that opened
 * it, and the browser sends the session cookie along from any page of the same site (another
 * origin under it included): it gets the same test, so the upload progress is only for the
 * site's own pages.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function siteOrigin(siteUrl: string | undefined): string | null {
  if (!siteUrl) return null;
  try {
    return new URL(siteUrl).origin;
  } catch {
    return null;
  }
}

function isWebSocketUpgrade(request: Request): boolean {
  return request.headers.get("Upgrade")?.toLowerCase() === "websocket";
}

export function refuseCrossSiteRequest(request: Request, env: Pick<Env, "SITE_URL">): Response | null {
  if (SAFE_METHODS.has(request.method) && !isWebSocketUpgrade(request)) return null;
  const origin = request.headers.get("Origin");
  const allowed =
    origin === null
      ? request.headers.get("Sec-Fetch-Site") !== "cross-site"
      : origin === new URL(request.url).origin || origin === siteOrigin(env.SITE_URL);
  if (allowed) return null;
  return Response.json(
    { success: false, message: "Cross-site request refused" },
    { status: 403, headers: { "Cache-Control": "private, no-store" } },
  );
}
