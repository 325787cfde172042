import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { adminJson, methodNotAllowed, onlyMethods, parseJsonBody } from "~/lib/web/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { beginPartUpload, parseBatchSize, UPLOAD_PART_BYTES } from "~/import/upload.server";

const Body = z.object({ fileName: z.string().min(1).max(255), fileSize: z.number().int().nonnegative(), batchSize: z.unknown().optional() });

export const loader = onlyMethods("POST");

/** POST {fileName, fileSize, batchSize}: opens an R2 multipart upload and its job (`uploading`); parts follow. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  const body = await parseJsonBody(request, Body);
  if (!body.ok) return adminJson({ success: false, message: "fileName ve fileSize gerekli." }, { status: 400 });
  const started = await beginPartUpload(env, { ...body.data, batchSize: parseBatchSize(body.data.batchSize) });
  if (!started.ok) return adminJson({ success: false, message: started.message }, { status: started.status });
  return adminJson({ success: true, jobId: started.jobId, uploadId: started.uploadId, partSize: UPLOAD_PART_BYTES });
}
