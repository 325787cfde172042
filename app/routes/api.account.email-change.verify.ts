import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { CODE_REFUSED_MESSAGE, codeCheckSchema } from "~/lib/members/sign-in";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { confirmEmailChange, requireMemberApi } from "~/models/member.server";

/** POST /api/account/email-change/verify { email, code } (signed in) → 200 { success, user }; 400 for a wrong code; 409 when another account has the address. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const read = await readJsonObject(request);
  const parsed = read.ok ? codeCheckSchema.safeParse(read.body) : null;
  if (!parsed?.success) return Response.json({ success: false, message: CODE_REFUSED_MESSAGE }, { status: 400, headers: NO_STORE });
  const outcome = await confirmEmailChange(env, member, parsed.data.email, parsed.data.code);
  if (outcome.kind === "refused") return Response.json({ success: false, message: CODE_REFUSED_MESSAGE }, { status: 400, headers: NO_STORE });
  if (outcome.kind === "taken") return Response.json({ success: false, message: "Another account uses this address." }, { status: 409, headers: NO_STORE });
  return Response.json({ success: true, user: outcome.member }, { headers: NO_STORE });
}

export const loader = onlyMethods("POST");
