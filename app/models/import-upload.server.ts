/**
 * Receiving uploads: a multipart/form-data body streamed into R2 (scripts and small files),
 * or a browser-driven R2 multipart upload in parts (large files); then the stored file is
 * checked and its upload job created and queued. The Worker never holds a whole file.
 */
import { boundaryFromContentType, MultipartError, MultipartParser } from "~/import/receive";
import { MAX_UPLOAD_BYTES, typeFromFileName, type SpreadsheetType } from "~/import/read/file-type";
import { checkStoredUpload, R2UploadWriter } from "./import-storage.server";
import {
  BATCH_SIZES,
  createUploadJob,
  DEFAULT_BATCH_SIZE,
  deleteUploadingJob,
  getUploadJob,
  listAbandonedUploadJobs,
  markUploadJobQueued,
  uploadObjectKey,
} from "./upload-job.server";

export type UploadOutcome =
  | { ok: true; jobId: string; fileName: string }
  | { ok: false; status: number; message: string };

export const TOO_LARGE_MESSAGE = (fileName: string) => `${fileName} - Maksimum dosya boyutu 150MB'dır`;
export const UNSUPPORTED_TYPE_MESSAGE = "Yalnızca .xlsx, .xls ve .csv dosyaları yüklenebilir.";

export function parseBatchSize(raw: unknown): number {
  const size = Number(raw);
  return (BATCH_SIZES as readonly number[]).includes(size) ? size : DEFAULT_BATCH_SIZE;
}

/** Checks a stored file and, when it is sound, creates its job and queues it. */
export async function startImportJob(
  env: Env,
  input: { jobId: string; fileName: string; fileSize: number; fileType: SpreadsheetType; batchSize: number },
): Promise<UploadOutcome> {
  const key = uploadObjectKey(input.jobId);
  const rejection = await checkStoredUpload(env.BUCKET, key, input.fileName, input.fileType);
  if (rejection) {
    await env.BUCKET.delete(key);
    return { ok: false, status: 400, message: rejection };
  }
  await createUploadJob(env.DB, { ...input, id: input.jobId });
  await env.WORK_QUEUE.send({ kind: "import", jobId: input.jobId });
  return { ok: true, jobId: input.jobId, fileName: input.fileName };
}

/**
 * POST multipart/form-data with fields file, batchSize (fileIndex, totalFiles are informative).
 * The file part streams into R2 as it arrives, in R2 multipart parts of 10 MB (a multipart
 * part has no length to give R2 up front; buffering one part at a time gives it one).
 */
export async function receiveMultipartUpload(env: Env, request: Request): Promise<UploadOutcome> {
  const boundary = boundaryFromContentType(request.headers.get("Content-Type"));
  if (!boundary || !request.body) return { ok: false, status: 400, message: "multipart/form-data bekleniyor (alan: file)." };
  const jobId = crypto.randomUUID();
  const parser = new MultipartParser(boundary);
  const fields = new Map<string, string>();
  let file: { name: string; type: SpreadsheetType; writer: R2UploadWriter } | null = null;
  let field: { name: string; text: string } | null = null;
  let inFile = false;
  const reader = request.body.getReader();
  const fail = async (status: number, message: string): Promise<UploadOutcome> => {
    await reader.cancel().catch(() => undefined);
    await file?.writer.abort();
    return { ok: false, status, message };
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.push(value)) {
        if (event.type === "part") {
          if (event.fileName !== null && event.name === "file") {
            if (file) return await fail(400, "Bir istekte tek dosya gönderilebilir.");
            const type = typeFromFileName(event.fileName);
            if (!type) return await fail(415, `${event.fileName}: ${UNSUPPORTED_TYPE_MESSAGE}`);
            file = { name: event.fileName, type, writer: new R2UploadWriter(env.BUCKET, uploadObjectKey(jobId)) };
            inFile = true;
          } else {
            field = { name: event.name, text: "" };
          }
        } else if (event.type === "data") {
          if (inFile && file) {
            await file.writer.write(event.bytes);
            if (file.writer.size > MAX_UPLOAD_BYTES) return await fail(413, TOO_LARGE_MESSAGE(file.name));
          } else if (field && field.text.length < 1_000) {
            field.text += new TextDecoder().decode(event.bytes);
          }
        } else {
          if (field) fields.set(field.name, field.text);
          field = null;
          inFile = false;
        }
      }
    }
  } catch (error) {
    if (error instanceof MultipartError) return await fail(400, "Bozuk multipart isteği.");
    await file?.writer.abort();
    throw error;
  }
  if (!parser.complete) return await fail(400, "Yükleme yarıda kesildi (eksik istek gövdesi).");
  if (!file) return { ok: false, status: 400, message: "Dosya bulunamadı (alan: file)." };
  const fileSize = await file.writer.close();
  return startImportJob(env, {
    jobId,
    fileName: file.name,
    fileSize,
    fileType: file.type,
    batchSize: parseBatchSize(fields.get("batchSize")),
  });
}

