import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { PASSKEY_REFUSED_MESSAGE, registrationResponseSchema } from "~/lib/members/passkeys";
import { NO_STORE } from "~/lib/web/cache-policy";
import { settingCookies } from "~/lib/web/session-token";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { addPasskey } from "~/models/member-passkey.server";
import { requireMemberApi } from "~/models/member.server";

/**
 * POST /api/account/passkeys/register (signed in) with startRegistration's answer → 200
 * { success: true, passkey: { id, createdAt, lastUsedAt } }; 400 { success: false, message } for
 * a challenge expired or used, an answer that does not verify, or a passkey already added; 401 signed out.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const read = await readJsonObject(request);
  const parsed = read.ok ? registrationResponseSchema.safeParse(read.body) : null;
  if (!parsed?.success) return Response.json({ success: false, message: read.ok ? PASSKEY_REFUSED_MESSAGE : read.message }, { status: 400, headers: NO_STORE });
  const outcome = await addPasskey(env, request, member, parsed.data);
  if (outcome.kind === "refused") return Response.json({ success: false, message: outcome.message }, { status: 400, headers: settingCookies(outcome.setCookies) });
  return Response.json({ success: true, passkey: outcome.passkey }, { headers: settingCookies(outcome.setCookies) });
}

export const loader = onlyMethods("POST");
