import { newAdminSession, verifyAdminLogin } from "~/models/auth.server";
import { clearRateLimits, clientAddress, hitRateLimitsInTurn } from "~/models/rate-limit.server";

/** Five attempts per username and address per 15 minutes; a success clears the count. */
export const LOGIN_RATE_LIMIT = { limit: 5, windowSeconds: 15 * 60 };
/** Twenty attempts per address per 15 minutes, whatever the usernames; a success clears it too. */
export const LOGIN_ADDRESS_RATE_LIMIT = { limit: 20, windowSeconds: 15 * 60 };

export type LoginOutcome =
  | { kind: "ok"; username: string; setCookie: string }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSeconds: number };

/**
 * Throttled per username AND address: someone guessing from one address cannot lock the admin
 * out from another. Per address too, across usernames: a new username per attempt would
 * otherwise get its own five, each costing a full password hash. The first admin is created
 * from the secrets on first use. Three round trips: both counts, the user, then the new session
 * stored with both counts cleared.
 */
export async function loginAdmin(request: Request, env: Env, username: string, password: string): Promise<LoginOutcome> {
  const address = clientAddress(request);
  const addressKey = `login-address:${address}`;
  const userKey = `login:${username.toLowerCase()}:${address}`;
  const attempt = await hitRateLimitsInTurn(env.DB, [
    { key: addressKey, limit: LOGIN_ADDRESS_RATE_LIMIT },
    { key: userKey, limit: LOGIN_RATE_LIMIT },
  ]);
  if (!attempt.allowed) return { kind: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };
  const user = await verifyAdminLogin(env, username, password);
  if (!user) return { kind: "invalid" };
  const session = await newAdminSession(env.DB, user.id, request, env);
  await env.DB.batch([clearRateLimits(env.DB, [addressKey, userKey]), session.store]);
  return { kind: "ok", username: user.username, setCookie: session.setCookie };
}
