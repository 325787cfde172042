import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { queueSitemapRebuild } from "../../workers/queue-messages";

export const loader = onlyMethods("POST");

/** The sitemap panel's "rebuild now": queues a rebuild (a running one absorbs it). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { env } = context.cloudflare;
  await requireAdminApi(request, env);
  await queueSitemapRebuild(env, "admin");
  return adminJson({ success: true, message: "Site haritası yeniden oluşturma sıraya alındı" }, { status: 202 });
}
