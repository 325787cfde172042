import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { requireStaffApi } from "~/models/auth.server";
import { liftSanction } from "~/models/member-sanction.server";

/**
 * POST /api/admin/members/{id}/sanctions/{sanctionId}/lift → 200 { success: true }: a terminated
 * member is active again (their reviews stay unpublished). Lifted already, or a suspension already
 * over → 409; unknown → 404.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireStaffApi(request, env);
  const memberId = BusinessIdParam.safeParse(params.id);
  const sanctionId = BusinessIdParam.safeParse(params.sanctionId);
  if (!memberId.success || !sanctionId.success) return adminJson({ success: false, message: "Sanction not found" }, { status: 404 });
  const outcome = await liftSanction(env, request, user, memberId.data, sanctionId.data);
  switch (outcome.kind) {
    case "not-found":
      return adminJson({ success: false, message: "Sanction not found" }, { status: 404 });
    case "forbidden":
      return adminJson({ success: false, message: "Only an administrator can lift a termination" }, { status: 403 });
    case "already-lifted":
      return adminJson({ success: false, message: "This sanction has already been lifted" }, { status: 409 });
    case "ended":
      return adminJson({ success: false, message: "This suspension is already over" }, { status: 409 });
    case "lifted":
      return adminJson({ success: true });
  }
}

export const loader = onlyMethods("POST");
