import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { adminJson, methodNotAllowed, onlyMethods, parseJsonBody } from "~/lib/web/http.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { completePartUpload } from "~/import/upload.server";

const Body = z.object({
  uploadId: z.string().min(1),
  parts: z.array(z.object({ partNumber: z.number().int().min(1), etag: z.string().min(1) })).min(1).max(10_000),
});

export const loader = onlyMethods("POST");

/** POST {uploadId, parts}: completes the upload, checks it, queues the job (202). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const body = await parseJsonBody(request, Body);
  const jobId = z.uuid().safeParse(params.jobId);
  if (!body.ok || !jobId.success) return adminJson({ success: false, message: "Geçersiz tamamlama isteği." }, { status: 400 });
  const outcome = await completePartUpload(env, { ...body.data, jobId: jobId.data });
  if (!outcome.ok) return adminJson({ success: false, message: outcome.message, errorCount: 1 }, { status: outcome.status });
  await recordAuditEvent(env.DB, "import.started", { request, name: user.name }, { subject: outcome.fileName });
  return adminJson(
    { success: true, message: `${outcome.fileName} alındı, içe aktarma sıraya alındı.`, jobId: outcome.jobId },
    { status: 202 },
  );
}
