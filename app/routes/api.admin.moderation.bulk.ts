import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { bulkDecisionSchema } from "~/lib/listings/moderation";
import { adminJson, methodNotAllowed, onlyMethods, parseJsonBody } from "~/lib/web/http.server";
import { requireStaffApi } from "~/models/auth.server";
import { decideModerationItems } from "~/models/moderation.server";

/**
 * POST /api/admin/moderation/bulk { ids: [...] (1–100), decision, reason? } → { decided: [ids],
 * skipped: [{ id, why }] }, why being not-found, already-decided, held (by someone else) or gone.
 * One reason for all, required to reject.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireStaffApi(request, env);
  const body = await parseJsonBody(request, bulkDecisionSchema);
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const outcome = await decideModerationItems(env, request, user, body.data.ids, { approve: body.data.decision === "approve", reason: body.data.reason });
  return adminJson(outcome);
}

export const loader = onlyMethods("POST");
