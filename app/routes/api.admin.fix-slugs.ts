import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { fixSlugs } from "~/models/admin-business.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { directoryChanged } from "~/models/directory-change.server";

export const loader = onlyMethods("POST");

/**
 * POST: one time-boxed step of the slug repair; `done: false` means call again to go on, sending
 * back the `run` it answered (so that a run finished by another tab meanwhile is not started again).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  // `?run=` names the run an earlier step answered (the spec's call takes no body): it says the
  // caller goes on with a run, so a finished stored run answers it instead of a new pass.
  const run = new URL(request.url).searchParams.get("run") ?? undefined;
  const progress = await fixSlugs(env.DB, undefined, run);
  // A call told of a run another tab ended changes nothing: no second cache bump or rebuild.
  if (progress.updatedNow > 0 || progress.finishedNow) await directoryChanged(env, "admin.fix-slugs", { rebuildSitemaps: progress.finishedNow });
  // Once per run, when it ends here: its steps are one action.
  if (progress.finishedNow) {
    await recordAuditEvent(env.DB, "businesses.slugs-fixed", { request, name: user.name }, { detail: `${progress.updated} güncellendi, ${progress.processed} kontrol edildi` });
  }
  return adminJson({
    success: true,
    successCount: progress.updated,
    checkpointEnabled: true,
    totalProcessed: progress.processed,
    done: progress.done,
    run: progress.run,
    message: progress.done
      ? `URL'ler düzeltildi: ${progress.updated} işletme güncellendi (${progress.processed} kontrol edildi)`
      : `${progress.processed} işletme kontrol edildi, devam ediliyor`,
  });
}
