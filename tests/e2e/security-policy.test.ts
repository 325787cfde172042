import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { E2E_ADMIN, signedInContext } from "./support/admin-session";
import { hydrated, launchBrowser } from "./support/browser";
import { collectErrors, runSql, sqlString } from "./support/public-db";

const base = () => inject("baseURL");
const SITE_SCRIPT = `<script>window.__siteCodeRuns=(window.__siteCodeRuns||0)+1</script>`;

let browser: Browser;
beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, full_address, city, city_slug, country, country_code, latitude, longitude, verified, place_id, time_zone)
     VALUES ('E2E Policy Hotel', 'e2e-policy-hotel-aaa111', 'Hotel', 'Hotel', 'hotel', 'Bahnhofstrasse 1, Zürich', 'Zürich', 'zurich', 'Switzerland', 'CH', 47.37, 8.54, 1, 'e2e-place-policy', 'Europe/Zurich');
     INSERT INTO site_settings (key, value) VALUES ('footer_tags', ${sqlString(SITE_SCRIPT)})
     ON CONFLICT (key) DO UPDATE SET value = excluded.value;`,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  runSql(inject("stateDir"), `DELETE FROM businesses WHERE place_id = 'e2e-place-policy'; DELETE FROM site_settings WHERE key = 'footer_tags';`);
});

/**
 * Every Content-Security-Policy violation the page reports (as `securitypolicyviolation` events,
 * from the first script on) and every console message about a policy: an empty list means the
 * browser refused nothing.
 */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Permissions-Policy|Permissions Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations))];
}

/** Every script element of the page whose nonce is not the answer's (the browser hides the attribute, not the property). */
function scriptsWithoutNonce(page: Page, nonce: string): Promise<string[]> {
  return page.evaluate(
    (expected) => [...document.querySelectorAll("script")].filter((script) => script.nonce !== expected).map((script) => script.outerHTML.slice(0, 120)),
    nonce,
  );
}

function nonceOf(csp: string | undefined): string {
  const nonce = /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
  if (!nonce) throw new Error(`no nonce in ${csp}`);
  return nonce;
}

describe("the browser policy on real pages", () => {
  it("lets a public business page run the admin's site code and the map, with no violation", async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const violations = await watchPolicy(page);
    const response = await page.goto(`${base()}/business/e2e-policy-hotel-aaa111`);
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toBe("object-src 'none'; base-uri 'self'; frame-ancestors 'self'");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toMatch(/^geolocation=\(self\), camera=\(\), microphone=\(\), payment=\(\), usb=\(\)/);
    // Locally (ENVIRONMENT=development) there is no HSTS.
    expect(headers["strict-transport-security"]).toBeUndefined();
    await hydrated(page);
    await page.getByTestId("business-map").scrollIntoViewIfNeeded();
    await page.locator(".maplibregl-canvas").waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { __siteCodeRuns?: number }).__siteCodeRuns)).toBe(1);
    // The near-me search may ask for the position: geolocation stays the site's own.
    expect(await page.evaluate(() => (document as unknown as { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy?.allowsFeature("geolocation"))).toBe(true);
    expect(await page.evaluate(() => (document as unknown as { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy?.allowsFeature("camera"))).toBe(false);
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("signs in on /admin/login, every inline script carrying the answer's nonce, and hydrates the panel with no violation", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectErrors(page);
    const violations = await watchPolicy(page);
    const response = await page.goto(`${base()}/admin/login`);
    const csp = response!.headers()["content-security-policy"];
    expect(csp).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[^']+'; style-src 'self'; style-src-attr 'unsafe-inline';/);
    expect(csp).toContain("object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'");
    await hydrated(page);
    expect(await page.locator("script").count()).toBeGreaterThan(1);
    expect(await scriptsWithoutNonce(page, nonceOf(csp))).toEqual([]);

    // Hydrated: the form answers typing and signs in through its script.
    await page.locator("#login-username").fill(E2E_ADMIN.username);
    await page.locator("#login-password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Giriş Yap" }).click();
    await page.waitForURL(`${base()}/admin`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the admin dashboard freshly loaded with its own nonce, and lets it reach the upload progress socket", async () => {
    const context = await signedInContext(browser, base());
    const page = await context.newPage();
    const errors = collectErrors(page);
    const violations = await watchPolicy(page);
    const first = await page.goto(`${base()}/admin/dashboard`);
    await hydrated(page);
    const nonce = nonceOf(first!.headers()["content-security-policy"]);
    expect(await scriptsWithoutNonce(page, nonce)).toEqual([]);
    const second = await page.goto(`${base()}/admin/dashboard`);
    expect(nonceOf(second!.headers()["content-security-policy"])).not.toBe(nonce);
    await hydrated(page);
    // connect-src 'self' must cover the WebSocket the upload page follows a job by.
    const socket = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`ws://${location.host}/api/admin/upload-jobs/00000000-0000-4000-8000-000000000000/progress`);
          ws.onopen = () => (ws.close(), resolve("open"));
          ws.onerror = () => resolve("error");
          ws.onclose = () => resolve("closed");
        }),
    );
    expect(["open", "closed", "error"]).toContain(socket);
    expect(await violations()).toEqual([]);
    expect(errors.filter((error) => !/WebSocket/.test(error))).toEqual([]);
    await context.close();
  });
});

describe("login throttling through the running server", () => {
  const attempt = (address: string, username: string, password: string) =>
    fetch(`${base()}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: base(), "CF-Connecting-IP": address },
      body: JSON.stringify({ username, password }),
    });

  it("counts eight addresses of one IPv6 /64 as one client, and leaves the next /64 alone", async () => {
    const line = (n: number) => `2001:db8:e2e:64:${(n + 1).toString(16)}::${n + 7}`;
    for (let i = 0; i < 20; i++) {
      const response = await attempt(line(i % 8), `e2e-guess-${i}`, "wrong");
      expect(response.status, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await attempt(line(5).replace("::", ":abcd::"), E2E_ADMIN.username, E2E_ADMIN.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(((await refused.json()) as { message: string }).message).toBe("Too many failed login attempts. Try again in 15 minutes.");
    expect((await attempt("2001:db8:e2e:65::1", E2E_ADMIN.username, E2E_ADMIN.password)).status).toBe(200);
  });
});

/** A GET or HEAD sent with a body over a real socket (fetch refuses to send one). */
function readWithBody(method: "GET" | "HEAD", path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${base()}${path}`, { method, headers: { "Content-Type": "text/plain", "Content-Length": "11" } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on("error", reject);
    sent.end("hello there");
  });
}

describe("a GET or HEAD with a body through the running server", () => {
  it("is answered as without one, never 500", async () => {
    const search = await readWithBody("GET", "/search?q=hotel");
    expect(search.status).toBe(200);
    expect(search.body).toContain("</html>");
    const settings = await readWithBody("GET", "/api/admin/site-settings");
    expect(settings.status).toBe(200);
    expect(JSON.parse(settings.body)).toHaveProperty("head_tags");
    expect((await readWithBody("HEAD", "/search?q=hotel")).status).toBe(200);
  });
});
