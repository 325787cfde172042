import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { NO_STORE } from "~/lib/cache-policy";
import { requireAdminApi } from "~/models/auth.server";
import { receiveMultipartUpload } from "~/models/import-upload.server";

/**
 * POST multipart/form-data (file, batchSize, fileIndex, totalFiles): the file streams into R2,
 * its import job is queued, and the answer is 202 {success, message, jobId}. The batch result
 * follows on the job's WebSocket and at GET /api/admin/upload-jobs/{jobId}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  if (request.method !== "POST") return Response.json({ success: false, message: "Method not allowed" }, { status: 405, headers: NO_STORE });
  const outcome = await receiveMultipartUpload(env, request);
  if (!outcome.ok) {
    return Response.json({ success: false, message: outcome.message, errorCount: 1 }, { status: outcome.status, headers: NO_STORE });
  }
  return Response.json(
    { success: true, message: `${outcome.fileName} alındı, içe aktarma sıraya alındı.`, jobId: outcome.jobId },
    { status: 202, headers: NO_STORE },
  );
}
