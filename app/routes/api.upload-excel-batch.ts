import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { receiveMultipartUpload } from "~/import/upload.server";

export const loader = onlyMethods("POST");

/**
 * POST multipart/form-data (file, batchSize, fileIndex, totalFiles): the file streams into R2,
 * its import job is queued, and the answer is 202 {success, message, jobId}. The batch result
 * follows on the job's WebSocket and at GET /api/admin/upload-jobs/{jobId}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const outcome = await receiveMultipartUpload(env, request);
  if (!outcome.ok) {
    return adminJson({ success: false, message: outcome.message, errorCount: 1 }, { status: outcome.status });
  }
  await recordAuditEvent(env.DB, "import.started", { request, name: user.name }, { subject: outcome.fileName });
  return adminJson(
    { success: true, message: `${outcome.fileName} alındı, içe aktarma sıraya alındı.`, jobId: outcome.jobId },
    { status: 202 },
  );
}
