import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { database } from "~/db/client.server";
import { members, memberSessions, memberSignInCodes } from "~/db/schema";
import { SITE_NAME } from "~/lib/directory/seo";
import { codeHashInput, newSignInCode, SIGN_IN_CODE_SECONDS, SIGN_IN_CODE_TRIES, signInMessage } from "~/lib/members/sign-in";
import { constantTimeEqual, keyedHash, randomToken, readCookie, sessionCookie, sessionCookieIsSecure, sha256, signedToken, verifiedToken } from "~/lib/web/session-token";
import { sendMail } from "./mail.server";
import { clientKey, hitRateLimitsInTurn, type RateLimit } from "./rate-limit.server";

/**
 * Members (decision 116): one kind of account for owners and travellers, signed up and in by a
 * six-digit code or a one-click link sent by e-mail. Codes and link tokens are kept as keyed
 * hashes; sessions live in D1 (the token's SHA-256), apart from the admin's, under their own
 * cookie, so a member's session never opens the admin.
 */
export type Member = Pick<typeof members.$inferSelect, "id" | "email" | "displayName" | "status">;

/** Codes asked for one address, an hour: a mailbox is not flooded. */
export const CODES_PER_EMAIL: RateLimit = { limit: 5, windowSeconds: 60 * 60 };
/** Codes asked from one client (IPv4 address or IPv6 /64), an hour, whatever the addresses. */
export const CODES_PER_CLIENT: RateLimit = { limit: 20, windowSeconds: 60 * 60 };
/** A session unused this long ends. */
export const MEMBER_SESSION_IDLE_SECONDS = 14 * 24 * 60 * 60;
/** Every session ends this long after sign-in: then the member signs in again. */
export const MEMBER_SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
export const MEMBER_SESSION_COOKIE = "member_session";
/**
 * A cookie the page's script may read, saying only that a member signed in on this browser: the
 * header asks /api/account/me only then, so a signed-out visitor's page costs no extra request.
 */
export const SIGNED_IN_HINT_COOKIE = "member_signed_in";

const now = () => Math.floor(Date.now() / 1000);

export type CodeRequestOutcome = { kind: "sent" } | { kind: "throttled"; retryAfterSeconds: number };

/**
 * Sends a new code and link to `email` (already read by emailAddressSchema), ending the older
 * ones; the same for an address with an account and one without, so the answer tells nothing.
 * Sent at once, not through the queue: the member is waiting for it.
 */
export async function requestSignInCode(env: Env, request: Request, email: string): Promise<CodeRequestOutcome> {
  const limited = await hitRateLimitsInTurn(env.DB, [
    { key: `member-code-client:${clientKey(request)}`, limit: CODES_PER_CLIENT },
    { key: `member-code-email:${email}`, limit: CODES_PER_EMAIL },
  ]);
  if (!limited.allowed) return { kind: "throttled", retryAfterSeconds: limited.retryAfterSeconds };
  const code = newSignInCode();
  const token = randomToken();
  const at = now();
  const db = database(env.DB);
  await db.batch([
    db.update(memberSignInCodes).set({ usedAt: at }).where(and(eq(memberSignInCodes.email, email), isNull(memberSignInCodes.usedAt))),
    db.insert(memberSignInCodes).values({
      email,
      codeHash: await keyedHash(env.SESSION_SECRET, codeHashInput(email, code)),
      linkHash: await keyedHash(env.SESSION_SECRET, `sign-in-link:${token}`),
      expiresAt: at + SIGN_IN_CODE_SECONDS,
      createdAt: at,
    }),
  ]);
  const link = new URL(`/account/verify?token=${encodeURIComponent(token)}`, env.SITE_URL).toString();
  await sendMail(env, signInMessage(email, code, link, SITE_NAME));
  return { kind: "sent" };
}

export type SignInOutcome = { kind: "signed-in"; member: Member; setCookies: string[] } | { kind: "refused" };

/**
 * Signs in with the newest live code of `email`. A wrong code counts against it, and the
 * SIGN_IN_CODE_TRIES-th wrong one ends it; a right one is used up in the same statement that
 * checks it is still unused, so two requests racing with it cannot both sign in.
 */
export async function signInWithCode(env: Env, request: Request, email: string, code: string): Promise<SignInOutcome> {
  const db = database(env.DB);
  const at = now();
  const live = await db
    .select({ id: memberSignInCodes.id, codeHash: memberSignInCodes.codeHash })
    .from(memberSignInCodes)
    .where(and(eq(memberSignInCodes.email, email), isNull(memberSignInCodes.usedAt), sql`${memberSignInCodes.expiresAt} > ${at}`))
    .orderBy(desc(memberSignInCodes.id))
    .limit(1)
    .get();
  if (!live) return { kind: "refused" };
  if (!constantTimeEqual(await keyedHash(env.SESSION_SECRET, codeHashInput(email, code)), live.codeHash)) {
    await db
      .update(memberSignInCodes)
      .set({
        failedAttempts: sql`${memberSignInCodes.failedAttempts} + 1`,
        usedAt: sql`CASE WHEN ${memberSignInCodes.failedAttempts} + 1 >= ${SIGN_IN_CODE_TRIES} THEN ${at} ELSE NULL END`,
      })
      .where(and(eq(memberSignInCodes.id, live.id), isNull(memberSignInCodes.usedAt)));
    return { kind: "refused" };
  }
  return useCodeAndSignIn(env, request, eq(memberSignInCodes.id, live.id), at);
}

