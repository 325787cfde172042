import { redirect } from "@remix-run/cloudflare";
import { eq, lt, or } from "drizzle-orm";
import { database } from "~/db/client.server";
import { adminSessions, adminUsers } from "~/db/schema";
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

export type AdminUser = Pick<typeof adminUsers.$inferSelect, "id" | "username">;

const encoder = new TextEncoder();

export async function hashPassword(password: string, salt: BufferSource, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return toBase64(bits);
}

export async function createAdminUser(db: D1Database, username: string, password: string): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await hashPassword(password, salt);
  await database(db)
    .insert(adminUsers)
    .values({ username, passwordHash: hash, salt: toBase64(salt), iterations: PBKDF2_ITERATIONS })
    .onConflictDoNothing({ target: adminUsers.username });
}

/**
 * Checks a username and password; null when either is wrong (same work either way). The first
 * admin comes from the ADMIN_USERNAME / ADMIN_PASSWORD secrets: created on the first login
 * attempt while the table is empty. One round trip reads the user and whether any admin exists.
 */
export async function verifyAdminLogin(env: Env, username: string, password: string): Promise<AdminUser | null> {
  const db = database(env.DB);
  const { id, passwordHash, salt: storedSalt, iterations } = adminUsers;
  const userQuery = db.select({ id, username: adminUsers.username, passwordHash, salt: storedSalt, iterations }).from(adminUsers).where(eq(adminUsers.username, username));
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
  return { id: user.id, username: user.username };
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
  const store = storeSession(db, { id: await sha256(token), userId, createdAt: now, lastSeenAt: now });
  return { store, setCookie: adminSessionCookie(await signedToken(token, env.SESSION_SECRET), SESSION_ABSOLUTE_SECONDS, request, env) };
}

/** The session token of the request's cookie (its signature checked), or null. */
async function readSessionToken(request: Request, env: Env): Promise<string | null> {
  const value = readCookie(request, sessionCookieName(request, env));
  return value ? verifiedToken(value, env.SESSION_SECRET) : null;
}

/** The signed-in admin, or null. Refreshes the idle timer; expired sessions are deleted. */
export async function getAdminUser(request: Request, env: Env): Promise<AdminUser | null> {
  const db = database(env.DB);
  const token = await readSessionToken(request, env);
  if (!token) return null;
  const id = await sha256(token);
  const now = Math.floor(Date.now() / 1000);
  const session = await db
    .select({ createdAt: adminSessions.createdAt, lastSeenAt: adminSessions.lastSeenAt, userId: adminUsers.id, username: adminUsers.username })
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
  return { id: session.userId, username: session.username };
}

/**
 * Run by the cron: deletes the sessions past their idle or absolute timeout. getAdminUser
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

/** For admin API routes: the admin, or a thrown 401 JSON answer. */
export async function requireAdminApi(request: Request, env: Env): Promise<AdminUser> {
  const user = await getAdminUser(request, env);
  if (!user) {
    throw Response.json({ success: false, message: "Authentication required" }, { status: 401, headers: { "Cache-Control": "private, no-store" } });
  }
  return user;
}

/** For admin pages: the admin, or a thrown redirect to the login page. */
export async function requireAdminPage(request: Request, env: Env): Promise<AdminUser> {
  const user = await getAdminUser(request, env);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}
