import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { settingCookies } from "~/lib/web/session-token";
import { methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { passkeySignInOptions } from "~/models/member-passkey.server";

/** POST /api/account/passkeys/login-options (signed out too) → 200 { success: true, options } for startAuthentication, and the challenge's cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const { options, setCookies } = await passkeySignInOptions(context.cloudflare.env, request);
  return Response.json({ success: true, options }, { headers: settingCookies(setCookies) });
}

export const loader = onlyMethods("POST");
