import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { decisionSchema } from "~/lib/listings/moderation";
import { adminJson, methodNotAllowed, onlyMethods, parseJsonBody } from "~/lib/web/http.server";
import { requireStaffApi } from "~/models/auth.server";
import { decideModerationItem } from "~/models/moderation.server";

/**
 * POST /api/admin/moderation/{id} { decision: "approve" | "reject", reason? } → { success: true };
 * a reason is required to reject; a decided item, or one someone else holds → 409; unknown → 404.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireStaffApi(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  if (!id.success) return adminJson({ success: false, message: "Moderation item not found" }, { status: 404 });
  const body = await parseJsonBody(request, decisionSchema);
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const outcome = await decideModerationItem(env, request, user, id.data, { approve: body.data.decision === "approve", reason: body.data.reason });
  switch (outcome.kind) {
    case "not-found":
      return adminJson({ success: false, message: "Moderation item not found" }, { status: 404 });
    case "already-decided":
      return adminJson({ success: false, message: "This item has already been decided" }, { status: 409 });
    case "held":
      return adminJson({ success: false, message: `${outcome.heldBy.displayName} is reviewing this item`, heldBy: outcome.heldBy }, { status: 409 });
    case "gone":
      return adminJson({ success: false, message: "The business of this item no longer exists" }, { status: 409 });
    case "decided":
      return adminJson({ success: true });
  }
}

export const loader = onlyMethods("POST");
