import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { bumpCacheGeneration } from "~/models/cache.server";

export const loader = onlyMethods("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  const generation = await bumpCacheGeneration(env.DB);
  return adminJson({ success: true, generation, message: "Cache temizlendi" });
}
