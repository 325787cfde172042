import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CODE_REFUSED_MESSAGE } from "~/lib/members/sign-in";
import { sendMail } from "~/models/mail.server";
import worker from "../../workers/app";
import { login } from "./admin-support";

const SITE = "https://example.com";

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(SITE + path, { method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.40", ...headers }, body: JSON.stringify(body) });
}

/** The newest message of the local mailbox to `to`, read as a person would: through /api/dev/mailbox. */
async function newestMail(to: string): Promise<{ subject: string; text: string; html: string } | undefined> {
  const answer = await SELF.fetch(`${SITE}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { messages: { subject: string; text: string; html: string }[] }).messages[0];
}

/** Clients of their own for each code asked, so that the per-client throttle only counts where a test means it to. */
let clients = 0;

async function codeFor(to: string): Promise<{ code: string; link: string }> {
  const asked = await post("/api/account/email-code", { email: to }, { "CF-Connecting-IP": `192.0.2.${++clients % 250}` });
  expect(asked.status).toBe(200);
  const mail = (await newestMail(to))!;
  return { code: /\b(\d{6})\b/.exec(mail.text)![1]!, link: /https?:\/\/\S+\/account\/verify\?token=\S+/.exec(mail.text)![0] };
}

/** The session cookie (name=value) of a sign-in's answer. */
function sessionOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__Host-member_session="))!;
  return cookie.split(";")[0]!;
}

async function signIn(email: string): Promise<string> {
  const { code } = await codeFor(email);
  const verified = await post("/api/account/verify", { email, code });
  expect(verified.status).toBe(200);
  return sessionOf(verified);
}

const me = (cookie: string) => SELF.fetch(`${SITE}/api/account/me`, { headers: { Cookie: cookie } });

describe("sign-in by e-mail code", () => {
  it("answers a known and an unknown address alike, and sends each a code and a link", async () => {
    await signIn("known@example.org");
    const known = await post("/api/account/email-code", { email: "Known@Example.org " });
    const unknown = await post("/api/account/email-code", { email: "nobody-yet@example.org" });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.text()).toBe(await unknown.text());
    const mail = (await newestMail("nobody-yet@example.org"))!;
    expect(mail.subject).toMatch(/^\d{6} is your WorldHotels Directory sign-in code$/);
    expect(mail.text).toContain("/account/verify?token=");
    expect(mail.html).toContain("<a href=");
    const refused = await post("/api/account/email-code", { email: "not an address" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ success: false, message: "Please enter a valid email address" });
  });

  it("signs up with the code: a user, an HttpOnly SameSite=Lax __Host- session, and /api/account/me", async () => {
    const { code } = await codeFor("traveller@example.org");
    const verified = await post("/api/account/verify", { email: "traveller@example.org", code });
    expect(verified.status).toBe(200);
    const body = (await verified.json()) as { success: boolean; user: { id: number; email: string; displayName: string } };
    expect(body).toEqual({ success: true, user: { id: expect.any(Number), email: "traveller@example.org", displayName: "" } });
    const cookie = verified.headers.getSetCookie().find((value) => value.startsWith("__Host-member_session="))!;
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    const answer = await me(sessionOf(verified));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ user: { id: body.user.id, email: "traveller@example.org", displayName: "", status: "active" } });
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await me("")).status).toBe(401);
    // The code and the link's token are kept only as keyed hashes.
    const stored = await env.DB.prepare(`SELECT code_hash || link_hash AS hashes FROM member_sign_in_codes WHERE email = 'traveller@example.org'`).all<{ hashes: string }>();
    for (const row of stored.results) expect(row.hashes).not.toContain(code);
  });

  it("refuses a used code, a wrong one, an expired one, and a code burnt by five wrong tries", async () => {
    const email = "refusals@example.org";
    const { code } = await codeFor(email);
    expect((await post("/api/account/verify", { email, code })).status).toBe(200);
    const used = await post("/api/account/verify", { email, code });
    expect(used.status).toBe(400);
    expect(await used.json()).toEqual({ success: false, message: CODE_REFUSED_MESSAGE });

    const second = await codeFor(email);
    const wrong = second.code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await post("/api/account/verify", { email, code: wrong })).status).toBe(400);
    expect((await post("/api/account/verify", { email, code: second.code })).status).toBe(400);

    const third = await codeFor(email);
    await env.DB.prepare(`UPDATE member_sign_in_codes SET expires_at = unixepoch() - 1 WHERE email = ? AND used_at IS NULL`).bind(email).run();
    expect((await post("/api/account/verify", { email, code: third.code })).status).toBe(400);
    // A code is good for its own address only.
    const fourth = await codeFor(email);
    expect((await post("/api/account/verify", { email: "someone-else@example.org", code: fourth.code })).status).toBe(400);
  });

  it("ends the older code when a new one is asked for", async () => {
    const email = "newest@example.org";
    const first = await codeFor(email);
    const second = await codeFor(email);
    if (first.code !== second.code) expect((await post("/api/account/verify", { email, code: first.code })).status).toBe(400);
    expect((await post("/api/account/verify", { email, code: second.code })).status).toBe(200);
  });

  it("signs in once by the e-mail's link, and sends a used link to /account saying so", async () => {
    const { link } = await codeFor("linked@example.org");
    const path = new URL(link).pathname + new URL(link).search;
    const opened = await SELF.fetch(SITE + path, { redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/account");
    expect((await me(sessionOf(opened))).status).toBe(200);
    const again = await SELF.fetch(SITE + path, { redirect: "manual" });
    expect(again.headers.get("Location")).toBe("/account?link=expired");
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it("throttles codes: five an hour per address, twenty an hour per client, with Retry-After", async () => {
    for (let i = 0; i < 5; i++) expect((await post("/api/account/email-code", { email: "flooded@example.org" }, { "CF-Connecting-IP": "203.0.113.60" })).status).toBe(200);
    const sixth = await post("/api/account/email-code", { email: "flooded@example.org" }, { "CF-Connecting-IP": "203.0.113.61" });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("Retry-After")).toMatch(/^\d+$/);
    for (let i = 0; i < 20; i++) expect((await post("/api/account/email-code", { email: `many-${i}@example.org` }, { "CF-Connecting-IP": "2001:db8:9:9::1" })).status).toBe(200);
    // Another address of the same IPv6 /64 is the same client.
    expect((await post("/api/account/email-code", { email: "many-20@example.org" }, { "CF-Connecting-IP": "2001:db8:9:9::2" })).status).toBe(429);
  });
});

describe("member sessions", () => {
  it("ends one session on logout, and every session of the member with everywhere", async () => {
    const first = await signIn("sessions@example.org");
    const second = await signIn("sessions@example.org");
    const third = await signIn("sessions@example.org");
    const out = await SELF.fetch(`${SITE}/api/account/logout`, { method: "POST", headers: { Cookie: first } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((value) => value.startsWith("__Host-member_session=;") && value.includes("Max-Age=0"))).toBe(true);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
    const everywhere = await SELF.fetch(`${SITE}/api/account/logout`, { method: "POST", headers: { Cookie: second, "Content-Type": "application/json" }, body: JSON.stringify({ everywhere: true }) });
    expect(everywhere.status).toBe(200);
    expect((await me(second)).status).toBe(401);
    expect((await me(third)).status).toBe(401);
  });

  it("never opens the admin with a member session, and never a member call with the admin's", async () => {
    const member = await signIn("not-an-admin@example.org");
    const asAdmin = member.replace("__Host-member_session", "__Host-admin_session");
    for (const cookie of [member, asAdmin]) {
      expect((await SELF.fetch(`${SITE}/api/admin/stats`, { headers: { Cookie: cookie } })).status).toBe(401);
      const page = await SELF.fetch(`${SITE}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
    const admin = await login();
    expect((await me(admin)).status).toBe(401);
  });

  it("opens no session for a suspended member, whose live sessions end too", async () => {
    const before = await signIn("suspended@example.org");
    await env.DB.prepare(`UPDATE members SET status = 'suspended' WHERE email = 'suspended@example.org'`).run();
    expect((await me(before)).status).toBe(401);
    const { code } = await codeFor("suspended@example.org");
    expect((await post("/api/account/verify", { email: "suspended@example.org", code })).status).toBe(400);
    const sessions = await env.DB.prepare(`SELECT count(*) AS n FROM member_sessions JOIN members ON members.id = member_id WHERE email = 'suspended@example.org'`).first<{ n: number }>();
    expect(sessions!.n).toBe(0);
  });

  it("refuses a made-up or altered session cookie without reading D1's sessions", async () => {
    const member = await signIn("altered@example.org");
    // One signature character changed for another (never for itself, which would alter nothing).
    const altered = member.slice(0, -2) + (member.at(-2) === "A" ? "B" : "A") + member.slice(-1);
    expect((await me(altered)).status).toBe(401);
    expect((await me("__Host-member_session=made-up.value")).status).toBe(401);
  });

  it("keeps the display name as plain text on one line, 2 to 60 characters", async () => {
    const member = await signIn("named@example.org");
    const patch = (displayName: unknown) =>
      SELF.fetch(`${SITE}/api/account/me`, { method: "PATCH", headers: { Cookie: member, "Content-Type": "application/json" }, body: JSON.stringify({ displayName }) });
    const saved = await patch("  Ada\r\nBcc: x@evil.test  <b>");
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { user: { displayName: string } }).user.displayName).toBe("Ada Bcc: x@evil.test <b>");
    expect((await patch("A")).status).toBe(400);
    expect((await patch("x".repeat(61))).status).toBe(400);
    expect(((await (await me(member)).json()) as { user: { displayName: string } }).user.displayName).toBe("Ada Bcc: x@evil.test <b>");
  });
});

