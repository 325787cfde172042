import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { markNotificationsSeen } from "~/models/admin-layout.server";
import { requireAdminApi } from "~/models/auth.server";

export const loader = onlyMethods("POST");

/** POST: the admin opened the notifications; answers what they count from now on. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  return adminJson({ success: true, notifications: await markNotificationsSeen(env.DB, user.id) });
}
