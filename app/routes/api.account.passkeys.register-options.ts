import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { settingCookies } from "~/lib/web/session-token";
import { methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { passkeyRegistrationOptions } from "~/models/member-passkey.server";
import { requireMemberApi } from "~/models/member.server";

/** POST /api/account/passkeys/register-options (signed in) → 200 { success: true, options } for startRegistration, and the challenge's cookie; 401 signed out. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const { options, setCookies } = await passkeyRegistrationOptions(env, request, member);
  return Response.json({ success: true, options }, { headers: settingCookies(setCookies) });
}

export const loader = onlyMethods("POST");
