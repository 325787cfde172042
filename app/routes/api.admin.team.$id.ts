import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { removeStaff } from "~/models/staff.server";
import { TEAM_REFUSALS } from "~/lib/admin/staff";

/**
 * DELETE /api/admin/team/{id} (administrators) → 200 { success }: the person and every session
 * of theirs are gone, so their next request is refused. Unknown → 404; oneself → 409.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  if (!id.success) return adminJson({ success: false, message: TEAM_REFUSALS["not-found"].message }, { status: 404 });
  const outcome = await removeStaff(env, request, user, id.data);
  if (outcome.kind !== "removed") return adminJson({ success: false, message: TEAM_REFUSALS[outcome.kind].message }, { status: TEAM_REFUSALS[outcome.kind].status });
  return adminJson({ success: true, message: `${outcome.name} ekipten çıkarıldı.` });
}

export const loader = onlyMethods("DELETE");