describe("profile", () => {
  const call = (cookie: string, path: string, body: unknown) =>
    SELF.fetch(SITE + path, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.41" }, body: JSON.stringify(body) });

  it("moves the account to a new address only once a code from that address comes back", async () => {
    const member = await signIn("old-address@example.org");
    expect((await call("", "/api/account/email-change", { email: "new-address@example.org" })).status).toBe(401);
    expect((await call(member, "/api/account/email-change", { email: "new-address@example.org" })).status).toBe(200);
    const mail = (await newestMail("new-address@example.org"))!;
    expect(mail.subject).toMatch(/^\d{6} confirms your new WorldHotels Directory address$/);
    const code = /^(\d{6})/.exec(mail.subject)![1]!;
    // A sign-in code is not a change code, nor the other way round.
    expect((await post("/api/account/verify", { email: "new-address@example.org", code })).status).toBe(400);
    expect((await call(member, "/api/account/email-change/verify", { email: "new-address@example.org", code: code === "000000" ? "111111" : "000000" })).status).toBe(400);
    const changed = await call(member, "/api/account/email-change/verify", { email: "new-address@example.org", code });
    expect(changed.status).toBe(200);
    expect(((await (await me(member)).json()) as { user: { email: string } }).user.email).toBe("new-address@example.org");
    // The old address now signs in to a new, empty account.
    const fresh = await signIn("old-address@example.org");
    expect(((await (await me(fresh)).json()) as { user: { id: number } }).user.id).not.toBe(((await (await me(member)).json()) as { user: { id: number } }).user.id);
  });

  it("keeps another account's address its own", async () => {
    await signIn("taken@example.org");
    const member = await signIn("wants-taken@example.org");
    await call(member, "/api/account/email-change", { email: "taken@example.org" });
    const code = /^(\d{6})/.exec((await newestMail("taken@example.org"))!.subject)![1]!;
    const refused = await call(member, "/api/account/email-change/verify", { email: "taken@example.org", code });
    expect(refused.status).toBe(409);
    expect(((await (await me(member)).json()) as { user: { email: string } }).user.email).toBe("wants-taken@example.org");
  });

  it("deletes the account and its personal data, and signs every browser out", async () => {
    const first = await signIn("leaving@example.org");
    const second = await signIn("leaving@example.org");
    const deleted = await SELF.fetch(`${SITE}/api/account/me`, { method: "DELETE", headers: { Cookie: first } });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().some((value) => value.startsWith("__Host-member_session=;"))).toBe(true);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    const left = await env.DB.prepare(`SELECT (SELECT count(*) FROM members WHERE email = 'leaving@example.org') AS members, (SELECT count(*) FROM member_sign_in_codes WHERE email = 'leaving@example.org') AS codes`).first<{ members: number; codes: number }>();
    expect(left).toEqual({ members: 0, codes: 0 });
  });
});

