import { redirect } from "@remix-run/cloudflare";
import { eq, lt, or, sql } from "drizzle-orm";
import { database } from "~/db/client.server";
import { adminSessions, adminUsers, appState } from "~/db/schema";
import type { StaffRole } from "~/lib/admin/staff";
import { clientAddress } from "~/models/rate-limit.server";
import { constantTimeEqual, fromBase64, randomToken, readCookie, sessionCookie, sessionCookieIsSecure, sha256, signedToken, toBase64, verifiedToken } from "~/lib/web/session-token";

/**
 * Admin authentication, enforced on the server. Passwords: PBKDF2-SHA256 through WebCrypto at
 * 100,000 iterations (the most workerd allows), per-user salt, constant-time comparison.
 * Sessions: a random 256-bit token in an HttpOnly cookie, signed with SESSION_SECRET (HMAC-SHA256)
 * so a made-up or altered cookie is refused before any D1 read and a new secret ends every
 * session at once; D1 stores only the token's SHA-256, with idle (30 min) and absolute (8 h)
 * timeouts; logout deletes the row. The cookie is `__Host-admin_session` wherever it is Secure
 * (production): bound to this host and path /, no subdomain can set or shadow it. Over the
 * local server's plain http a browser refuses a `__Host-` cookie, so there it is `admin_session`.
 */
export const PBKDF2_ITERATIONS = 100_000;
export const SESSION_IDLE_SECONDS = 30 * 60;
export const SESSION_ABSOLUTE_SECONDS = 8 * 60 * 60;
export const SESSION_COOKIE = "admin_session";
export const SECURE_SESSION_COOKIE = "__Host-admin_session";

/** A signed-in staff member: `name` is what the audit log and other staff see. */
export interface StaffMember {
  id: number;
  username: string;
  name: string;
  role: StaffRole;
  totpEnabled: boolean;
  /** Administrators require a second factor of all staff and this person has none yet. */
  mustSetUpTotp: boolean;
}

/** The app_state key whose value "1" means every staff member must use a second factor. */
export const REQUIRE_TOTP_KEY = "staff_require_totp";

type StaffRow = Pick<typeof adminUsers.$inferSelect, "id" | "username" | "displayName" | "role" | "totpEnabledAt">;

/** The name staff go by wherever others see it (the audit log, a hold): the display name, else the username. The builder has no coalesce. */
export const staffShownName = sql<string>`coalesce(${adminUsers.displayName}, ${adminUsers.username})`;

function staffMemberOf(row: StaffRow, totpRequired: boolean): StaffMember {
  const totpEnabled = row.totpEnabledAt != null;
  return { id: row.id, username: row.username, name: row.displayName ?? row.username, role: row.role, totpEnabled, mustSetUpTotp: totpRequired && !totpEnabled };
}

const encoder = new TextEncoder();

export async function hashPassword(password: string, salt: BufferSource, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return toBase64(bits);
}

/** Creates a staff member (an administrator unless told); false when the username is taken. */
export async function createAdminUser(
  db: D1Database,
  username: string,
  password: string,
  who: { displayName?: string; role?: StaffRole } = {},
): Promise<boolean> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await hashPassword(password, salt);
  const created = await database(db)
    .insert(adminUsers)
    .values({ username, passwordHash: hash, salt: toBase64(salt), iterations: PBKDF2_ITERATIONS, displayName: who.displayName ?? null, role: who.role ?? "admin" })
    .onConflictDoNothing({ target: adminUsers.username })
    .returning({ id: adminUsers.id });
  return created.length === 1;
}

/** What a correct password opens: the person, and their second factor when they use one. */
export type VerifiedStaff = StaffRow & Pick<typeof adminUsers.$inferSelect, "totpSecret" | "totpLastStep" | "recoveryCodes">;

/**
 * Checks a username (or an invited person's e-mail address) and password; null when either is
 * wrong (same work either way). The first admin comes from the ADMIN_USERNAME / ADMIN_PASSWORD
 * secrets: created on the first login attempt while the table is empty. One round trip reads the
 * user and whether any admin exists.
 */
