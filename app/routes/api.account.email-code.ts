import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { codeRequestSchema, TOO_MANY_CODES_MESSAGE } from "~/lib/members/sign-in";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { checkHuman } from "~/models/human-check.server";
import { requestSignInCode } from "~/models/member.server";

/**
 * POST /api/account/email-code { email } → 200 { success: true } whether or not the address has
 * an account (no enumeration); 400 for an address that is none; 429 with Retry-After past the
 * throttles (per address and per client).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const read = await readJsonObject(request);
  if (!read.ok) return Response.json({ success: false, message: read.message }, { status: 400, headers: NO_STORE });
  const env = context.cloudflare.env;
  const human = await checkHuman(env, request, read.body);
  // A bot that filled the hidden field is answered as a person is, and nothing is sent.
  if (!human.ok && human.honeypot) return Response.json({ success: true }, { headers: NO_STORE });
  if (!human.ok) return Response.json({ success: false, message: human.message }, { status: 400, headers: NO_STORE });
  const parsed = codeRequestSchema.safeParse(read.body);
  if (!parsed.success) return Response.json({ success: false, message: parsed.error.issues[0]!.message }, { status: 400, headers: NO_STORE });
  const outcome = await requestSignInCode(env, request, parsed.data.email);
  if (outcome.kind === "throttled") {
    return Response.json(
      { success: false, message: TOO_MANY_CODES_MESSAGE },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return Response.json({ success: true }, { headers: NO_STORE });
}

export const loader = onlyMethods("POST");
