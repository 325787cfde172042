import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/http.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { bumpCacheGeneration } from "~/models/cache.server";

export const loader = onlyMethods("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const generation = await bumpCacheGeneration(env.DB);
  await recordAuditEvent(env.DB, "cache.cleared", { request, username: user.username });
  return adminJson({ success: true, generation, message: "Cache temizlendi" });
}
