import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { getUploadJob } from "~/models/upload-job.server";
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
  // The Durable Object is addressed by the job id (as workers/progress.ts uploadProgressStub does;
  // that module imports cloudflare:workers, which the Remix server build cannot bundle).
  return env.UPLOAD_PROGRESS.get(env.UPLOAD_PROGRESS.idFromName(job.id)).fetch(request);
}

export const action = onlyMethods("GET", "HEAD");
