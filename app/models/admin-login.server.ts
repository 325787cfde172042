import { createAdminSession, ensureBootstrapAdmin, verifyAdminLogin } from "~/models/auth.server";
import { clearRateLimit, clientAddress, hitRateLimit } from "~/models/rate-limit.server";

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
 * from the secrets on first use.
 */
export async function loginAdmin(request: Request, env: Env, username: string, password: string): Promise<LoginOutcome> {
  const address = clientAddress(request);
  const addressKey = `login-address:${address}`;
  const userKey = `login:${username.toLowerCase()}:${address}`;
  for (const [key, limit] of [[addressKey, LOGIN_ADDRESS_RATE_LIMIT], [userKey, LOGIN_RATE_LIMIT]] as const) {
    const attempt = await hitRateLimit(env.DB, key, limit);
    if (!attempt.allowed) return { kind: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };
  }
  await ensureBootstrapAdmin(env.DB, env);
  const user = await verifyAdminLogin(env.DB, username, password);
  if (!user) return { kind: "invalid" };
  await clearRateLimit(env.DB, addressKey);
  await clearRateLimit(env.DB, userKey);
  return { kind: "ok", username: user.username, setCookie: await createAdminSession(env.DB, user.id, request, env) };
}
