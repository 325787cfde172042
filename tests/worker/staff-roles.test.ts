import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { hotp, totpStep } from "~/lib/admin/totp";
import { createAdminUser } from "~/models/auth.server";
import { addBusinesses, adminFetch, cookieOf, login, moderator, ORIGIN, record, staffLogin, STRONG } from "./admin-support";
import { waitForMail } from "./member-support";
import { ADMIN_CALLS, ADMIN_PAGES, moderatorMay } from "./support/admin-routes";

/** Staff (decision 119): invitations, roles enforced on every route, removal, sessions, TOTP, and the Origin rule. */

/** The token of the newest invitation e-mailed to `email`, read from the local mailbox as the invitee would. */
async function inviteToken(email: string): Promise<string> {
  const [mail] = await waitForMail(email, /ekibe davet/);
  if (!mail) throw new Error(`no invitation reached ${email}`);
  return /\/admin\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

function accept(body: unknown) {
  return SELF.fetch(`${ORIGIN}/api/admin/team/accept`, { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: JSON.stringify(body) });
}

let admin: string;

beforeAll(async () => {
  await addBusinesses([record({ name: "Hotel Staff Walk", placeId: "staff-1" })]);
  await env.DB.prepare(`INSERT INTO members (id, email) VALUES (1, 'walk-member@example.org')`).run();
  await env.DB.prepare(`INSERT INTO contact_messages (id, name, email, subject, message) VALUES (1, 'Ada', 'ada@example.com', 'Hello', 'A message')`).run();
  admin = await login("10.40.9.9");
});

describe("an invitation", () => {
  it("e-mails a one-time link; the invitee chooses a name and a strong password, then signs in with their e-mail", async () => {
    const invited = await adminFetch(admin, "/api/admin/team", { method: "POST", body: JSON.stringify({ email: "Mira.Mod@Example.org", role: "moderator" }) });
    expect(invited.status).toBe(201);
    expect(await invited.json()).toMatchObject({ success: true, invite: { email: "mira.mod@example.org", role: "moderator" } });
    const token = await inviteToken("mira.mod@example.org");

    const page = await SELF.fetch(`${ORIGIN}/admin/invite/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("mira.mod@example.org");

    for (const [password, why] of [["short-pass", /en az 12/], ["QazWsxEdcRfv", /yaygın/], ["123456654321", /yaygın/], ["aaaaaaaaaaaaaaaa", /yaygın/], ["mira.mod-password", /yaygın/]] as const) {
      const refused = await accept({ token, displayName: "Mira", password });
      expect(refused.status, password).toBe(400);
      expect(((await refused.json()) as { message: string }).message, password).toMatch(why);
    }
    const joined = await accept({ token, displayName: "  Mira   Moderator ", password: STRONG });
    expect(joined.status).toBe(200);
    expect(await joined.json()).toMatchObject({ success: true, email: "mira.mod@example.org" });
    // The link is used up.
    expect((await accept({ token, displayName: "Again", password: STRONG })).status).toBe(410);
    expect((await SELF.fetch(`${ORIGIN}/admin/invite/${token}`)).status).toBe(410);

    const cookie = await cookieOf(await staffLogin("MIRA.MOD@example.org", STRONG));
    const shell = await (await adminFetch(cookie, "/admin/moderation")).text();
    expect(shell).toContain("Mira Moderator");
    expect(shell).toContain("Moderatör");
    const team = (await (await adminFetch(admin, "/api/admin/team")).json()) as { staff: { name: string; role: string; email: string }[] };
    expect(team.staff).toContainEqual(expect.objectContaining({ name: "Mira Moderator", role: "moderator", email: "mira.mod@example.org" }));
  });

  it("refuses an expired link, a bad address or role, an address already on the team, and an invitation from a moderator", async () => {
    await adminFetch(admin, "/api/admin/team", { method: "POST", body: JSON.stringify({ email: "late@example.org", role: "admin" }) });
    const token = await inviteToken("late@example.org");
    await env.DB.prepare(`UPDATE staff_invites SET expires_at = unixepoch() - 1 WHERE email = 'late@example.org'`).run();
    expect((await accept({ token, displayName: "Late", password: STRONG })).status).toBe(410);
    expect((await accept({ token: "x".repeat(43), displayName: "Nobody", password: STRONG })).status).toBe(410);

    for (const body of [{ email: "not-an-address", role: "moderator" }, { email: "ok@example.org", role: "owner" }, { email: "ok@example.org" }]) {
      expect((await adminFetch(admin, "/api/admin/team", { method: "POST", body: JSON.stringify(body) })).status, JSON.stringify(body)).toBe(400);
    }
    await createAdminUser(env.DB, "taken@example.org", STRONG, { role: "moderator" });
    expect((await adminFetch(admin, "/api/admin/team", { method: "POST", body: JSON.stringify({ email: "taken@example.org", role: "admin" }) })).status).toBe(409);

    const mod = await moderator("inviter-mod@example.org", "Ina");
    expect((await adminFetch(mod, "/api/admin/team", { method: "POST", body: JSON.stringify({ email: "friend@example.org", role: "admin" }) })).status).toBe(403);
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM staff_invites WHERE email = 'friend@example.org'`).first("n")).toBe(0);
  });
});

