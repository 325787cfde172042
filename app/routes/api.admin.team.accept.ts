import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ACCEPT_REFUSALS, StaffInviteAcceptBody } from "~/lib/admin/staff";
import { adminJson, methodNotAllowed, onlyMethods, parseJsonBody } from "~/lib/web/http.server";
import { acceptStaffInvite } from "~/models/staff.server";

/**
 * POST { token, displayName, password } → 200 { success, email }: the invitation's link makes
 * the account (no session needed: the token is the proof). A password under 12 characters or on
 * the common-passwords list → 400; a used, expired or unknown link → 410.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const body = await parseJsonBody(request, StaffInviteAcceptBody);
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const outcome = await acceptStaffInvite(env, request, body.data);
  if (outcome.kind === "joined") return adminJson({ success: true, message: "Hesabınız hazır: e-posta adresiniz ve şifrenizle giriş yapın.", email: outcome.email });
  const refusal = outcome.kind === "weak-password" ? { status: 400, message: outcome.message } : ACCEPT_REFUSALS[outcome.kind];
  return adminJson({ success: false, message: refusal.message }, { status: refusal.status });
}

export const loader = onlyMethods("POST");
