import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { loginWaitMessage } from "~/lib/admin/login-wait";
import { SecondFactorCode } from "~/lib/admin/staff";
import { adminJson, methodNotAllowed, onlyMethods, parseJsonBody } from "~/lib/web/http.server";
import { loginAdmin } from "~/models/admin-login.server";
import { recordAuditEvent } from "~/models/audit-log.server";

const LoginBody = z.object({
  username: z.string().trim().min(1, "Username is required").max(100),
  password: z.string().min(1, "Password is required").max(1000),
  /** The authenticator's six digits or a recovery code, for staff who use a second factor. */
  code: SecondFactorCode.optional(),
});

export const loader = onlyMethods("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await parseJsonBody(request, LoginBody);
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const outcome = await loginAdmin(request, context.cloudflare.env, body.data.username, body.data.password, body.data.code);
  switch (outcome.kind) {
    case "throttled":
      return adminJson(
        { success: false, message: loginWaitMessage(outcome.retryAfterSeconds, "en") },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "second-factor":
      if (outcome.wrongCode) await recordAuditEvent(context.cloudflare.env.DB, "auth.sign-in-failed", { request, name: body.data.username }, { detail: "ikinci adım kodu" });
      return adminJson(
        { success: false, secondFactorRequired: true, message: outcome.wrongCode ? "The code is wrong or was already used" : "Enter the code from your authenticator app or a recovery code" },
        { status: 401 },
      );
    case "invalid":
      await recordAuditEvent(context.cloudflare.env.DB, "auth.sign-in-failed", { request, name: body.data.username });
      return adminJson({ success: false, message: "Invalid username or password" }, { status: 401 });
    case "ok":
      await recordAuditEvent(context.cloudflare.env.DB, "auth.sign-in", { request, name: outcome.name });
      return adminJson({ success: true, message: "Login successful", username: outcome.username }, { headers: { "Set-Cookie": outcome.setCookie } });
  }
}
