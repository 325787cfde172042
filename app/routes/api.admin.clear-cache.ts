import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { bumpCacheGeneration, getCacheGenerations } from "~/models/cache.server";
import { queueEdgeCacheWarmup } from "~/models/queue-messages.server";

export const loader = onlyMethods("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const generation = await bumpCacheGeneration(env.DB);
  // Nothing from before is served again; the most visited pages are rendered anew at once (decision 113).
  await queueEdgeCacheWarmup(env, await getCacheGenerations(env.DB));
  await recordAuditEvent(env.DB, "cache.cleared", { request, name: user.name });
  return adminJson({ success: true, generation, message: "Cache temizlendi" });
}
