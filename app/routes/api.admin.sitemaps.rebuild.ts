import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { NO_STORE } from "~/lib/cache-policy";
import { requireAdminApi } from "~/models/auth.server";
import { queueSitemapRebuild } from "../../workers/queue-messages";

/** The sitemap panel's "rebuild now": queues a rebuild (a running one absorbs it). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdminApi(request, env);
  if (request.method !== "POST") {
    return Response.json({ success: false, message: "Method not allowed" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
  }
  await queueSitemapRebuild(env, "admin");
  return Response.json({ success: true, message: "Site haritası yeniden oluşturma sıraya alındı" }, { status: 202, headers: NO_STORE });
}
