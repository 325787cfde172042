import { redirect } from "@remix-run/cloudflare";
import { eq, lt, or } from "drizzle-orm";
import { database } from "~/db/client.server";
import { adminSessions, adminUsers } from "~/db/schema";
import { isProduction } from "~/lib/web/environment";

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

function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

export async function hashPassword(password: string, salt: BufferSource, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return toBase64(bits);
}

/** Compares without an early exit, so timing does not tell how much of a hash matched. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}

async function sha256(text: string): Promise<string> {
  return toBase64(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
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

function isSecureRequest(request: Request, env: Env): boolean {
  return isProduction(env) || new URL(request.url).protocol === "https:";
}

/** The session cookie's name for this request: the `__Host-` one wherever the cookie is Secure. */
export function sessionCookieName(request: Request, env: Env): string {
  return isSecureRequest(request, env) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function sessionCookie(value: string, maxAge: number, request: Request, env: Env): string {
  const secure = isSecureRequest(request, env) ? "; Secure" : "";
  return `${sessionCookieName(request, env)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  return toBase64(bytes).replace(/[+/=]/g, (c) => ({ "+": "-", "/": "_", "=": "" })[c]!);
}

/** The HMAC key of SESSION_SECRET; without the secret no session can be made or trusted. */
async function sessionSigningKey(env: Env): Promise<CryptoKey> {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not set: admin sessions cannot be signed (see README)");
  return crypto.subtle.importKey("raw", encoder.encode(env.SESSION_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

/** The cookie value of a token: the token and its signature, joined by a dot. */
async function signedToken(token: string, env: Env): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await sessionSigningKey(env), encoder.encode(token));
  return `${token}.${toBase64Url(signature)}`;
}

/**
 * The token of a cookie value whose signature is right, else null. The whole value is compared
 * with the one the token signs to, in constant time: base64 text that decodes to the same bytes
 * (another last character) is still refused.
 */
async function verifiedToken(value: string, env: Env): Promise<string | null> {
  const token = value.split(".")[0]!;
  if (!token) return null;
  return constantTimeEqual(value, await signedToken(token, env)) ? token : null;
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
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const now = Math.floor(Date.now() / 1000);
  const store = storeSession(db, { id: await sha256(token), userId, createdAt: now, lastSeenAt: now });
  return { store, setCookie: sessionCookie(await signedToken(token, env), SESSION_ABSOLUTE_SECONDS, request, env) };
}

/** The session token of the request's cookie (its signature checked), or null. */
async function readSessionToken(request: Request, env: Env): Promise<string | null> {
  const name = sessionCookieName(request, env);
  const cookie = request.headers.get("Cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    const value = rest.join("=");
    return value && value.length <= 200 ? verifiedToken(value, env) : null;
  }
  return null;
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
  return sessionCookie("", 0, request, env);
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
