import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { authenticationResponseSchema, PASSKEY_REFUSED_MESSAGE, TOO_MANY_PASSKEY_SIGN_INS_MESSAGE } from "~/lib/members/passkeys";
import { NO_STORE } from "~/lib/web/cache-policy";
import { settingCookies } from "~/lib/web/session-token";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { signInWithPasskey } from "~/models/member-passkey.server";

/**
 * POST /api/account/passkeys/login with startAuthentication's answer → 200 { success, user: { id,
 * email, displayName } } and the session cookie, as /api/account/verify; 400 { success: false,
 * message } for a challenge expired or used, or a passkey unknown, wrong or of a suspended
 * account; 429 past the per-client throttle.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const read = await readJsonObject(request);
  const parsed = read.ok ? authenticationResponseSchema.safeParse(read.body) : null;
  if (!parsed?.success) return Response.json({ success: false, message: read.ok ? PASSKEY_REFUSED_MESSAGE : read.message }, { status: 400, headers: NO_STORE });
  const outcome = await signInWithPasskey(context.cloudflare.env, request, parsed.data);
  if (outcome.kind === "throttled") {
    return Response.json({ success: false, message: TOO_MANY_PASSKEY_SIGN_INS_MESSAGE }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) } });
  }
  if (outcome.kind === "refused") return Response.json({ success: false, message: outcome.message }, { status: 400, headers: settingCookies(outcome.setCookies) });
  const { id, email, displayName } = outcome.member;
  return Response.json({ success: true, user: { id, email, displayName } }, { headers: settingCookies(outcome.setCookies) });
}

export const loader = onlyMethods("POST");
