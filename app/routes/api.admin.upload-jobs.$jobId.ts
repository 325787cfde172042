import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { getUploadJob } from "~/import/upload.server";
import { UPLOAD_MESSAGES } from "~/import/upload-messages";

/** GET: an upload job's status, running counts and (once finished) its batch result. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  const job = await getUploadJob(env.DB, params.jobId ?? "");
  if (!job) return adminJson({ success: false, message: UPLOAD_MESSAGES.jobGone }, { status: 404 });
  return adminJson({ status: job.status, progress: job.progress, result: job.result?.batchResult ?? null });
}

export const action = onlyMethods("GET", "HEAD");
