/**
 * The import's entry for the upload routes: a multipart/form-data body streamed into R2 (scripts
 * and small files), or a browser-driven R2 multipart upload in parts (large files); then the
 * stored file is checked and its upload job created and queued. The Worker never holds a whole
 * file. The routes also read their jobs, reports and progress through here.
 */
import { createUploadJob, deleteUploadingJob, getUploadJob, markUploadJobQueued } from "./commit.server";
import { MAX_UPLOAD_BYTES, type SpreadsheetType } from "./read/file-type";
import { checkAnnouncedFile, receiveMultipartFile, type UploadOutcome, type UploadRefusal } from "./receive";
import {
  checkStoredUpload,
  completeStoredParts,
  deleteRefusedUpload,
  openPartUpload,
  R2UploadWriter,
  storePart,
  uploadObjectKey,
} from "./store.server";
import { tooLargeText } from "./upload-messages";

export { TEMPLATE_COLUMNS } from "./clean/columns";
export { getUploadJob, listRunningUploadJobs, listUploadReports, type RunningUploadJob } from "./commit.server";
export { watchUploadProgress } from "./progress.server";
export { BATCH_SIZES, DEFAULT_BATCH_SIZE, parseBatchSize, UPLOAD_PART_BYTES, type UploadOutcome } from "./receive";

/** Checks a stored file and, when it is sound, creates its job and queues it. */
export async function startImportJob(
  env: Env,
  input: { jobId: string; fileName: string; fileSize: number; fileType: SpreadsheetType; batchSize: number },
): Promise<UploadOutcome> {
  const key = uploadObjectKey(input.jobId);
  const rejection = await checkStoredUpload(env.BUCKET, key, input.fileName, input.fileType);
  if (rejection) {
    await deleteRefusedUpload(env.BUCKET, key);
    return { ok: false, status: 400, message: rejection };
  }
  await createUploadJob(env.DB, { ...input, id: input.jobId });
  await env.WORK_QUEUE.send({ kind: "import", jobId: input.jobId });
  return { ok: true, jobId: input.jobId, fileName: input.fileName };
}

/**
 * POST multipart/form-data: the file part streams into R2 as it arrives, in R2 multipart parts
 * of 10 MB (a multipart part has no length to give R2 up front; buffering one part at a time
 * gives it one).
 */
export async function receiveMultipartUpload(env: Env, request: Request): Promise<UploadOutcome> {
  const jobId = crypto.randomUUID();
  const received = await receiveMultipartFile(request, () => new R2UploadWriter(env.BUCKET, uploadObjectKey(jobId)));
  if (!received.ok) return received;
  const { fileName, fileSize, fileType, batchSize } = received;
  return startImportJob(env, { jobId, fileName, fileSize, fileType, batchSize });
}

/**
 * Browser-driven multipart upload, step 1: validates name and size, opens the R2 upload and
 * creates the job as `uploading`, so the page can watch the job's WebSocket before any row
 * is processed.
 */
export async function beginPartUpload(
  env: Env,
  input: { fileName: string; fileSize: number; batchSize: number },
): Promise<{ ok: true; jobId: string; uploadId: string } | UploadRefusal> {
  const announced = checkAnnouncedFile(input.fileName, input.fileSize);
  if (!announced.ok) return announced;
  const jobId = crypto.randomUUID();
  const uploadId = await openPartUpload(env.BUCKET, uploadObjectKey(jobId));
  await createUploadJob(env.DB, { id: jobId, fileName: input.fileName, fileSize: input.fileSize, fileType: announced.fileType, batchSize: input.batchSize }, uploadId);
  return { ok: true, jobId, uploadId };
}

/** Step 2, once per part (the browser retries a failed part, not the file). */
export async function storeUploadPart(
  env: Env,
  input: { jobId: string; uploadId: string; partNumber: number; body: ReadableStream | ArrayBuffer },
): Promise<R2UploadedPart> {
  return storePart(env.BUCKET, uploadObjectKey(input.jobId), input);
}

/** Step 3: completes the R2 upload, then checks the file and queues its job. */
export async function completePartUpload(
  env: Env,
  input: { jobId: string; uploadId: string; parts: R2UploadedPart[] },
): Promise<UploadOutcome> {
  const job = await getUploadJob(env.DB, input.jobId);
  if (!job || job.status !== "uploading") return { ok: false, status: 404, message: "Yükleme bulunamadı ya da zaten tamamlandı." };
  const size = await completeStoredParts(env.BUCKET, job.objectKey, input.uploadId, input.parts);
  const refuse = async (status: number, message: string): Promise<UploadOutcome> => {
    await deleteRefusedUpload(env.BUCKET, job.objectKey);
    await deleteUploadingJob(env.DB, job.id);
    return { ok: false, status, message };
  };
  if (size > MAX_UPLOAD_BYTES) return refuse(413, tooLargeText(job.fileName));
  const rejection = await checkStoredUpload(env.BUCKET, job.objectKey, job.fileName, job.fileType);
  if (rejection) return refuse(400, rejection);
  if (!(await markUploadJobQueued(env.DB, job.id, size))) return { ok: false, status: 409, message: "Yükleme zaten tamamlandı." };
  await env.WORK_QUEUE.send({ kind: "import", jobId: job.id });
  return { ok: true, jobId: job.id, fileName: job.fileName };
}
