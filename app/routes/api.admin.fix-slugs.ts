import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/http.server";
import { fixSlugs } from "~/models/admin-business.server";
import { requireAdminApi } from "~/models/auth.server";
import { directoryChanged } from "~/models/directory-change.server";

export const loader = onlyMethods("POST");

/** POST: one time-boxed step of the slug repair; `done: false` means call again to go on. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  const progress = await fixSlugs(env.DB);
  if (progress.updatedNow > 0 || progress.done) await directoryChanged(env, "admin.fix-slugs", { rebuildSitemaps: progress.done });
  return adminJson({
    success: true,
    successCount: progress.updated,
    checkpointEnabled: true,
    totalProcessed: progress.processed,
    done: progress.done,
    message: progress.done
      ? `URL'ler düzeltildi: ${progress.updated} işletme güncellendi (${progress.processed} kontrol edildi)`
      : `${progress.processed} işletme kontrol edildi, devam ediliyor`,
  });
}
