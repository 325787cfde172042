import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, desc, eq } from "drizzle-orm";
import { database } from "~/db/client.server";
import { memberPasskeys } from "~/db/schema";
import { SITE_NAME } from "~/lib/directory/seo";
import {
  challengeToken,
  PASSKEY_ALGORITHMS,
  PASSKEY_CHALLENGE_MESSAGE,
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_REFUSED_MESSAGE,
  PASSKEY_TAKEN_MESSAGE,
  readChallengeToken,
  relyingParty,
  storedTransports,
  type AuthenticationAnswer,
  type ChallengePurpose,
  type PasskeySummary,
  type RegistrationAnswer,
} from "~/lib/members/passkeys";
import { isProduction } from "~/lib/web/environment";
import { keyedHash, readCookie, sessionCookie, sessionCookieIsSecure, signedToken, verifiedToken } from "~/lib/web/session-token";
import { openSession, type Member } from "./member.server";
import { clientKey, hitRateLimit, type RateLimit } from "./rate-limit.server";

/**
 * A member's passkeys (WebAuthn), beside the e-mail code (decision 116): a signed-in member adds
 * one, and then signs in with it. The challenge travels in a signed HttpOnly cookie for five
 * minutes and is spent in D1 on its first use, so an answer cannot be played twice.
 */

/** Passkey sign-ins one client (IPv4 address or IPv6 /64) may try in an hour. */
export const PASSKEY_SIGN_INS_PER_CLIENT: RateLimit = { limit: 20, windowSeconds: 60 * 60 };
const CHALLENGE_COOKIE = "passkey_challenge";

const now = () => Math.floor(Date.now() / 1000);

export type PasskeyRefusal = { kind: "refused"; message: string; setCookies: string[] };

function site(env: Env, request: Request) {
  return relyingParty(env.SITE_URL, request.url, isProduction(env));
}

/** The challenge cookie's Set-Cookie value; an empty challenge clears it. */
async function challengeCookie(env: Env, request: Request, challenge: { purpose: ChallengePurpose; challenge: string; memberId: number } | null): Promise<string> {
  const secure = sessionCookieIsSecure(request, env);
  if (!challenge) return sessionCookie(CHALLENGE_COOKIE, "", 0, secure);
  const token = challengeToken({ ...challenge, expiresAt: now() + PASSKEY_CHALLENGE_SECONDS });
  return sessionCookie(CHALLENGE_COOKIE, await signedToken(token, env.SESSION_SECRET), PASSKEY_CHALLENGE_SECONDS, secure);
}

const refused = async (env: Env, request: Request, message: string): Promise<PasskeyRefusal> => ({ kind: "refused", message, setCookies: [await challengeCookie(env, request, null)] });

/**
 * The request's challenge for `purpose` (and the member adding a passkey), spent by this call:
 * null when the cookie is missing, altered, out of date, for something else, or already used.
 */
async function spendChallenge(env: Env, request: Request, purpose: ChallengePurpose, memberId: number): Promise<string | null> {
  const name = sessionCookieIsSecure(request, env) ? `__Host-${CHALLENGE_COOKIE}` : CHALLENGE_COOKIE;
  const value = readCookie(request, name);
  const token = value ? await verifiedToken(value, env.SESSION_SECRET) : null;
  const challenge = token ? readChallengeToken(token, now()) : null;
  if (!challenge || challenge.purpose !== purpose || challenge.memberId !== memberId) return null;
  // A count of one use per challenge: the rate-limit row is claimed in one statement, so two racing answers cannot both pass.
  const use = await hitRateLimit(env.DB, `passkey-challenge:${challenge.challenge}`, { limit: 1, windowSeconds: PASSKEY_CHALLENGE_SECONDS });
  return use.allowed ? challenge.challenge : null;
}

/** The member's passkeys, newest first. */
export async function listPasskeys(db: D1Database, memberId: number): Promise<PasskeySummary[]> {
  return database(db)
    .select({ id: memberPasskeys.id, createdAt: memberPasskeys.createdAt, lastUsedAt: memberPasskeys.lastUsedAt })
    .from(memberPasskeys)
    .where(eq(memberPasskeys.memberId, memberId))
    .orderBy(desc(memberPasskeys.createdAt), memberPasskeys.id);
}

/** Removes one of the member's own passkeys; answers whether there was one by that id. */
export async function removePasskey(db: D1Database, memberId: number, id: string): Promise<boolean> {
  const removed = await database(db)
    .delete(memberPasskeys)
    .where(and(eq(memberPasskeys.id, id), eq(memberPasskeys.memberId, memberId)))
    .returning({ id: memberPasskeys.id })
    .get();
  return Boolean(removed);
}

/**
 * What the browser needs to create a passkey for the member, and the cookie carrying its
 * challenge. The passkeys they have are excluded, so one authenticator is not added twice.
 */