/** Signs in with a one-click link's token: the same code row, found by the link's hash. */
export async function signInWithLink(env: Env, request: Request, token: string): Promise<SignInOutcome> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { kind: "refused" };
  const linkHash = await keyedHash(env.SESSION_SECRET, `sign-in-link:${token}`);
  return useCodeAndSignIn(env, request, eq(memberSignInCodes.linkHash, linkHash), now());
}

/** Marks the live code `which` used, and only if that took, opens a session for its address (a new account the first time). */
async function useCodeAndSignIn(env: Env, request: Request, which: ReturnType<typeof eq>, at: number): Promise<SignInOutcome> {
  const db = database(env.DB);
  const used = await db
    .update(memberSignInCodes)
    .set({ usedAt: at })
    .where(and(which, isNull(memberSignInCodes.usedAt), sql`${memberSignInCodes.expiresAt} > ${at}`))
    .returning({ email: memberSignInCodes.email })
    .get();
  if (!used) return { kind: "refused" };
  const [, found] = await db.batch([
    db.insert(members).values({ email: used.email }).onConflictDoNothing({ target: members.email }),
    db.select({ id: members.id, email: members.email, displayName: members.displayName, status: members.status }).from(members).where(eq(members.email, used.email)),
  ]);
  const member = found[0];
  if (!member || member.status !== "active") return { kind: "refused" };
  const token = randomToken();
  await db.insert(memberSessions).values({ id: await sha256(token), memberId: member.id, createdAt: at, lastSeenAt: at });
  return { kind: "signed-in", member, setCookies: memberCookies(request, env, await signedToken(token, env.SESSION_SECRET), MEMBER_SESSION_ABSOLUTE_SECONDS) };
}

/** The session cookie and the script-readable hint beside it (both cleared with maxAge 0). */
function memberCookies(request: Request, env: Env, value: string, maxAge: number): string[] {
  const secure = sessionCookieIsSecure(request, env);
  return [
    sessionCookie(MEMBER_SESSION_COOKIE, value, maxAge, secure),
    `${SIGNED_IN_HINT_COOKIE}=${maxAge > 0 ? "1" : ""}; Path=/; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`,
  ];
}

/** The SHA-256 of the request's member session token (its signature checked), or null. */
async function sessionIdOf(request: Request, env: Env): Promise<string | null> {
  const name = sessionCookieIsSecure(request, env) ? `__Host-${MEMBER_SESSION_COOKIE}` : MEMBER_SESSION_COOKIE;
  const value = readCookie(request, name);
  const token = value ? await verifiedToken(value, env.SESSION_SECRET) : null;
  return token ? sha256(token) : null;
}

/** The signed-in member, or null: no cookie costs no D1 read; an ended or idle session is deleted. */
export async function getMember(request: Request, env: Env): Promise<Member | null> {
  const id = await sessionIdOf(request, env);
  if (!id) return null;
  const db = database(env.DB);
  const at = now();
  const session = await db
    .select({ createdAt: memberSessions.createdAt, lastSeenAt: memberSessions.lastSeenAt, id: members.id, email: members.email, displayName: members.displayName, status: members.status })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(eq(memberSessions.id, id))
    .get();
  if (!session) return null;
  if (at - session.lastSeenAt > MEMBER_SESSION_IDLE_SECONDS || at - session.createdAt > MEMBER_SESSION_ABSOLUTE_SECONDS || session.status !== "active") {
    await db.delete(memberSessions).where(eq(memberSessions.id, id));
    return null;
  }
  // A write per request would cost a D1 write per click; an hour of slack is nothing against 14 days.
  if (at - session.lastSeenAt > 60 * 60) await db.update(memberSessions).set({ lastSeenAt: at }).where(eq(memberSessions.id, id));
  return { id: session.id, email: session.email, displayName: session.displayName, status: session.status };
}

/** Ends this browser's session, or with `everywhere` every session of its member; answers the Set-Cookie values that clear it. */
export async function signOut(request: Request, env: Env, { everywhere = false } = {}): Promise<string[]> {
  const id = await sessionIdOf(request, env);
  if (id) {
    const db = database(env.DB);
    if (everywhere) {
      const session = await db.select({ memberId: memberSessions.memberId }).from(memberSessions).where(eq(memberSessions.id, id)).get();
      if (session) await db.delete(memberSessions).where(eq(memberSessions.memberId, session.memberId));
    } else {
      await db.delete(memberSessions).where(eq(memberSessions.id, id));
    }
  }
  return memberCookies(request, env, "", 0);
}



/** Sets the member's display name (already read by displayNameSchema). */
export async function setDisplayName(db: D1Database, memberId: number, displayName: string): Promise<void> {
  await database(db).update(members).set({ displayName }).where(eq(members.id, memberId));
}

/**
 * Run by the cron: deletes sessions past their timeouts and codes past their time (each new
 * address adds rows that only a sign-in would otherwise clear).
 */
export async function deleteExpiredMemberSignIns(db: D1Database): Promise<void> {
  const at = now();
  const d = database(db);
  await d.batch([
    d.delete(memberSessions).where(or(lt(memberSessions.lastSeenAt, at - MEMBER_SESSION_IDLE_SECONDS), lt(memberSessions.createdAt, at - MEMBER_SESSION_ABSOLUTE_SECONDS))),
    d.delete(memberSignInCodes).where(lt(memberSignInCodes.expiresAt, at)),
  ]);
}
