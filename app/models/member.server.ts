import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { database } from "~/db/client.server";
import { members, memberSessions, memberSignInCodes, moderationItems } from "~/db/schema";
import { SITE_NAME } from "~/lib/directory/seo";
import { escapeHtml } from "~/lib/email/mail-message";
import { codeHashInput, emailChangeMessage, newSignInCode, SIGN_IN_CODE_SECONDS, SIGN_IN_CODE_TRIES, signInMessage, type CodePurpose } from "~/lib/members/sign-in";
import { constantTimeEqual, keyedHash, randomToken, readCookie, sessionCookie, sessionCookieIsSecure, sha256, signedToken, verifiedToken } from "~/lib/web/session-token";
import { getStaffMember } from "./auth.server";
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
 * Stores a new code (and link) for `email` and `purpose`, ending the older live ones, within the
 * throttles (per address and per client). The answer is the same whether or not the address
 * has an account, so it tells nothing.
 */
async function issueCode(
  env: Env,
  request: Request,
  email: string,
  purpose: CodePurpose,
  memberId: number | null,
): Promise<{ kind: "issued"; code: string; token: string } | { kind: "throttled"; retryAfterSeconds: number }> {
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
    db
      .update(memberSignInCodes)
      .set({ usedAt: at })
      .where(and(eq(memberSignInCodes.email, email), eq(memberSignInCodes.purpose, purpose), isNull(memberSignInCodes.usedAt))),
    db.insert(memberSignInCodes).values({
      purpose,
      memberId,
      email,
      codeHash: await keyedHash(env.SESSION_SECRET, codeHashInput(purpose, email, code)),
      linkHash: await keyedHash(env.SESSION_SECRET, `sign-in-link:${token}`),
      expiresAt: at + SIGN_IN_CODE_SECONDS,
      createdAt: at,
    }),
  ]);
  return { kind: "issued", code, token };
}

/**
 * Sends a new sign-in code and link to `email` (already read by emailAddressSchema). Sent at
 * once, not through the queue: the member is waiting for it.
 */
export async function requestSignInCode(env: Env, request: Request, email: string): Promise<CodeRequestOutcome> {
  const issued = await issueCode(env, request, email, "sign-in", null);
  if (issued.kind === "throttled") return issued;
  // A closed account (issue 51) gets no code, which would not open a session: its mailbox is told
  // why instead. The answer stays the same, so the address's state shows only to its owner.
  const account = await database(env.DB).select({ status: members.status }).from(members).where(eq(members.email, email)).get();
  if (account?.status === "terminated") {
    await database(env.DB).update(memberSignInCodes).set({ usedAt: now() }).where(and(eq(memberSignInCodes.email, email), eq(memberSignInCodes.purpose, "sign-in"), isNull(memberSignInCodes.usedAt)));
    await sendMail(env, closedAccountMessage(email));
    return { kind: "sent" };
  }
  const link = new URL(`/account/verify?token=${encodeURIComponent(issued.token)}`, env.SITE_URL).toString();
  await sendMail(env, signInMessage(email, issued.code, link, SITE_NAME));
  return { kind: "sent" };
}

/** What a closed account's address receives instead of a sign-in code. */
function closedAccountMessage(to: string) {
  const text = `Someone asked to sign in to ${SITE_NAME} with this address, but its account was closed by a moderator, so no sign-in code was sent. The e-mail that told you of the closure has a link to appeal it.`;
  return { to, subject: `Your ${SITE_NAME} account is closed`, text: `${text}\n\n${SITE_NAME}`, html: `<p>${escapeHtml(text)}</p><p>${escapeHtml(SITE_NAME)}</p>` };
}

/** Sends a code to the member's new address; the address changes only when that code comes back (confirmEmailChange). */
export async function requestEmailChange(env: Env, request: Request, member: Member, email: string): Promise<CodeRequestOutcome> {
  const issued = await issueCode(env, request, email, "change-email", member.id);
  if (issued.kind === "throttled") return issued;
  await sendMail(env, emailChangeMessage(email, issued.code, SITE_NAME));
  return { kind: "sent" };
}