export async function passkeyRegistrationOptions(env: Env, request: Request, member: Member): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; setCookies: string[] }> {
  const existing = await database(env.DB).select({ id: memberPasskeys.id, transports: memberPasskeys.transports }).from(memberPasskeys).where(eq(memberPasskeys.memberId, member.id));
  const options = await generateRegistrationOptions({
    rpName: SITE_NAME,
    rpID: site(env, request).rpID,
    userName: member.email,
    userDisplayName: member.displayName || member.email,
    // The same opaque handle each time (no address or id in it), so an authenticator replaces its own passkey for this member.
    userID: isoBase64URL.toBuffer(await keyedHash(env.SESSION_SECRET, `passkey-user:${member.id}`)),
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: storedTransports(passkey.transports) })),
    // Discoverable, so "Sign in with a passkey" needs no address typed first.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  return { options, setCookies: [await challengeCookie(env, request, { purpose: "register", challenge: options.challenge, memberId: member.id })] };
}

export type AddPasskeyOutcome = { kind: "added"; passkey: PasskeySummary; setCookies: string[] } | PasskeyRefusal;

/** Checks the browser's new passkey against the member's challenge and keeps it. */
export async function addPasskey(env: Env, request: Request, member: Member, answer: RegistrationAnswer): Promise<AddPasskeyOutcome> {
  const challenge = await spendChallenge(env, request, "register", member.id);
  if (!challenge) return refused(env, request, PASSKEY_CHALLENGE_MESSAGE);
  const { rpID, origin } = site(env, request);
  const verified = await verifyRegistrationResponse({
    response: answer,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  }).catch(() => null);
  if (!verified?.verified) return refused(env, request, PASSKEY_REFUSED_MESSAGE);
  const { credential } = verified.registrationInfo;
  const stored = await database(env.DB)
    .insert(memberPasskeys)
    .values({
      id: credential.id,
      memberId: member.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(answer.response.transports ?? []),
      createdAt: now(),
    })
    .onConflictDoNothing({ target: memberPasskeys.id })
    .returning({ id: memberPasskeys.id, createdAt: memberPasskeys.createdAt, lastUsedAt: memberPasskeys.lastUsedAt })
    .get();
  if (!stored) return refused(env, request, PASSKEY_TAKEN_MESSAGE);
  return { kind: "added", passkey: stored, setCookies: [await challengeCookie(env, request, null)] };
}

/** What the browser needs to sign in with any passkey of this site, and the cookie carrying its challenge. */
export async function passkeySignInOptions(env: Env, request: Request): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; setCookies: string[] }> {
  const options = await generateAuthenticationOptions({ rpID: site(env, request).rpID, userVerification: "preferred" });
  return { options, setCookies: [await challengeCookie(env, request, { purpose: "sign-in", challenge: options.challenge, memberId: 0 })] };
}

export type PasskeySignInOutcome =
  | { kind: "signed-in"; member: Member; setCookies: string[] }
  | { kind: "throttled"; retryAfterSeconds: number }
  | PasskeyRefusal;

/**
 * Signs in with a passkey's answer to this browser's challenge: its signature, its site, and a
 * counter above the stored one (when the authenticator keeps one) open a session as an e-mail
 * code does; a suspended member gets none.
 */
export async function signInWithPasskey(env: Env, request: Request, answer: AuthenticationAnswer): Promise<PasskeySignInOutcome> {
  const limited = await hitRateLimit(env.DB, `passkey-sign-in-client:${clientKey(request)}`, PASSKEY_SIGN_INS_PER_CLIENT);
  if (!limited.allowed) return { kind: "throttled", retryAfterSeconds: limited.retryAfterSeconds };
  const challenge = await spendChallenge(env, request, "sign-in", 0);
  if (!challenge) return refused(env, request, PASSKEY_CHALLENGE_MESSAGE);
  const db = database(env.DB);
  const passkey = await db.select().from(memberPasskeys).where(eq(memberPasskeys.id, answer.id)).get();
  if (!passkey) return refused(env, request, PASSKEY_REFUSED_MESSAGE);
  const { rpID, origin } = site(env, request);
  const verified = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: passkey.id, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: storedTransports(passkey.transports) },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return refused(env, request, PASSKEY_REFUSED_MESSAGE);
  // Only from the counter this check read: of two answers racing with the same count, one wins.
  const counted = await db
    .update(memberPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now() })
    .where(and(eq(memberPasskeys.id, passkey.id), eq(memberPasskeys.counter, passkey.counter)))
    .returning({ id: memberPasskeys.id })
    .get();
  if (!counted) return refused(env, request, PASSKEY_REFUSED_MESSAGE);
  const opened = await openSession(env, request, { memberId: passkey.memberId });
  if (opened.kind === "refused") return refused(env, request, PASSKEY_REFUSED_MESSAGE);
  return { ...opened, setCookies: [...opened.setCookies, await challengeCookie(env, request, null)] };
}
