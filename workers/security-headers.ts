import { isAdminApiPath, isAdminPath } from "~/lib/admin/admin-path";
import { isProduction } from "~/lib/web/environment";
import { withEditedHeaders } from "./response-headers";

/**
 * Headers every answer of the Worker carries, set once in the Worker entry so that Remix pages,
 * API calls, error pages, refusals and edge-cache hits all get them (decision 106):
 * - `X-Content-Type-Options: nosniff` everywhere: a browser never runs text it was not told is a
 *   script or page (uploaded or imported text served back, JSON, CSV).
 * - `Referrer-Policy` and `Permissions-Policy` everywhere: other sites learn only the origin
 *   (an admin address never leaves in a Referer), and no page or embedded ad may use a camera,
 *   microphone, payment, USB and the like; geolocation only for the site itself (near-me search).
 * - the admin's pages and calls: a strict CSP, scripts and styles only from the site itself and
 *   Remix's inline scripts by this answer's nonce. The admin renders no site code.
 * - public HTML pages: a CSP without script or style rules, because the admin's head, footer and
 *   ad codes are raw HTML loading third-party scripts by design; it still forbids plugins,
 *   another <base> and framing by other sites.
 * - on HTML pages, `X-Frame-Options` for browsers that do not read `frame-ancestors`.
 * - on JSON answers (the /api calls), `X-Robots-Tag: noindex`: the pages showing the same data
 *   are what a search engine should list, and robots.txt keeps crawlers out of /api/admin only.
 * - in production, HSTS: once on https, the browser never tries the site over plain http.
 */

export interface HeaderPolicyInput {
  pathname: string;
  /** The answer's Content-Type ("" when it has none, as a redirect). */
  contentType: string;
  production: boolean;
  /** The nonce Remix's inline scripts carry on this answer (admin pages only), else null. */
  nonce: string | null;
}

export const PERMISSIONS_POLICY = [
  "geolocation=(self)",
  ...["camera", "microphone", "payment", "usb", "serial", "hid", "midi"].map((feature) => `${feature}=()`),
  ...["accelerometer", "gyroscope", "magnetometer", "display-capture", "screen-wake-lock", "xr-spatial-tracking"].map((feature) => `${feature}=()`),
].join(", ");

/** One year; without includeSubDomains, since other hosts under the site's domain are not ours to promise https for. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/**
 * The admin's policy. Style attributes (React `style=` in the dashboard bars, toasts and upload
 * progress) are allowed by style-src-attr: an attribute can only style, never run code.
 */
export function adminContentSecurityPolicy(nonce: string | null): string {
  return [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`,
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/**
 * The public pages' policy: only what cannot break the admin's site code and ad codes (any
 * script, style, image, frame or worker source stays allowed: maplibre's blob: workers too).
 */
export const PUBLIC_CONTENT_SECURITY_POLICY = "object-src 'none'; base-uri 'self'; frame-ancestors 'self'";

/** The security headers of one answer. Pure: the unit tests read the whole policy from it. */
export function securityHeaders({ pathname, contentType, production, nonce }: HeaderPolicyInput): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
  };
  const html = contentType.startsWith("text/html");
  if (contentType.startsWith("application/json")) headers["X-Robots-Tag"] = "noindex";
  if (html) headers["X-Frame-Options"] = "SAMEORIGIN";
  if (isAdminPath(pathname) || isAdminApiPath(pathname)) {
    headers["Content-Security-Policy"] = adminContentSecurityPolicy(html ? nonce : null);
  } else if (html) {
    headers["Content-Security-Policy"] = PUBLIC_CONTENT_SECURITY_POLICY;
  }
  if (production) headers["Strict-Transport-Security"] = STRICT_TRANSPORT_SECURITY;
  return headers;
}

/** A fresh nonce for one admin page's inline scripts: 128 random bits, base64. */
export function newCspNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The answer with its security headers (see securityHeaders). */
export function withSecurityHeaders(request: Request, response: Response, env: Pick<Env, "ENVIRONMENT">, nonce: string | null): Response {
  return withEditedHeaders(response, (headers) => {
    const policy = securityHeaders({
      pathname: new URL(request.url).pathname,
      contentType: headers.get("Content-Type") ?? "",
      production: isProduction(env),
      nonce,
    });
    for (const [name, value] of Object.entries(policy)) headers.set(name, value);
  });
}
