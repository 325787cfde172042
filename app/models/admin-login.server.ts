import { database } from "~/db/client.server";
import { newAdminSession, verifyAdminLogin } from "~/models/auth.server";
import { acceptSecondFactor } from "~/models/staff-totp.server";
import { clearRateLimits, clientKey, hitRateLimitsInTurn, type GrowingDelay, type RateLimit } from "~/models/rate-limit.server";

/** Five attempts per username and client per 15 minutes; a success clears the count. */
export const LOGIN_RATE_LIMIT: RateLimit = { limit: 5, windowSeconds: 15 * 60 };
/** Twenty attempts per client per 15 minutes, whatever the usernames; a success clears it too. */
export const LOGIN_ADDRESS_RATE_LIMIT: RateLimit = { limit: 20, windowSeconds: 15 * 60 };
/**
 * Per account, from every client together: ten attempts freely, then 30 s after the last one,
 * doubling up to 15 minutes; forgotten a day after the last attempt, cleared by a success. Never
 * a lock: the real admin waits at most 15 minutes whatever an attacker does, while an attacker
 * with any number of addresses gets about four guesses an hour.
 */
export const LOGIN_ACCOUNT_DELAY: GrowingDelay = { freeAttempts: 10, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60, forgetSeconds: 24 * 60 * 60 };

export type LoginOutcome =
  | { kind: "ok"; username: string; name: string; setCookie: string }
  | { kind: "invalid" }
  /** The password was right and the person uses a second factor: their code is needed (or was wrong). */
  | { kind: "second-factor"; wrongCode: boolean }
  | { kind: "throttled"; retryAfterSeconds: number };

/**
 * Throttled per account (from every client), per client across usernames (a new username per
 * attempt would otherwise get its own five, each costing a full password hash), and per username
 * AND client. A client is an IPv4 address or an IPv6 /64 (clientKey). The account comes first:
 * an attempt it turns away counts against nothing else, so the real admin waiting out a delay
 * adds nothing to their own client's counts. The first admin is created from the secrets on
 * first use. Three round trips: the counts, the user, then the new session stored with the
 * counts cleared. A person with a second factor also gives its code (or a recovery code): a
 * wrong code counts as a failed attempt like a wrong password.
 */
export async function loginAdmin(request: Request, env: Env, username: string, password: string, code?: string): Promise<LoginOutcome> {
  const client = clientKey(request);
  const accountKey = `login-account:${username.toLowerCase()}`;
  const addressKey = `login-address:${client}`;
  const userKey = `login:${username.toLowerCase()}:${client}`;
  const attempt = await hitRateLimitsInTurn(env.DB, [
    { key: accountKey, limit: LOGIN_ACCOUNT_DELAY },
    { key: addressKey, limit: LOGIN_ADDRESS_RATE_LIMIT },
    { key: userKey, limit: LOGIN_RATE_LIMIT },
  ]);
  if (!attempt.allowed) return { kind: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };
  const user = await verifyAdminLogin(env, username, password);
  if (!user) return { kind: "invalid" };
  if (user.totpEnabledAt != null) {
    if (!code) return { kind: "second-factor", wrongCode: false };
    if (!(await acceptSecondFactor(env, user, code))) return { kind: "second-factor", wrongCode: true };
  }
  const session = await newAdminSession(env.DB, user.id, request, env);
  await database(env.DB).batch([clearRateLimits(env.DB, [accountKey, addressKey, userKey]), session.store]);
  return { kind: "ok", username: user.username, name: user.displayName ?? user.username, setCookie: session.setCookie };
}