/**
 * Browser-driven multipart upload, step 1: validates name and size, opens the R2 upload and
 * creates the job as `uploading`, so the page can watch the job's WebSocket before any row
 * is processed.
 */
export async function beginPartUpload(
  env: Env,
  input: { fileName: string; fileSize: number; batchSize: number },
): Promise<{ ok: true; jobId: string; uploadId: string } | { ok: false; status: number; message: string }> {
  const fileType = typeFromFileName(input.fileName);
  if (!fileType) return { ok: false, status: 415, message: `${input.fileName}: ${UNSUPPORTED_TYPE_MESSAGE}` };
  if (input.fileSize > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: TOO_LARGE_MESSAGE(input.fileName) };
  const jobId = crypto.randomUUID();
  const upload = await env.BUCKET.createMultipartUpload(uploadObjectKey(jobId));
  await createUploadJob(env.DB, { id: jobId, fileName: input.fileName, fileSize: input.fileSize, fileType, batchSize: input.batchSize }, upload.uploadId);
  return { ok: true, jobId, uploadId: upload.uploadId };
}

/** Step 2, once per part (the browser retries a failed part, not the file). */
export async function storeUploadPart(
  env: Env,
  input: { jobId: string; uploadId: string; partNumber: number; body: ReadableStream | ArrayBuffer },
): Promise<R2UploadedPart> {
  const upload = env.BUCKET.resumeMultipartUpload(uploadObjectKey(input.jobId), input.uploadId);
  return upload.uploadPart(input.partNumber, input.body);
}

/** Step 3: completes the R2 upload, then checks the file and queues its job. */
export async function completePartUpload(
  env: Env,
  input: { jobId: string; uploadId: string; parts: R2UploadedPart[] },
): Promise<UploadOutcome> {
  const job = await getUploadJob(env.DB, input.jobId);
  if (!job || job.status !== "uploading") return { ok: false, status: 404, message: "Yükleme bulunamadı ya da zaten tamamlandı." };
  const upload = env.BUCKET.resumeMultipartUpload(job.objectKey, input.uploadId);
  const object = await upload.complete(input.parts);
  const refuse = async (status: number, message: string): Promise<UploadOutcome> => {
    await env.BUCKET.delete(job.objectKey);
    await deleteUploadingJob(env.DB, job.id);
    return { ok: false, status, message };
  };
  if (object.size > MAX_UPLOAD_BYTES) return refuse(413, TOO_LARGE_MESSAGE(job.fileName));
  const rejection = await checkStoredUpload(env.BUCKET, job.objectKey, job.fileName, job.fileType);
  if (rejection) return refuse(400, rejection);
  if (!(await markUploadJobQueued(env.DB, job.id, object.size))) return { ok: false, status: 409, message: "Yükleme zaten tamamlandı." };
  await env.WORK_QUEUE.send({ kind: "import", jobId: job.id });
  return { ok: true, jobId: job.id, fileName: job.fileName };
}

/** A browser upload not completed within a day was abandoned (a 150 MB file takes minutes). */
const ABANDONED_UPLOAD_AFTER_SECONDS = 24 * 60 * 60;

/**
 * Run by the cron: aborts the R2 multipart upload of each abandoned browser upload (its parts
 * would otherwise be billed until R2's own lifecycle rule drops them) and deletes its job,
 * which no admin screen shows.
 */
export async function clearAbandonedUploads(env: Env): Promise<void> {
  const abandoned = await listAbandonedUploadJobs(env.DB, Math.floor(Date.now() / 1000) - ABANDONED_UPLOAD_AFTER_SECONDS);
  for (const job of abandoned) {
    if (job.uploadId) {
      try {
        await env.BUCKET.resumeMultipartUpload(job.objectKey, job.uploadId).abort();
      } catch (error) {
        // Already aborted or expired in R2: the job row still has to go.
        console.warn(`Abandoned upload ${job.id}: R2 abort failed`, error);
      }
    }
    await deleteUploadingJob(env.DB, job.id);
  }
  if (abandoned.length > 0) console.log(`Cleared ${abandoned.length} abandoned browser upload(s)`);
}
