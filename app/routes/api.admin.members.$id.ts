import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { memberRecord } from "~/models/admin-members.server";
import { requireStaffApi } from "~/models/auth.server";

/**
 * GET /api/admin/members/{id} → { member, listings, claims, reviews, reportsMade,
 * reportsReceived, sanctions }; unknown → 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireStaffApi(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  const record = id.success ? await memberRecord(env.DB, id.data) : null;
  if (!record) return adminJson({ success: false, message: "Member not found" }, { status: 404 });
  return adminJson(record);
}

export const action = onlyMethods("GET", "HEAD");
