import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { destroyAdminSession, getStaffMember } from "~/models/auth.server";

export const loader = onlyMethods("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await getStaffMember(request, env);
  if (user) await recordAuditEvent(env.DB, "auth.sign-out", { request, name: user.name });
  const setCookie = await destroyAdminSession(request, env);
  return adminJson({ success: true, message: "Logged out" }, { headers: { "Set-Cookie": setCookie } });
}
