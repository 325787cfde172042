import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { queueSitemapRebuild } from "~/models/queue-messages.server";

export const loader = onlyMethods("POST");

/** The sitemap panel's "rebuild now": queues a rebuild (a running one absorbs it). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { env } = context.cloudflare;
  const user = await requireAdminApi(request, env);
  await queueSitemapRebuild(env, "admin");
  await recordAuditEvent(env.DB, "sitemaps.rebuild-requested", { request, name: user.name });
  return adminJson({ success: true, message: "Site haritası yeniden oluşturma sıraya alındı" }, { status: 202 });
}
