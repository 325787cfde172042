import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { codeRequestSchema, TOO_MANY_CODES_MESSAGE } from "~/lib/members/sign-in";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { requestEmailChange, requireMemberApi } from "~/models/member.server";

/**
 * POST /api/account/email-change { email } (signed in) → 200 { success: true }: a code goes to
 * the new address, and the account moves to it only when the code comes back
 * (/api/account/email-change/verify). 401 signed out, 400 for no address, 429 past the throttles.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const read = await readJsonObject(request);
  const parsed = read.ok ? codeRequestSchema.safeParse(read.body) : null;
  if (!parsed?.success) return Response.json({ success: false, message: parsed ? parsed.error.issues[0]!.message : "Request body must be JSON" }, { status: 400, headers: NO_STORE });
  const outcome = await requestEmailChange(env, request, member, parsed.data.email);
  if (outcome.kind === "throttled") {
    return Response.json({ success: false, message: TOO_MANY_CODES_MESSAGE }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) } });
  }
  return Response.json({ success: true }, { headers: NO_STORE });
}

export const loader = onlyMethods("POST");
