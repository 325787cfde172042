import { withEditedHeaders } from "./response-headers";

/**
 * Headers every answer of the Worker carries, set once in the Worker entry so that Remix pages,
 * API calls, error pages, refusals and edge-cache hits all get them:
 * - `X-Content-Type-Options: nosniff` everywhere: a browser never runs text it was not told is a
 *   script or page (uploaded or imported text served back, JSON, CSV).
 * - on HTML pages, framing only by the site itself (`X-Frame-Options` for old browsers,
 *   `frame-ancestors` for the others), so another site cannot lay the admin out under a lure
 *   (clickjacking). Only that directive: the admin's head, footer and ad codes load third-party
 *   scripts, which a script-src policy would break.
 * - on JSON answers (the /api calls), `X-Robots-Tag: noindex`: the pages showing the same data
 *   are what a search engine should list, and robots.txt keeps crawlers out of /api/admin only.
 */
export function withSecurityHeaders(response: Response): Response {
  return withEditedHeaders(response, (headers) => {
    headers.set("X-Content-Type-Options", "nosniff");
    const type = headers.get("Content-Type") ?? "";
    if (type.startsWith("application/json")) headers.set("X-Robots-Tag", "noindex");
    if (type.startsWith("text/html")) {
      headers.set("X-Frame-Options", "SAMEORIGIN");
      headers.set("Content-Security-Policy", "frame-ancestors 'self'");
    }
  });
}
