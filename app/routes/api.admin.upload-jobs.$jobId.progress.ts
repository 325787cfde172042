import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { getUploadJob, watchUploadProgress } from "~/import/upload.server";
import { UPLOAD_MESSAGES } from "~/import/upload-messages";

/** GET with Upgrade: websocket — the job's Durable Object sends its current state, then each update. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return adminJson({ success: false, message: "WebSocket bekleniyor." }, { status: 426 });
  }
  const job = await getUploadJob(env.DB, params.jobId ?? "");
  if (!job) return adminJson({ success: false, message: UPLOAD_MESSAGES.jobGone }, { status: 404 });
  return watchUploadProgress(env, job.id, request);
}

export const action = onlyMethods("GET", "HEAD");
