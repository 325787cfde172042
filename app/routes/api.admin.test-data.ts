import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { bulkStepDetail } from "~/lib/admin/audit-actions";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { deleteTestBusinesses } from "~/models/admin-business.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { directoryChanged } from "~/models/directory-change.server";

export const loader = onlyMethods("DELETE");

/** DELETE: removes test data (defined in app/lib/business/test-data.ts), bounded like delete-all. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const progress = await deleteTestBusinesses(env.DB);
  if (progress.deletedCount > 0) await directoryChanged(env, "admin.delete-test-data");
  await recordAuditEvent(env.DB, "businesses.deleted-test-data", { request, name: user.name }, { detail: bulkStepDetail(progress) });
  return adminJson({
    success: true,
    ...progress,
    message: progress.done ? `${progress.deletedCount} test businesses deleted` : `${progress.deletedCount} test businesses deleted, more remain`,
  });
}