describe("a moderator's least privilege", () => {
  it("answers 403 on every admin-only page and call, changing nothing, and lets them use the queue, members, sanctions and the audit log", async () => {
    const cookie = await moderator("walker@example.org", "Walker");
    const before = await env.DB.prepare(`SELECT (SELECT count(*) FROM businesses) AS b, (SELECT count(*) FROM site_settings) AS s, (SELECT count(*) FROM ad_codes) AS a, (SELECT count(*) FROM contact_messages) AS m, (SELECT count(*) FROM admin_users) AS u`).first();
    for (const [id, path] of ADMIN_PAGES) {
      const response = await adminFetch(cookie, path);
      await response.arrayBuffer();
      expect(response.status, path).toBe(moderatorMay(id) ? 200 : 403);
    }
    for (const [id, method, path, body] of ADMIN_CALLS) {
      const response = await adminFetch(cookie, path, { method, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
      const text = await response.text();
      if (moderatorMay(id, method)) {
        expect([401, 403], `${method} ${path}: ${text}`).not.toContain(response.status);
      } else {
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(JSON.parse(text), `${method} ${path}`).toMatchObject({ success: false });
      }
    }
    const after = await env.DB.prepare(`SELECT (SELECT count(*) FROM businesses) AS b, (SELECT count(*) FROM site_settings) AS s, (SELECT count(*) FROM ad_codes) AS a, (SELECT count(*) FROM contact_messages) AS m, (SELECT count(*) FROM admin_users) AS u`).first();
    expect(after).toEqual(before);
    // The admin home sends a moderator to the queue; their menu shows only what they may use.
    const home = await adminFetch(cookie, "/admin");
    expect([home.status, home.headers.get("Location")]).toEqual([302, "/admin/moderation"]);
    const menu = await (await adminFetch(cookie, "/admin/moderation")).text();
    expect(menu).toContain('href="/admin/members"');
    expect(menu).not.toContain('href="/admin/settings"');
    expect(menu).not.toContain('href="/admin/team"');
  });

  it("lets a moderator warn and suspend but not terminate or lift a termination; the audit log names them", async () => {
    const cookie = await moderator("sanctioner@example.org", "Sana Sanctioner");
    await env.DB.prepare(`INSERT INTO members (id, email) VALUES (77, 'sanctioned@example.org')`).run();
    const sanction = (body: unknown, who = cookie) => adminFetch(who, "/api/admin/members/77/sanctions", { method: "POST", body: JSON.stringify(body) });
    expect((await sanction({ level: "warning", reason: "Spam" })).status).toBe(201);
    expect((await sanction({ level: "suspension", days: 3, reason: "Spam again" })).status).toBe(201);
    expect((await sanction({ level: "termination", reason: "Fake listings" })).status).toBe(403);
    const terminated = (await (await sanction({ level: "termination", reason: "Fake listings" }, admin)).json()) as { sanction: { id: number } };
    expect((await adminFetch(cookie, `/api/admin/members/77/sanctions/${terminated.sanction.id}/lift`, { method: "POST" })).status).toBe(403);
    const { results } = await env.DB.prepare(`SELECT actor, action FROM audit_log WHERE action IN ('member.warned', 'member.suspended', 'member.terminated') AND subject = 'sanctioned@example.org' ORDER BY id`).all();
    expect(results).toEqual([
      { actor: "Sana Sanctioner", action: "member.warned" },
      { actor: "Sana Sanctioner", action: "member.suspended" },
      { actor: "admin", action: "member.terminated" },
    ]);
    const filtered = (await (await adminFetch(cookie, "/api/admin/audit-log")).json()) as { entries: { actor: string }[] };
    expect(filtered.entries.some((entry) => entry.actor === "Sana Sanctioner")).toBe(true);
  });
});

describe("removing a staff member", () => {
  it("ends their sessions at once: their very next request is refused; nobody removes themselves or the last administrator", async () => {
    const cookie = await moderator("leaving@example.org", "Leaving Mod");
    expect((await adminFetch(cookie, "/api/admin/moderation")).status).toBe(200);
    const id = (await env.DB.prepare(`SELECT id FROM admin_users WHERE username = 'leaving@example.org'`).first<number>("id"))!;
    const removed = await adminFetch(admin, `/api/admin/team/${id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await adminFetch(cookie, "/api/admin/moderation")).status).toBe(401);
    expect((await adminFetch(cookie, "/admin/moderation")).status).toBe(302);
    expect((await staffLogin("leaving@example.org", STRONG)).status).toBe(401);
    expect((await adminFetch(admin, `/api/admin/team/${id}`, { method: "DELETE" })).status).toBe(404);

    const me = (await env.DB.prepare(`SELECT id FROM admin_users WHERE username = 'admin'`).first<number>("id"))!;
    expect((await adminFetch(admin, `/api/admin/team/${me}`, { method: "DELETE" })).status).toBe(409);
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM admin_users WHERE id = ?1`).bind(me).first("n")).toBe(1);
  });

  it("lets staff see their own sessions and end another one of theirs", async () => {
    await createAdminUser(env.DB, "two-browsers@example.org", STRONG, { displayName: "Two", role: "moderator" });
    const laptop = await cookieOf(await staffLogin("two-browsers@example.org", STRONG, {}, "10.42.0.1"));
    const phone = await cookieOf(await staffLogin("two-browsers@example.org", STRONG, {}, "10.42.0.2"));
    const { sessions } = (await (await adminFetch(laptop, "/api/admin/account/sessions")).json()) as { sessions: { id: string; current: boolean; address: string }[] };
    expect(sessions).toHaveLength(2);
    const other = sessions.find((session) => !session.current)!;
    expect(other.address).toBe("10.42.0.2");
    expect((await adminFetch(laptop, `/api/admin/account/sessions/${other.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await adminFetch(phone, "/api/admin/moderation")).status).toBe(401);
    expect((await adminFetch(laptop, "/api/admin/moderation")).status).toBe(200);
    // Someone else's session is not theirs to end.
    const { sessions: adminSessions } = (await (await adminFetch(admin, "/api/admin/account/sessions")).json()) as { sessions: { id: string }[] };
    expect((await adminFetch(laptop, `/api/admin/account/sessions/${adminSessions[0]!.id}`, { method: "DELETE" })).status).toBe(404);
  });
});

/** A plain form post (no script), as the browser sends it: the page comes back with the action's answer. */
function formPost(cookie: string, path: string, fields: Record<string, string>) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    // Remix compares a form post's Origin with its Host, as a browser's always has one.
    headers: { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}
const accountForm = (cookie: string, fields: Record<string, string>) => formPost(cookie, "/admin/account", fields);

/** The authenticator secret the account page shows after "Kurulumu başlat". */
async function startedSecret(cookie: string): Promise<string> {
  const html = await (await accountForm(cookie, { intent: "totp-start" })).text();
  return /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(html)![1]!.replaceAll(" ", "");
}

/** The recovery codes the account page shows once a code confirmed the setup. */
async function confirmedRecoveryCodes(cookie: string, code: string): Promise<string[]> {
  const response = await accountForm(cookie, { intent: "totp-confirm", code });
  expect(response.status).toBe(200);
  return [...(await response.text()).matchAll(/<li>([A-Z0-9]{5}-[A-Z0-9]{5})<\/li>/g)].map((match) => match[1]!);
}

const codeAt = (secret: string, offsetSteps = 0) => hotp(secret, totpStep(Date.now()) + offsetSteps);

describe("the second factor", () => {
  it("is set up with a confirmed code, then asked at sign-in; a code is good once, a recovery code once", async () => {
    await createAdminUser(env.DB, "totp@example.org", STRONG, { displayName: "Tia", role: "moderator" });
    const cookie = await cookieOf(await staffLogin("totp@example.org", STRONG, {}, "10.43.0.1"));
    const secret = await startedSecret(cookie);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await accountForm(cookie, { intent: "totp-confirm", code: "000000" })).status).toBe(400);
    const recoveryCodes = await confirmedRecoveryCodes(cookie, await codeAt(secret, -1));
    expect(recoveryCodes).toHaveLength(10);

    const withoutCode = await staffLogin("totp@example.org", STRONG, {}, "10.43.0.2");
    expect(withoutCode.status).toBe(401);
    expect(await withoutCode.json()).toMatchObject({ secondFactorRequired: true });
    expect((await staffLogin("totp@example.org", STRONG, { code: "123456" }, "10.43.0.3")).status).toBe(401);
    const code = await codeAt(secret);
    await cookieOf(await staffLogin("totp@example.org", STRONG, { code }, "10.43.0.4"));
    // The same code again, and an older one, are refused (replay).
    expect((await staffLogin("totp@example.org", STRONG, { code }, "10.43.0.5")).status).toBe(401);
    const recovery = recoveryCodes[0]!;
    await cookieOf(await staffLogin("totp@example.org", STRONG, { code: recovery.toLowerCase() }, "10.43.0.6"));
    expect((await staffLogin("totp@example.org", STRONG, { code: recovery }, "10.43.0.7")).status).toBe(401);
    // A wrong password with a right code is still a wrong password, told the same way as any.
    const wrong = await staffLogin("totp@example.org", "wrong-password-entirely", { code: await codeAt(secret, 1) }, "10.43.0.8");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).not.toHaveProperty("secondFactorRequired");
  });

  it("once administrators require it, keeps staff without it to their account page until they set it up", async () => {
    const cookie = await moderator("no-totp@example.org", "Nora");
    // An administrator without a second factor may not require one: they would shut themselves out.
    expect((await formPost(admin, "/admin/team", { intent: "policy", requireTotp: "on" })).status).toBe(409);
    expect((await adminFetch(cookie, "/api/admin/moderation")).status).toBe(200);
    expect(await confirmedRecoveryCodes(admin, await codeAt(await startedSecret(admin)))).toHaveLength(10);
    expect((await formPost(admin, "/admin/team", { intent: "policy", requireTotp: "on" })).status).toBe(200);
    const refused = await adminFetch(cookie, "/api/admin/moderation");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ totpSetupRequired: true });
    const page = await adminFetch(cookie, "/admin/moderation");
    expect([page.status, page.headers.get("Location")]).toEqual([302, "/admin/account"]);
    expect((await adminFetch(cookie, "/admin/account")).status).toBe(200);
    expect(await confirmedRecoveryCodes(cookie, await codeAt(await startedSecret(cookie)))).toHaveLength(10);
    expect((await adminFetch(cookie, "/api/admin/moderation")).status).toBe(200);
    await env.DB.prepare(`DELETE FROM app_state WHERE key = 'staff_require_totp'`).run();
  });
});

describe("the Origin of an admin write", () => {
  it("must be the configured site's: not the Host's, not missing; a Referer of the site stands in for a missing Origin", async () => {
    const cookie = admin;
    const remove = (headers: Record<string, string>, url = `${ORIGIN}/api/admin/messages/1`) => SELF.fetch(url, { method: "DELETE", headers: { Cookie: cookie, ...headers } });
    expect((await remove({})).status).toBe(403);
    expect((await remove({ Origin: "http://evil.example", Host: "evil.example" }, "http://evil.example/api/admin/messages/1")).status).toBe(403);
    expect((await remove({ Origin: "https://example.com" }, "https://example.com/api/admin/messages/1")).status).toBe(403);
    expect((await remove({ Referer: "https://evil.example/admin/messages" })).status).toBe(403);
    expect((await remove({ Origin: "null" })).status).toBe(403);
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM contact_messages WHERE id = 1`).first("n")).toBe(1);
    expect((await remove({ Referer: `${ORIGIN}/admin/messages/1` })).status).toBe(200);
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM contact_messages WHERE id = 1`).first("n")).toBe(0);
  });
});
