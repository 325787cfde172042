import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NO_STORE } from "~/lib/cache-policy";
import { requireAdminApi } from "~/models/auth.server";
import { getUploadJob } from "~/models/upload-job.server";

/** GET: an upload job's status, running counts and (once finished) its batch result. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  const job = await getUploadJob(env.DB, params.jobId ?? "");
  if (!job) return Response.json({ success: false, message: "Yükleme işi bulunamadı." }, { status: 404, headers: NO_STORE });
  return Response.json(
    { status: job.status, progress: job.progress, result: job.result?.batchResult ?? null },
    { headers: NO_STORE },
  );
}
