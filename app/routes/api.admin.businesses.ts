import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseAdminBusinessQuery } from "~/lib/admin/admin-query";
import { bulkStepDetail } from "~/lib/admin/audit-actions";
import { adminJson, methodNotAllowed } from "~/lib/web/http.server";
import { deleteAllBusinesses, listAdminBusinesses } from "~/models/admin-business.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { directoryChanged } from "~/models/directory-change.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  const query = parseAdminBusinessQuery(new URL(request.url).searchParams);
  return adminJson(await listAdminBusinesses(env.DB, query));
}

/**
 * DELETE: removes every business in bounded steps for up to 15 s; `done: false` means call
 * again (the admin page repeats the call until done). See docs/decisions/032.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const progress = await deleteAllBusinesses(env.DB);
  await directoryChanged(env, "admin.delete-all");
  // Each step is recorded with what it deleted: an administrator who stops halfway is on record too.
  await recordAuditEvent(env.DB, "businesses.deleted-all", { request, name: user.name }, { detail: bulkStepDetail(progress) });
  return adminJson({
    success: true,
    ...progress,
    message: progress.done ? `All businesses deleted (${progress.deletedCount} in this call)` : `${progress.deletedCount} businesses deleted, more remain`,
  });
}
