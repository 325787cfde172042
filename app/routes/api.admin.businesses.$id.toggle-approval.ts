import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessIdParam } from "~/lib/admin-query";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/http.server";
import { toggleBusinessApproval } from "~/models/admin-business.server";
import { requireAdminApi } from "~/models/auth.server";
import { directoryChanged } from "~/models/directory-change.server";

export const loader = onlyMethods("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  if (!id.success) return adminJson({ success: false, message: "Invalid business id" }, { status: 400 });
  const result = await toggleBusinessApproval(env.DB, id.data);
  if (!result) return adminJson({ success: false, message: "Business not found" }, { status: 404 });
  await directoryChanged(env, "admin.toggle-approval");
  return adminJson({ success: true, ...result });
}
