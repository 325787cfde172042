import { describe, expect, it } from "vitest";
import { isProduction } from "~/lib/web/environment";
import { newCspNonce, securityHeaders } from "../../workers/security-headers";

const HTML = "text/html; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";

/** The directives of a policy, by name. */
function directives(policy: string | undefined): Record<string, string> {
  return Object.fromEntries((policy ?? "").split(";").map((part) => part.trim()).filter(Boolean).map((part) => {
    const [name, ...values] = part.split(/\s+/);
    return [name!, values.join(" ")];
  }));
}

describe("security headers", () => {
  it("hold an admin page to scripts and styles of the site itself, its inline scripts by the answer's nonce", () => {
    const csp = directives(securityHeaders({ pathname: "/admin/businesses", contentType: HTML, production: false, nonce: "abc123" })["Content-Security-Policy"]);
    expect(csp).toMatchObject({
      "default-src": "'self'",
      "script-src": "'self' 'nonce-abc123'",
      "style-src": "'self'",
      "style-src-attr": "'unsafe-inline'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
      "frame-ancestors": "'self'",
    });
    expect(csp["script-src"]).not.toMatch(/unsafe|https?:|\*/);
  });

  it("give the admin's calls, /admin-legacy and any spelling of /admin the strict policy, a call without a nonce", () => {
    for (const pathname of ["/api/admin/site-settings", "/api/admin/export-csv", "/API/Admin/stats"]) {
      const csp = directives(securityHeaders({ pathname, contentType: JSON_TYPE, production: false, nonce: null })["Content-Security-Policy"]);
      expect(csp["script-src"], pathname).toBe("'self'");
      expect(csp["object-src"], pathname).toBe("'none'");
    }
    for (const pathname of ["/admin-legacy", "/%61dmin/settings", "/ADMIN"]) {
      const csp = directives(securityHeaders({ pathname, contentType: HTML, production: false, nonce: "n" })["Content-Security-Policy"]);
      expect(csp["script-src"], pathname).toBe("'self' 'nonce-n'");
    }
  });

  it("let public pages run the admin's site code and ad codes (no script, style, image or worker rule) while forbidding plugins, <base> and framing", () => {
    for (const pathname of ["/", "/business/hotel-storchen", "/search", "/no-such-page"]) {
      const csp = directives(securityHeaders({ pathname, contentType: HTML, production: true, nonce: null })["Content-Security-Policy"]);
      expect(csp, pathname).toEqual({ "object-src": "'none'", "base-uri": "'self'", "frame-ancestors": "'self'" });
    }
  });

  it("send the referrer and permission rules on every answer, pages, JSON and redirects alike", () => {
    for (const [pathname, contentType] of [["/", HTML], ["/api/categories", JSON_TYPE], ["/admin", HTML], ["/countries/switzerland", ""]] as const) {
      const headers = securityHeaders({ pathname, contentType, production: false, nonce: null });
      expect(headers["Referrer-Policy"], pathname).toBe("strict-origin-when-cross-origin");
      const permissions = Object.fromEntries(headers["Permissions-Policy"]!.split(", ").map((rule) => rule.split("=")));
      expect(permissions.geolocation).toBe("(self)");
      for (const feature of ["camera", "microphone", "payment", "usb"]) expect(permissions[feature], feature).toBe("()");
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    }
  });

  it("put no policy on a public answer that is not a page, and keep JSON out of search results", () => {
    const json = securityHeaders({ pathname: "/api/categories", contentType: JSON_TYPE, production: false, nonce: null });
    expect(json["Content-Security-Policy"]).toBeUndefined();
    expect(json["X-Frame-Options"]).toBeUndefined();
    expect(json["X-Robots-Tag"]).toBe("noindex");
    expect(securityHeaders({ pathname: "/", contentType: HTML, production: false, nonce: null })["X-Frame-Options"]).toBe("SAMEORIGIN");
  });

  it("add HSTS in production only", () => {
    expect(securityHeaders({ pathname: "/", contentType: HTML, production: true, nonce: null })["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(securityHeaders({ pathname: "/admin", contentType: HTML, production: true, nonce: "n" })["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(securityHeaders({ pathname: "/", contentType: HTML, production: false, nonce: null })["Strict-Transport-Security"]).toBeUndefined();
  });

  it("count every ENVIRONMENT but development as production, a missing one too", () => {
    expect(isProduction({ ENVIRONMENT: "development" })).toBe(false);
    expect(isProduction({})).toBe(true);
    expect(isProduction({ ENVIRONMENT: "production" })).toBe(true);
  });

  it("make a new nonce of 128 random bits for each answer", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => newCspNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });
});
