import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
// @ts-ignore The server build exists once `npm run build` has run (the test script builds first).
import * as build from "../../build/server/index.js";
import { loginAdmin } from "~/models/admin-login.server";
import { saveContactMessage } from "~/models/contact.server";
import worker from "../../workers/app";
import { UPKEEP_CRON } from "../../workers/cron-schedules";
import { D1Recorder } from "../../workers/bench-metrics";
import { addBusinesses, ADMIN, adminFetch, idOf, login, ORIGIN, record } from "./admin-support";
import { ADMIN_CALLS, ADMIN_PAGES, OPEN_BY_DESIGN } from "./support/admin-routes";

function loginAttempt(ip: string, credentials: { username: string; password: string }) {
  return SELF.fetch(`${ORIGIN}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": ip },
    body: JSON.stringify(credentials),
  });
}

function call(method: string, path: string, cookie: string | null, body?: unknown) {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return SELF.fetch(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: "manual" });
}

async function expectRefused(cookie: string | null) {
  for (const [, path] of ADMIN_PAGES) {
    const response = await call("GET", path, cookie);
    expect(response.status, path).toBe(302);
    expect(response.headers.get("Location"), path).toMatch(/^\/admin\/login\?redirectTo=/);
    await response.arrayBuffer();
  }
  for (const [, method, path, body] of ADMIN_CALLS) {
    const response = await call(method, path, cookie, body);
    expect(response.status, `${method} ${path}`).toBe(401);
    expect(response.headers.get("Content-Type"), `${method} ${path}`).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ success: false });
  }
  // Nothing happened: the business, the settings and the ad codes are as they were.
  expect(await env.DB.prepare(`SELECT count(*) AS n FROM businesses`).first("n")).toBe(2);
  expect(await env.DB.prepare(`SELECT count(*) AS n FROM site_settings`).first("n")).toBe(0);
  expect(await env.DB.prepare(`SELECT count(*) AS n FROM ad_codes`).first("n")).toBe(0);
  expect(await env.DB.prepare(`SELECT read_at, handled_at FROM contact_messages`).all()).toMatchObject({ results: [{ read_at: null, handled_at: null }] });
}

beforeAll(async () => {
  await addBusinesses([record({ name: "Hotel Storchen", placeId: "p1" }), record({ name: "Secret Unapproved Inn", placeId: "p2" })]);
  await saveContactMessage(env.DB, { name: "Ada", email: "ada@example.com", company: "", phone: "", subject: "Listing question", message: "Please update us." });
  // Member 1, whose admin page (/admin/members/1) is in ADMIN_PAGES.
  await env.DB.prepare(`INSERT INTO members (id, email) VALUES (1, 'security-member@example.org')`).run();
});

describe("admin access without a valid session", () => {
  it("covers every admin route of the build in the lists below (a new admin route must be added here)", () => {
    const adminRoutes = Object.keys(build.routes as Record<string, unknown>).filter((id) =>
      /^routes\/(admin|api\.admin|api\.export-csv|api\.businesses\.\$|api\.account\.businesses\.|api\.upload-excel)/.test(id),
    );
    const covered = new Set([...ADMIN_PAGES.map(([id]) => id), ...ADMIN_CALLS.map(([id]) => id), ...OPEN_BY_DESIGN]);
    expect(adminRoutes.filter((id) => !covered.has(id))).toEqual([]);
    // Public reads of site settings and ad codes: their GET is open, their POST is in ADMIN_CALLS.
    expect(adminRoutes.length).toBeGreaterThanOrEqual(covered.size);
  });

  it("refuses every admin page (redirect to the login) and every admin call (401 JSON)", async () => {
    await expectRefused(null);
  });

  it("gives nothing to a forged adminAuth cookie or a made-up session cookie", async () => {
    await expectRefused("adminAuth=true");
    await expectRefused("admin_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA; adminAuth=true");
  });

  it("gives nothing to a tampered or an expired session cookie", async () => {
    const cookie = await login("10.9.0.1");
    const tampered = cookie.slice(0, -1) + (cookie.endsWith("A") ? "B" : "A");
    await expectRefused(tampered);
    // Idle for more than 30 minutes.
    await env.DB.prepare(`UPDATE admin_sessions SET last_seen_at = last_seen_at - 31 * 60`).run();
    await expectRefused(cookie);
  });

  it("trusts a session cookie only under the SESSION_SECRET that signed it: a new secret signs everyone out", async () => {
    const cookie = await login("10.9.0.2");
    const stats = async (secret: string) => {
      const ctx = createExecutionContext();
      const request = new Request(`${ORIGIN}/api/admin/stats`, { headers: { Cookie: cookie } });
      const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, SESSION_SECRET: secret }, ctx);
      await waitOnExecutionContext(ctx);
      await response.arrayBuffer();
      return response.status;
    };
    expect(await stats(env.SESSION_SECRET!)).toBe(200);
    expect(await stats("a-new-secret-after-a-leak-0123456789")).toBe(401);
    // The unsigned token alone (the part before the dot) is no session either.
    expect((await call("GET", "/api/admin/stats", cookie.split(".")[0]!)).status).toBe(401);
  });

  it("shows the inline login on /admin without any admin figures", async () => {
    const response = await call("GET", "/admin", null);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Username");
    expect(html).not.toContain("Hoş geldiniz");
    const data = await call("GET", "/admin/businesses.data", null);
    expect(await data.text()).not.toContain("Secret Unapproved Inn");
  });

  it("serves the login page and the public reads of site settings and ad codes", async () => {
    expect((await call("GET", "/admin/login", null)).status).toBe(200);
    const settings = await call("GET", "/api/admin/site-settings", null);
    expect(await settings.json()).toEqual({ head_tags: "", footer_tags: "", analytics_code: "", facebook_pixel: "" });
    const ads = await call("GET", "/api/admin/advertisement-codes", null);
    expect(await ads.json()).toEqual({ ad1: "", ad2: "", ad3: "", ad4: "" });
  });
});

describe("login and logout", () => {
  it("logs in with the bootstrap admin, sets a safe cookie, and logout revokes the session", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "10.1.0.1" },
      body: JSON.stringify(ADMIN),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(";")[0]!;

    const page = await adminFetch(cookie, "/admin/businesses");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    expect(await page.text()).toContain("Secret Unapproved Inn");
    expect((await adminFetch(cookie, "/admin/login")).headers.get("Location")).toBe("/admin");

    const logout = await adminFetch(cookie, "/api/admin/logout", { method: "POST" });
    expect(logout.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    expect((await adminFetch(cookie, "/api/admin/stats")).status).toBe(401);
    expect((await adminFetch(cookie, "/admin/dashboard")).status).toBe(302);
  });

  it("refuses a wrong password and a missing field with clear messages", async () => {
    const wrong = await call("POST", "/api/admin/login", null, { username: "admin", password: "nope" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ success: false, message: "Invalid username or password" });
    const missing = await call("POST", "/api/admin/login", null, { username: "admin" });
    expect(missing.status).toBe(400);
    expect((await missing.json()) as { message: string }).toMatchObject({ success: false, message: expect.stringMatching(/password/i) });
  });

  it("refuses a login body over 64 KB with 413 and a clear message", async () => {
    const response = await call("POST", "/api/admin/login", null, { ...ADMIN, password: "x".repeat(64 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, message: "Request body too large (at most 64 KB)" });
  });

  it("throttles 5 failures per username and address (429), without locking out another address", async () => {
    const attempt = (ip: string, password: string) => loginAttempt(ip, { username: "admin", password });
    for (let i = 0; i < 5; i++) expect((await attempt("203.0.113.9", "guess" + i)).status).toBe(401);
    const blocked = await attempt("203.0.113.9", ADMIN.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/Too many failed login attempts\. Try again in 15 minutes/);
    expect((await attempt("198.51.100.7", ADMIN.password)).status).toBe(200);
  });

  it("throttles 20 failures per address whatever the usernames (429), without locking out another address", async () => {
    for (let i = 0; i < 20; i++) expect((await loginAttempt("203.0.113.10", { username: `user${i}`, password: "guess" })).status).toBe(401);
    const blocked = await loginAttempt("203.0.113.10", ADMIN);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/Too many failed login attempts\. Try again in 15 minutes/);
    expect((await loginAttempt("203.0.113.11", ADMIN)).status).toBe(200);
  });

  it("counts the addresses of one IPv6 /64 as one client: eight of them share one budget", async () => {
    const line = (n: number) => `2001:db8:36:64:${n.toString(16)}::${n + 1}`;
    for (let i = 0; i < 20; i++) expect((await loginAttempt(line(i % 8), { username: `v6user${i}`, password: "guess" })).status).toBe(401);
    const blocked = await loginAttempt(line(9), ADMIN);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    // The next /64 is another customer's line.
    expect((await loginAttempt("2001:db8:36:65::1", ADMIN)).status).toBe(200);
  });

  it("counts five tries at one username across the /64 too", async () => {
    for (let i = 0; i < 5; i++) expect((await loginAttempt(`2001:db8:36:66::${i + 1}`, { username: "admin", password: `guess${i}` })).status).toBe(401);
    expect((await loginAttempt("2001:db8:36:66:ffff::9", ADMIN)).status).toBe(429);
    expect((await loginAttempt("2001:db8:36:67::1", ADMIN)).status).toBe(200);
  });

  it("slows guesses at one account from many addresses down with a growing delay, and lets the real admin in once it passes", async () => {
    let next = 0;
    const fromNewAddress = (password: string) => loginAttempt(`198.18.${Math.floor(next / 250)}.${(next++ % 250) + 1}`, { username: "admin", password });
    /** Moves the account's last attempt `seconds` into the past, as that much waiting would. */
    const wait = (seconds: number) =>
      env.DB.prepare(`UPDATE rate_limits SET window_start = window_start - ?1 WHERE key = 'login-account:admin'`).bind(seconds).run();
    for (let i = 0; i < 10; i++) expect((await fromNewAddress(`guess${i}`)).status).toBe(401);

    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await fromNewAddress("guess");
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("Retry-After"));
      waits.push(retryAfter);
      const { message } = (await refused.json()) as { message: string };
      if (retryAfter < 60) expect(message).toBe(`Too many failed login attempts. Try again in ${retryAfter} seconds.`);
      else expect(message).toMatch(/^Too many failed login attempts\. Try again in (1 minute|2 minutes)\.$/);
      // Even the right password waits: the delay is the account's, not the guesser's.
      expect((await fromNewAddress(ADMIN.password)).status).toBe(429);
      await wait(retryAfter);
      expect((await fromNewAddress(`late guess ${round}`)).status).toBe(401);
    }
    expect(waits[0]).toBeGreaterThanOrEqual(29);
    expect(waits[0]).toBeLessThanOrEqual(30);
    expect(waits[1]).toBeGreaterThanOrEqual(59);
    expect(waits[2]).toBeGreaterThanOrEqual(119);

    // However long the guessing went on, the wait stops growing at 15 minutes.
    await env.DB.prepare(`UPDATE rate_limits SET count = 500 WHERE key = 'login-account:admin'`).run();
    const capped = await fromNewAddress(ADMIN.password);
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(Number(capped.headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
    expect(((await capped.json()) as { message: string }).message).toBe("Too many failed login attempts. Try again in 15 minutes.");

    await wait(15 * 60);
    const admin = await loginAttempt("192.0.2.200", ADMIN);
    expect(admin.status).toBe(200);
    await admin.arrayBuffer();
    // The success clears the account's count: the next mistyped password is not delayed.
    expect((await loginAttempt("192.0.2.200", { username: "admin", password: "typo" })).status).toBe(401);
  });

  it("counts no username attempt while its address is throttled, and a login clears both counts", async () => {
    for (let i = 0; i < 20; i++) await loginAttempt("203.0.113.12", { username: `user${i}`, password: "guess" });
    expect((await loginAttempt("203.0.113.12", { username: "admin", password: "guess" })).status).toBe(429);
    const keys = async (ip: string) =>
      (await env.DB.prepare(`SELECT key FROM rate_limits WHERE key LIKE '%:' || ?1 ORDER BY key`).bind(ip).all<{ key: string }>()).results.map((row) => row.key);
    expect(await keys("203.0.113.12")).not.toContain("login:admin:203.0.113.12");

    expect((await loginAttempt("203.0.113.13", { username: "admin", password: "guess" })).status).toBe(401);
    expect(await keys("203.0.113.13")).toEqual(["login-address:203.0.113.13", "login:admin:203.0.113.13"]);
    expect((await loginAttempt("203.0.113.13", ADMIN)).status).toBe(200);
    expect(await keys("203.0.113.13")).toEqual([]);
  });

  it("spends three D1 round trips on a login, two on a wrong password and one when throttled", async () => {
    await login("10.5.0.1"); // the bootstrap admin exists: creating it is the first login's extra work
    const roundTrips = async (ip: string, password: string) => {
      const recorder = new D1Recorder();
      const request = new Request(`${ORIGIN}/api/admin/login`, { headers: { "CF-Connecting-IP": ip } });
      const outcome = await loginAdmin(request, { ...env, DB: recorder.wrap(env.DB) }, ADMIN.username, password);
      return [outcome.kind, recorder.calls];
    };
    expect(await roundTrips("10.5.0.2", ADMIN.password)).toEqual(["ok", 3]);
    expect(await roundTrips("10.5.0.2", "guess")).toEqual(["invalid", 2]);
    for (let i = 0; i < 4; i++) await roundTrips("10.5.0.2", "guess");
    expect(await roundTrips("10.5.0.2", ADMIN.password)).toEqual(["throttled", 1]);
    expect(await roundTrips("10.5.0.3", ADMIN.password)).toEqual(["ok", 3]);
  });

  it("has the cron delete spent login counts and timed-out sessions, keeping the live ones", async () => {
    const now = Math.floor(Date.now() / 1000);
    await loginAttempt("203.0.113.20", { username: "admin", password: "spent" });
    await env.DB.prepare(`UPDATE rate_limits SET window_start = window_start - 16 * 60, expires_at = expires_at - 16 * 60 WHERE key LIKE '%203.0.113.20'`).run();
    await loginAttempt("203.0.113.21", { username: "admin", password: "live" });
    await login("10.4.0.1");
    await env.DB.prepare(`UPDATE admin_sessions SET last_seen_at = ?1`).bind(now - 31 * 60).run();
    await login("10.4.0.2");
    await env.DB.prepare(`UPDATE admin_sessions SET created_at = ?1 WHERE last_seen_at > ?2`).bind(now - 9 * 60 * 60, now - 60).run();
    const live = await login("10.4.0.3");
    const timedOut = `SELECT count(*) AS n FROM admin_sessions WHERE last_seen_at < ?1 OR created_at < ?2`;
    expect(await env.DB.prepare(timedOut).bind(now - 30 * 60, now - 8 * 60 * 60).first("n")).toBeGreaterThanOrEqual(2);

    await worker.scheduled(createScheduledController({ cron: UPKEEP_CRON, scheduledTime: Date.now() }), env);

    const { results } = await env.DB.prepare(`SELECT key FROM rate_limits WHERE key LIKE '%203.0.113.2_' ORDER BY key`).all<{ key: string }>();
    expect(results.map((row) => row.key)).toEqual(["login-address:203.0.113.21", "login:admin:203.0.113.21"]);
    expect(await env.DB.prepare(timedOut).bind(now - 30 * 60, now - 8 * 60 * 60).first("n")).toBe(0);
    expect((await adminFetch(live, "/api/admin/stats")).status).toBe(200);
  });
});

describe("admin pages and search engines", () => {
  it("mark every admin page noindex, signed in or out", async () => {
    const noindex = /<meta name="robots" content="noindex"\/>/;
    const cookie = await login("10.3.0.1");
    for (const [, path] of ADMIN_PAGES) {
      const page = await adminFetch(cookie, path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toMatch(noindex);
    }
    for (const path of ["/admin", "/admin/login"]) {
      const page = await call("GET", path, null);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toMatch(noindex);
    }
  });
});

describe("cross-site requests", () => {
  it("refuses a non-GET request whose Origin is another site (403), before anything happens", async () => {
    const cookie = await login("10.2.0.1");
    const id = await idOf("Hotel Storchen");
    const response = await SELF.fetch(`${ORIGIN}/api/businesses/${id}`, {
      method: "DELETE",
      headers: { Cookie: cookie, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await idOf("Hotel Storchen")).toBe(id);
    const login403 = await SELF.fetch(`${ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify(ADMIN),
    });
    expect(login403.status).toBe(403);
    const crossSiteNoOrigin = await SELF.fetch(`${ORIGIN}/api/admin/clear-cache`, { method: "POST", headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" } });
    expect(crossSiteNoOrigin.status).toBe(403);
    // The same request from the site itself goes through.
    expect((await adminFetch(cookie, "/api/admin/clear-cache", { method: "POST" })).status).toBe(200);
  });

  it("opens an upload's progress WebSocket only to the site's own pages, not to another origin of the same site", async () => {
    const cookie = await login("10.2.0.2");
    const started = await adminFetch(cookie, "/api/admin/uploads", { method: "POST", body: JSON.stringify({ fileName: "watched.csv", fileSize: 10 }) });
    const { jobId } = (await started.json()) as { jobId: string };
    const watch = (origin: string) =>
      SELF.fetch(`${ORIGIN}/api/admin/upload-jobs/${jobId}/progress`, { headers: { Upgrade: "websocket", Cookie: cookie, Origin: origin } });
    for (const origin of ["http://files.example.com", "https://evil.example"]) {
      const refused = await watch(origin);
      expect(refused.status, origin).toBe(403);
      expect(refused.webSocket, origin).toBeNull();
    }
    const own = await watch(ORIGIN);
    expect(own.status).toBe(101);
    own.webSocket!.accept();
    own.webSocket!.close(1000, "done");
  });
});
