import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { sanctionSchema } from "~/lib/members/sanctions";
import { adminJson, methodNotAllowed, onlyMethods, parseJsonBody } from "~/lib/web/http.server";
import { requireStaffApi } from "~/models/auth.server";
import { sanctionMember } from "~/models/member-sanction.server";

/**
 * POST /api/admin/members/{id}/sanctions { level: "warning" | "suspension" | "termination", days?
 * (a suspension's, 1–365), reason (≤ 1000) } → 201 { success, sanction: { id, level, endsAt } };
 * a bad field → 400; unknown member → 404; a terminated member → 409 (lift the termination first).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireStaffApi(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  if (!id.success) return adminJson({ success: false, message: "Member not found" }, { status: 404 });
  const body = await parseJsonBody(request, sanctionSchema);
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const outcome = await sanctionMember(env, request, user, id.data, body.data);
  switch (outcome.kind) {
    case "not-found":
      return adminJson({ success: false, message: "Member not found" }, { status: 404 });
    case "forbidden":
      return adminJson({ success: false, message: "Only an administrator can terminate an account" }, { status: 403 });
    case "terminated":
      return adminJson({ success: false, message: "This member's account is terminated: lift the termination first" }, { status: 409 });
    case "sanctioned":
      return adminJson({ success: true, sanction: outcome.sanction }, { status: 201 });
  }
}

export const loader = onlyMethods("POST");
