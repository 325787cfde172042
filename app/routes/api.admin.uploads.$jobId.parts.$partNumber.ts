import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { adminJson, methodNotAllowed, onlyMethods } from "~/lib/web/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { storeUploadPart, UPLOAD_PART_BYTES } from "~/import/upload.server";

const Params = z.object({ jobId: z.uuid(), partNumber: z.coerce.number().int().min(1).max(10_000), uploadId: z.string().min(1) });

export const loader = onlyMethods("PUT");

/** PUT ?uploadId=…: one part of a large file (its body streams to R2 with its Content-Length). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  const parsed = Params.safeParse({ ...params, uploadId: new URL(request.url).searchParams.get("uploadId") });
  const length = Number(request.headers.get("Content-Length"));
  if (!parsed.success || !request.body || !(length > 0) || length > UPLOAD_PART_BYTES) {
    return adminJson({ success: false, message: "Geçersiz parça isteği." }, { status: 400 });
  }
  const part = await storeUploadPart(env, { ...parsed.data, body: request.body });
  return adminJson({ success: true, part });
}
