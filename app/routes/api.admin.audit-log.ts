import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseAuditQuery } from "~/lib/admin/audit-actions";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { listAuditLog } from "~/models/audit-log.server";
import { requireStaffApi } from "~/models/auth.server";

/** GET ?action=&day=&tz=&page=: the audit log, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireStaffApi(request, env);
  return adminJson(await listAuditLog(env.DB, parseAuditQuery(new URL(request.url).searchParams)));
}

export const action = onlyMethods("GET", "HEAD");