export async function verifyAdminLogin(env: Env, username: string, password: string): Promise<VerifiedStaff | null> {
  const db = database(env.DB);
  const { id, passwordHash, salt: storedSalt, iterations, displayName, role, totpEnabledAt, totpSecret, totpLastStep, recoveryCodes } = adminUsers;
  const named = or(eq(adminUsers.username, username), eq(adminUsers.username, username.toLowerCase()));
  const userQuery = db
    .select({ id, username: adminUsers.username, passwordHash, salt: storedSalt, iterations, displayName, role, totpEnabledAt, totpSecret, totpLastStep, recoveryCodes })
    .from(adminUsers)
    .where(named)
    .limit(1);
  const [anyAdmin, found] = await db.batch([db.select({ id }).from(adminUsers).limit(1), userQuery]);
  let user = found[0] ?? null;
  if (anyAdmin.length === 0 && env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    await createAdminUser(env.DB, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    user = (await userQuery)[0] ?? null;
  }
  // An unknown user still costs one full hash, so timing does not reveal which usernames exist.
  const salt = user ? fromBase64(user.salt) : new Uint8Array(16);
  const hash = await hashPassword(password, salt, user?.iterations ?? PBKDF2_ITERATIONS);
  if (!user || !constantTimeEqual(hash, user.passwordHash)) return null;
  const { passwordHash: _hash, salt: _salt, iterations: _iterations, ...verified } = user;
  return verified;
}

/** The session cookie's name for this request: the `__Host-` one wherever the cookie is Secure. */
export function sessionCookieName(request: Request, env: Env): string {
  return sessionCookieIsSecure(request, env) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function adminSessionCookie(value: string, maxAge: number, request: Request, env: Env): string {
  return sessionCookie(SESSION_COOKIE, value, maxAge, sessionCookieIsSecure(request, env));
}

const storeSession = (db: D1Database, session: typeof adminSessions.$inferInsert) => database(db).insert(adminSessions).values(session);

/**
 * A new session: the statement storing it, for the caller to run (in its own batch, as the login
 * does), and the Set-Cookie header value that hands it to the browser.
 */
export async function newAdminSession(
  db: D1Database,
  userId: number,
  request: Request,
  env: Env,
): Promise<{ store: ReturnType<typeof storeSession>; setCookie: string }> {
  const token = randomToken();
  const now = Math.floor(Date.now() / 1000);
  const userAgent = request.headers.get("User-Agent")?.slice(0, 200) ?? null;
  const store = storeSession(db, { id: await sha256(token), userId, createdAt: now, lastSeenAt: now, address: clientAddress(request), userAgent });
  return { store, setCookie: adminSessionCookie(await signedToken(token, env.SESSION_SECRET), SESSION_ABSOLUTE_SECONDS, request, env) };
}

/** The session token of the request's cookie (its signature checked), or null. */
async function readSessionToken(request: Request, env: Env): Promise<string | null> {
  const value = readCookie(request, sessionCookieName(request, env));
  return value ? verifiedToken(value, env.SESSION_SECRET) : null;
}

/** The session row's id (the token's SHA-256) of this request, or null. */
export async function adminSessionId(request: Request, env: Env): Promise<string | null> {
  const token = await readSessionToken(request, env);
  return token ? sha256(token) : null;
}

/**
 * The signed-in staff member, or null. Refreshes the idle timer; expired sessions are deleted.
 * One read: the session, its person (a removed person's sessions went with them) and whether a
 * second factor is required of all staff.
 */
export async function getStaffMember(request: Request, env: Env): Promise<StaffMember | null> {
  const db = database(env.DB);
  const id = await adminSessionId(request, env);
  if (!id) return null;
  const now = Math.floor(Date.now() / 1000);
  const totpPolicy = db.select({ value: appState.value }).from(appState).where(eq(appState.key, REQUIRE_TOTP_KEY));
  const session = await db
    .select({
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
      id: adminUsers.id,
      username: adminUsers.username,
      displayName: adminUsers.displayName,
      role: adminUsers.role,
      totpEnabledAt: adminUsers.totpEnabledAt,
      totpRequired: sql<string | null>`(${totpPolicy})`,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(eq(adminSessions.id, id))
    .get();
  if (!session) return null;
  if (now - session.lastSeenAt > SESSION_IDLE_SECONDS || now - session.createdAt > SESSION_ABSOLUTE_SECONDS) {
    await db.delete(adminSessions).where(eq(adminSessions.id, id));
    return null;
  }
  // Writing on every request would cost a D1 write per click; a minute of slack is enough.
  if (now - session.lastSeenAt > 60) {
    await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, id));
  }
  return staffMemberOf(session, session.totpRequired === "1");
}

/**
 * Run by the cron: deletes the sessions past their idle or absolute timeout. getStaffMember
 * deletes one only when its cookie comes back, which an abandoned browser never does.
 */
export async function deleteExpiredAdminSessions(db: D1Database): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await database(db)
    .delete(adminSessions)
    .where(or(lt(adminSessions.lastSeenAt, now - SESSION_IDLE_SECONDS), lt(adminSessions.createdAt, now - SESSION_ABSOLUTE_SECONDS)));
}

/** Ends the session of this request; returns the Set-Cookie header value that clears it. */
export async function destroyAdminSession(request: Request, env: Env): Promise<string> {
  const token = await readSessionToken(request, env);
  if (token) await database(env.DB).delete(adminSessions).where(eq(adminSessions.id, await sha256(token)));
  return adminSessionCookie("", 0, request, env);
}

/**
 * Who may use a route: "admin" (administrators only: every route not opened to moderators),
 * "staff" (moderators too) or "account" (any staff member, even one who still has to set up
 * the second factor an administrator requires: their own account page and sign-out).
 */
export type StaffAccess = "admin" | "staff" | "account";

type Refusal = { status: 401 | 403; message: string; totpSetupRequired?: true };

function refusalFor(member: StaffMember | null, access: StaffAccess): Refusal | null {
  if (!member) return { status: 401, message: "Authentication required" };
  if (access !== "account" && member.mustSetUpTotp) {
    return { status: 403, message: "İki adımlı doğrulamayı kurmanız gerekiyor: Hesabım sayfasına gidin.", totpSetupRequired: true };
  }
  if (access === "admin" && member.role !== "admin") return { status: 403, message: "Bu işlem için yönetici yetkisi gerekir." };
  return null;
}

/** For admin API routes: the staff member allowed `access`, or a thrown 401/403 JSON answer. */
export async function requireStaffApi(request: Request, env: Env, access: StaffAccess = "staff"): Promise<StaffMember> {
  const member = await getStaffMember(request, env);
  const refusal = refusalFor(member, access);
  if (refusal) {
    const { status, ...answer } = refusal;
    throw Response.json({ success: false, ...answer }, { status, headers: { "Cache-Control": "private, no-store" } });
  }
  return member!;
}

/** For admin-only API routes: an administrator, or a thrown 401/403 JSON answer. */
export function requireAdminApi(request: Request, env: Env): Promise<StaffMember> {
  return requireStaffApi(request, env, "admin");
}

/**
 * For admin pages: the staff member allowed `access`; else a redirect to the login page (signed
 * out), to the account page (a second factor to set up) or a thrown 403.
 */
export async function requireStaffPage(request: Request, env: Env, access: StaffAccess = "staff"): Promise<StaffMember> {
  const member = await getStaffMember(request, env);
  const refusal = refusalFor(member, access);
  if (!refusal) return member!;
  const url = new URL(request.url);
  if (refusal.status === 401) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (refusal.totpSetupRequired) throw redirect("/admin/account");
  throw Response.json({ message: refusal.message }, { status: 403, headers: { "Cache-Control": "private, no-store" } });
}

/** For admin-only pages. */
export function requireAdminPage(request: Request, env: Env): Promise<StaffMember> {
  return requireStaffPage(request, env, "admin");
}
