/**
 * The import's progress on the job's Durable Object (workers/progress.ts, one per job, addressed
 * by the job id): the consumer publishes each committed step to it, and the upload page watches
 * it over a WebSocket.
 */
import type { UploadJob } from "./commit.server";
import type { ImportProgress } from "./report";

/** The job's Durable Object, typed through Env: workers/progress.ts imports cloudflare:workers, which the Remix server build cannot bundle. */
export function uploadProgressStub(env: Env, jobId: string) {
  return env.UPLOAD_PROGRESS.get(env.UPLOAD_PROGRESS.idFromName(jobId));
}

/** What the job's Durable Object relays to the upload page. */
export interface ImportProgressMessage {
  type: "progress";
  jobId: string;
  status: UploadJob["status"];
  processedRows: number;
  successCount: number;
  errorCount: number;
  skippedCount: number;
  result?: unknown;
}

export async function publishProgress(env: Env, job: UploadJob, status: UploadJob["status"], progress: ImportProgress, result?: unknown) {
  const message: ImportProgressMessage = {
    type: "progress",
    jobId: job.id,
    status,
    processedRows: progress.processedRows,
    successCount: progress.successCount,
    errorCount: progress.errorCount,
    skippedCount: progress.skippedCount,
    ...(result === undefined ? {} : { result }),
  };
  try {
    await uploadProgressStub(env, job.id).publish(message);
  } catch (error) {
    // Progress display is best effort; the job's row holds the truth.
    console.error(`progress publish for ${job.id} failed`, error);
  }
}

/** A page's WebSocket upgrade, answered by the job's Durable Object with its state, then each update. */
export function watchUploadProgress(env: Env, jobId: string, request: Request): Promise<Response> {
  return uploadProgressStub(env, jobId).fetch(request);
}
