import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { CODE_REFUSED_MESSAGE, codeCheckSchema } from "~/lib/members/sign-in";
import { NO_STORE } from "~/lib/web/cache-policy";
import { settingCookies } from "~/lib/web/session-token";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { signInWithCode } from "~/models/member.server";

/**
 * POST /api/account/verify { email, code } → 200 { success, user: { id, email, displayName } }
 * and the session cookie; a wrong, used or expired code → 400 { success: false, message }.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const refused = (message: string) => Response.json({ success: false, message }, { status: 400, headers: NO_STORE });
  const read = await readJsonObject(request);
  if (!read.ok) return refused(read.message);
  const parsed = codeCheckSchema.safeParse(read.body);
  if (!parsed.success) return refused(parsed.error.issues[0]!.message);
  const outcome = await signInWithCode(context.cloudflare.env, request, parsed.data.email, parsed.data.code);
  if (outcome.kind === "refused") return refused(CODE_REFUSED_MESSAGE);
  const headers = settingCookies(outcome.setCookies);
  const { id, email, displayName } = outcome.member;
  return Response.json({ success: true, user: { id, email, displayName } }, { headers });
}

export const loader = onlyMethods("POST");