/**
 * The newest live code of `purpose` for `email` (and the member, for a change), checked: a wrong
 * code counts against it, and the SIGN_IN_CODE_TRIES-th wrong one ends it; a right one is used
 * up in the same statement that checks it is still unused, so two requests racing with it
 * cannot both pass. Answers the address it proved, or null.
 */
async function useCode(env: Env, purpose: CodePurpose, email: string, code: string, memberId: number | null): Promise<string | null> {
  const db = database(env.DB);
  const at = now();
  const live = await db
    .select({ id: memberSignInCodes.id, codeHash: memberSignInCodes.codeHash })
    .from(memberSignInCodes)
    .where(
      and(
        eq(memberSignInCodes.email, email),
        eq(memberSignInCodes.purpose, purpose),
        memberId === null ? isNull(memberSignInCodes.memberId) : eq(memberSignInCodes.memberId, memberId),
        isNull(memberSignInCodes.usedAt),
        sql`${memberSignInCodes.expiresAt} > ${at}`,
      ),
    )
    .orderBy(desc(memberSignInCodes.id))
    .limit(1)
    .get();
  if (!live) return null;
  if (!constantTimeEqual(await keyedHash(env.SESSION_SECRET, codeHashInput(purpose, email, code)), live.codeHash)) {
    await db
      .update(memberSignInCodes)
      .set({
        failedAttempts: sql`${memberSignInCodes.failedAttempts} + 1`,
        usedAt: sql`CASE WHEN ${memberSignInCodes.failedAttempts} + 1 >= ${SIGN_IN_CODE_TRIES} THEN ${at} ELSE NULL END`,
      })
      .where(and(eq(memberSignInCodes.id, live.id), isNull(memberSignInCodes.usedAt)));
    return null;
  }
  return markUsed(env.DB, eq(memberSignInCodes.id, live.id), at);
}

/** Marks the live code `which` used; answers its address only if this call did it. */
async function markUsed(d1: D1Database, which: SQL, at: number): Promise<string | null> {
  const used = await database(d1)
    .update(memberSignInCodes)
    .set({ usedAt: at })
    .where(and(which, isNull(memberSignInCodes.usedAt), sql`${memberSignInCodes.expiresAt} > ${at}`))
    .returning({ email: memberSignInCodes.email })
    .get();
  return used?.email ?? null;
}

export type SignInOutcome = { kind: "signed-in"; member: Member; setCookies: string[] } | { kind: "refused" };

/** Signs in (a new account the first time) with the newest live sign-in code of `email`. */
export async function signInWithCode(env: Env, request: Request, email: string, code: string): Promise<SignInOutcome> {
  const proved = await useCode(env, "sign-in", email, code, null);
  return proved ? openSession(env, request, proved) : { kind: "refused" };
}

/** Signs in with a one-click link's token: the same code row, found by the link's hash. */
export async function signInWithLink(env: Env, request: Request, token: string): Promise<SignInOutcome> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { kind: "refused" };
  const linkHash = await keyedHash(env.SESSION_SECRET, `sign-in-link:${token}`);
  const proved = await markUsed(env.DB, and(eq(memberSignInCodes.linkHash, linkHash), eq(memberSignInCodes.purpose, "sign-in"))!, now());
  return proved ? openSession(env, request, proved) : { kind: "refused" };
}

/**
 * Opens a session for the address a code proved, creating its account the first time, or for the
 * member a passkey proved (app/models/member-passkey.server.ts), whose account already exists.
 */