describe("e-mail", () => {
  it("answers the local mailbox, the call and the page, with 404 when the Worker runs as the real site", async () => {
    for (const path of ["/api/dev/mailbox?to=known@example.org", "/dev/mailbox"]) {
      expect((await SELF.fetch(SITE + path)).status).toBe(200);
      const ctx = createExecutionContext();
      const production = await worker.fetch(new Request(SITE + path) as never, { ...env, ENVIRONMENT: "production" }, ctx);
      await waitOnExecutionContext(ctx);
      expect(production.status).toBe(404);
      expect(await production.text()).not.toContain("sign-in code");
    }
  });

  it("sends through the send_email binding as the real site, headers on one line, never into the mailbox", async () => {
    const sent: unknown[] = [];
    const production = { ...env, ENVIRONMENT: "production", MAIL_FROM: "WorldHotels <no-reply@example.com>", EMAIL: { send: async (message: unknown) => void sent.push(message) } } as Env;
    await sendMail(production, { to: "owner@example.org\r\nBcc: x@evil.test", subject: "Hello\nBcc: y@evil.test", text: "Plain", html: "<p>Plain</p>" });
    expect(sent).toEqual([{ from: "WorldHotels <no-reply@example.com>", to: "owner@example.org Bcc: x@evil.test", subject: "Hello Bcc: y@evil.test", text: "Plain", html: "<p>Plain</p>" }]);
    expect(await newestMail("owner@example.org")).toBeUndefined();
    await expect(sendMail({ ...production, EMAIL: undefined }, { to: "a@example.org", subject: "s", text: "t", html: "h" })).rejects.toThrow(/not configured/);
  });
});
