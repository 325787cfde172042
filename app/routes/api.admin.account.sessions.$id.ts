import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { requireStaffApi } from "~/models/auth.server";
import { endOwnSession } from "~/models/staff.server";

/** DELETE (any staff member) → 200 { success }: one of their own sessions ends; not theirs or gone → 404. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const env = context.cloudflare.env;
  const user = await requireStaffApi(request, env, "account");
  const ended = await endOwnSession(env, request, user, String(params.id ?? "").slice(0, 100));
  if (!ended) return adminJson({ success: false, message: "Bu oturum bulunamadı." }, { status: 404 });
  return adminJson({ success: true, message: "Oturum sonlandırıldı." });
}

export const loader = onlyMethods("DELETE");
