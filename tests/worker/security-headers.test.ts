import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { ADMIN, addBusinesses, login, ORIGIN, record } from "./admin-support";

function get(path: string, init: RequestInit = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", ...init });
}

/** The answer's body is read (workerd wants it consumed) and its headers returned. */
async function headersOf(response: Response) {
  await response.arrayBuffer();
  return {
    status: response.status,
    edgeCache: response.headers.get("X-Edge-Cache"),
    nosniff: response.headers.get("X-Content-Type-Options"),
    frameOptions: response.headers.get("X-Frame-Options"),
    csp: response.headers.get("Content-Security-Policy"),
    robots: response.headers.get("X-Robots-Tag"),
    referrer: response.headers.get("Referrer-Policy"),
    permissions: response.headers.get("Permissions-Policy"),
    hsts: response.headers.get("Strict-Transport-Security"),
  };
}

const EVERYWHERE = { nosniff: "nosniff", referrer: "strict-origin-when-cross-origin", permissions: expect.stringContaining("geolocation=(self), camera=()"), hsts: null };
const PAGE = { ...EVERYWHERE, frameOptions: "SAMEORIGIN", csp: "object-src 'none'; base-uri 'self'; frame-ancestors 'self'" };
const ADMIN_PAGE = { ...EVERYWHERE, frameOptions: "SAMEORIGIN", csp: expect.stringMatching(/^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'; style-src 'self';/) };
const ADMIN_CALL = { ...EVERYWHERE, frameOptions: null, csp: expect.stringMatching(/^default-src 'self'; script-src 'self'; style-src 'self';/) };
const NOT_A_PAGE = { ...EVERYWHERE, frameOptions: null, csp: null };

/** The answer of the Worker as deployed (ENVIRONMENT unset: production), over the same plain-http test origin. */
async function inProduction(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init });
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, ENVIRONMENT: undefined }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

beforeAll(async () => {
  await addBusinesses([record({ name: "Hotel Storchen", placeId: "sec-1" })]);
});

describe("security headers", () => {
  it("let no other site frame a public page, nor run plugins or move its <base>, and forbid sniffing", async () => {
    for (const path of ["/", "/categories/hotel", "/no-such-page"]) {
      expect(await headersOf(await get(path)), path).toMatchObject(PAGE);
    }
  });

  it("hold admin pages to the site's own scripts, each inline one carrying this answer's fresh nonce", async () => {
    const cookie = await login("10.77.0.1");
    const nonces = new Set<string>();
    for (const [path, init] of [["/admin/login", {}], ["/admin", {}], ["/admin/dashboard", { headers: { Cookie: cookie } }], ["/admin/no-such-page", { headers: { Cookie: cookie } }]] as const) {
      const response = await get(path, init);
      const html = await response.clone().text();
      expect(await headersOf(response), path).toMatchObject({ status: path.includes("no-such") ? 404 : 200, ...ADMIN_PAGE });
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy")!)![1]!;
      nonces.add(nonce);
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
      expect(scripts.length, path).toBeGreaterThan(1);
      for (const attributes of scripts) expect(attributes, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(4);
  });

  it("give the admin's calls the strict policy too, signed in or refused", async () => {
    const cookie = await login("10.77.0.2");
    for (const [path, headers] of [["/api/admin/stats", {}], ["/api/admin/stats", { Cookie: cookie }], ["/api/admin/site-settings", {}]] as const) {
      expect(await headersOf(await get(path, { headers })), path).toMatchObject(ADMIN_CALL);
    }
  });

  it("in production add HSTS everywhere and name the session cookie __Host-admin_session (Secure, Path=/, no Domain)", async () => {
    for (const path of ["/", "/admin/login", "/api/categories", "/robots.txt"]) {
      expect((await headersOf(await inProduction(path))).hsts, path).toBe("max-age=31536000");
    }
    const signedIn = await inProduction("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "10.77.0.3" },
      body: JSON.stringify(ADMIN),
    });
    expect(signedIn.status).toBe(200);
    const setCookie = signedIn.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__Host-admin_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const cookie = setCookie.split(";")[0]!;
    expect((await inProduction("/api/admin/stats", { headers: { Cookie: cookie } })).status).toBe(200);
    // The same token under the local name is not the production session.
    expect((await inProduction("/api/admin/stats", { headers: { Cookie: cookie.replace("__Host-", "") } })).status).toBe(401);
  });

  it("keep the local session cookie admin_session, without Secure over plain http, and no HSTS", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "10.77.0.4" },
      body: JSON.stringify(ADMIN),
    });
    expect(response.headers.get("Set-Cookie")).toMatch(/^admin_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect((await headersOf(response)).hsts).toBeNull();
  });

  it("come with a page the edge cache answers, not only a freshly rendered one", async () => {
    const first = await headersOf(await get("/countries/ch"));
    const second = await headersOf(await get("/countries/ch"));
    expect(first).toMatchObject({ status: 200, edgeCache: "MISS", ...PAGE });
    expect(second).toMatchObject({ status: 200, edgeCache: "HIT", ...PAGE });
  });

  it("forbid sniffing on every other answer: JSON, XML, text, redirects, refusals", async () => {
    const answers: [string, Response][] = [
      ["/api/categories", await get("/api/categories")],
      ["/robots.txt", await get("/robots.txt")],
      ["/sitemap.xml", await get("/sitemap.xml")],
      ["/countries/switzerland", await get("/countries/switzerland")],
      ["cross-site POST", await get("/api/contact", { method: "POST", headers: { Origin: "https://evil.example" }, body: "{}" })],
    ];
    for (const [name, response] of answers) expect(await headersOf(response), name).toMatchObject(NOT_A_PAGE);
  });

  it("keep the public API's JSON out of search engines' results, and the pages in them", async () => {
    for (const path of ["/api/categories", "/api/businesses?page=1", "/api/countries/ch"]) {
      expect((await headersOf(await get(path))).robots, path).toBe("noindex");
    }
    for (const path of ["/", "/categories/hotel", "/robots.txt", "/sitemap.xml"]) {
      expect((await headersOf(await get(path))).robots, path).toBeNull();
    }
  });
});