export async function openSession(env: Env, request: Request, proved: string | { memberId: number }): Promise<SignInOutcome> {
  const db = database(env.DB);
  const token = randomToken();
  const at = now();
  const active = and(typeof proved === "string" ? eq(members.email, proved) : eq(members.id, proved.memberId), eq(members.status, "active"));
  // One round trip: the account (made the first time), a session only if it is active, and the account read back.
  const session = db.insert(memberSessions).select(
    db.select({ id: sql`${await sha256(token)}`.as("id"), memberId: members.id, createdAt: sql`${at}`.as("created_at"), lastSeenAt: sql`${at}`.as("last_seen_at") }).from(members).where(active),
  );
  const readBack = db.select({ id: members.id, email: members.email, displayName: members.displayName, status: members.status }).from(members).where(active);
  const found =
    typeof proved === "string"
      ? (await db.batch([db.insert(members).values({ email: proved }).onConflictDoNothing({ target: members.email }), session, readBack]))[2]
      : (await db.batch([session, readBack]))[1];
  const member = found[0];
  if (!member) return { kind: "refused" };
  return { kind: "signed-in", member, setCookies: memberCookies(request, env, await signedToken(token, env.SESSION_SECRET), MEMBER_SESSION_ABSOLUTE_SECONDS) };
}

export type EmailChangeOutcome = { kind: "changed"; member: Member } | { kind: "refused" } | { kind: "taken" };

/** Moves the member to the new address their code proved; another account's address stays its own. */
export async function confirmEmailChange(env: Env, member: Member, email: string, code: string): Promise<EmailChangeOutcome> {
  const proved = await useCode(env, "change-email", email, code, member.id);
  if (!proved) return { kind: "refused" };
  const changed = await database(env.DB)
    .update(members)
    .set({ email: proved })
    .where(and(eq(members.id, member.id), sql`NOT EXISTS (SELECT 1 FROM members AS other WHERE other.email = ${proved} AND other.id <> ${member.id})`))
    .returning({ id: members.id })
    .get();
  return changed ? { kind: "changed", member: { ...member, email: proved } } : { kind: "taken" };
}

/**
 * Deletes the member's account and personal data: the row (its sessions, passkeys and received
 * messages go with it; listings they own lose their owner) and every code of its addresses. What
 * they gave the directory stays with the directory.
 */
export async function deleteMember(env: Env, request: Request, member: Member): Promise<string[]> {
  const db = database(env.DB);
  await db.batch([
    db.delete(memberSignInCodes).where(or(eq(memberSignInCodes.email, member.email), eq(memberSignInCodes.memberId, member.id))!),
    // Their pending claims and changes end with them; a listing they submitted stays in the queue for the directory.
    db.delete(moderationItems).where(and(eq(moderationItems.memberId, member.id), eq(moderationItems.status, "pending"), inArray(moderationItems.kind, ["claim", "change"]))),
    db.delete(members).where(eq(members.id, member.id)),
  ]);
  return memberCookies(request, env, "", 0);
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

/** For member calls: the signed-in member, or a thrown 401 JSON answer. */
export async function requireMemberApi(request: Request, env: Env): Promise<Member> {
  const member = await getMember(request, env);
  if (!member) throw Response.json({ success: false, message: "Not signed in" }, { status: 401, headers: { "Cache-Control": "private, no-store" } });
  return member;
}

/** Ends this browser's session, or with `everywhere` every session of its member; answers the Set-Cookie values that clear it. */
export async function signOut(request: Request, env: Env, { everywhere = false } = {}): Promise<string[]> {
  const id = await sessionIdOf(request, env);
  if (id) {
    const db = database(env.DB);
    const owner = db.select({ memberId: memberSessions.memberId }).from(memberSessions).where(eq(memberSessions.id, id));
    await db.delete(memberSessions).where(everywhere ? inArray(memberSessions.memberId, owner) : eq(memberSessions.id, id));
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

/** Who is signed in on this request, as a page that is not public asks (a member, an admin, both or neither); no cookie costs no read. */
export async function privateViewerOf(request: Request, env: Env): Promise<{ memberId: number | null; admin: boolean }> {
  const [member, admin] = await Promise.all([getMember(request, env), getStaffMember(request, env)]);
  return { memberId: member?.id ?? null, admin: admin !== null };
}
