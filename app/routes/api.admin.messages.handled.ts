import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { deleteHandledContactMessages } from "~/models/contact.server";

export const loader = onlyMethods("DELETE");

/** DELETE: removes every message marked handled. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const deletedCount = await deleteHandledContactMessages(env.DB);
  await recordAuditEvent(env.DB, "messages.deleted-handled", { request, name: user.name }, { detail: `${deletedCount} mesaj` });
  return adminJson({ success: true, deletedCount, message: `${deletedCount} işlenmiş mesaj silindi` });
}
