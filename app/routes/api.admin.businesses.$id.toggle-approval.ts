import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { adminJson, methodNotAllowed, onlyMethods, parseJsonBody } from "~/lib/web/http.server";
import { setBusinessApproval } from "~/models/admin-business.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { directoryChanged } from "~/models/directory-change.server";

/** No body (the spec's call) flips the approval; `{"isApproved": …}` sets that state. */
const ApprovalBody = z.object({ isApproved: z.boolean().optional() });

export const loader = onlyMethods("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  if (!id.success) return adminJson({ success: false, message: "Invalid business id" }, { status: 400 });
  const body = await parseJsonBody(request, ApprovalBody, { optional: true });
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const result = await setBusinessApproval(env.DB, id.data, body.data.isApproved);
  if (!result) return adminJson({ success: false, message: "Business not found" }, { status: 404 });
  // Its own page shows the change at once; other pages may be a moment behind (decision 113).
  await directoryChanged(env, "admin.toggle-approval", { businesses: [result.slug] });
  await recordAuditEvent(env.DB, result.isApproved ? "business.approved" : "business.unapproved", { request, name: user.name }, { subject: result.name });
  return adminJson({ success: true, id: result.id, isApproved: result.isApproved });
}
