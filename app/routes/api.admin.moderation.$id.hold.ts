import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { requireStaffApi } from "~/models/auth.server";
import { holdModerationItem, releaseModerationItem } from "~/models/moderation.server";

/**
 * POST /api/admin/moderation/{id}/hold → { success: true, heldUntil }: the item is the caller's
 * for five minutes (their other hold is let go); held by someone else → 409 { heldBy }; decided
 * → 409; unknown → 404. DELETE lets go of the caller's own hold → { success: true }.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  const env = context.cloudflare.env;
  const user = await requireStaffApi(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  if (!id.success) return adminJson({ success: false, message: "Moderation item not found" }, { status: 404 });
  if (request.method === "DELETE") {
    await releaseModerationItem(env.DB, user, id.data);
    return adminJson({ success: true });
  }
  const outcome = await holdModerationItem(env.DB, user, id.data);
  switch (outcome.kind) {
    case "not-found":
      return adminJson({ success: false, message: "Moderation item not found" }, { status: 404 });
    case "already-decided":
      return adminJson({ success: false, message: "This item has already been decided" }, { status: 409 });
    case "held-by-other":
      return adminJson({ success: false, message: `${outcome.heldBy.displayName} is reviewing this item`, heldBy: outcome.heldBy }, { status: 409 });
    case "held":
      return adminJson({ success: true, heldUntil: outcome.heldUntil });
  }
}

export const loader = onlyMethods("POST", "DELETE");
