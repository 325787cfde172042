/**
 * Run by the crons: imports that stopped moving, and browser uploads never completed. A job whose
 * queue message was lost (the send after "queued" failed, or the delivery died with its worker)
 * is sent again and resumes from its committed cursor. One the queue did not take up ten minutes
 * after that re-send, the queue is not delivering (local workerd's queue can stop for good after
 * its isolate restarts, docs/local-vs-production.md): the cron runs its next step itself. One
 * that has not moved for a day is ended as failed.
 */
import type { QueueMessage } from "~/models/queue-messages.server";
import { deleteUploadingJob, listAbandonedUploadJobs, listStalledImportJobs } from "./commit.server";
import { abandonImportJob, processImportJob } from "./consumer.server";
import { abortPartUpload } from "./store.server";

/** Far above a step (20 s) and a queue retry backoff (≤ 60 s): a job this quiet has no live message. */
const REQUEUE_AFTER_SECONDS = 15 * 60;
/** The cron runs every 10 minutes: a job this quiet was re-sent by an earlier run at least 10 minutes ago. */
const RUN_HERE_AFTER_SECONDS = 30 * 60;
const GIVE_UP_AFTER_HOURS = 24;

export async function resumeStalledImports(env: Env, now = Math.floor(Date.now() / 1000)): Promise<void> {
  const stalled = await listStalledImportJobs(env.DB, now - REQUEUE_AFTER_SECONDS);
  for (const job of stalled) {
    if (job.updatedAt < now - GIVE_UP_AFTER_HOURS * 3600) await abandonImportJob(env, job.id, `${GIVE_UP_AFTER_HOURS} saat boyunca ilerlemediği için`);
    // Its step is bounded as a delivery's is; should the re-sent message still arrive, the cursor guard lets one of the two commit.
    else if (job.updatedAt < now - RUN_HERE_AFTER_SECONDS) await runStalledStep(env, job.id);
    // A duplicate of a message still waiting is harmless: the cursor guard lets one delivery commit and the other stops.
    else await env.WORK_QUEUE.send({ kind: "import", jobId: job.id } satisfies QueueMessage);
  }
  if (stalled.length > 0) console.log(`Resumed or ended ${stalled.length} stalled import(s)`);
}

async function runStalledStep(env: Env, jobId: string): Promise<void> {
  console.warn(`import ${jobId}: the queue did not take up its re-sent message; the cron runs its step`);
  try {
    await processImportJob(env, jobId);
  } catch (error) {
    // A failure the queue would retry: the job stays stalled, and the next cron run tries again.
    console.error(`import ${jobId}: the cron's step failed`, error);
  }
}

/** A browser upload not completed within a day was abandoned (a 150 MB file takes minutes). */
const ABANDONED_UPLOAD_AFTER_SECONDS = 24 * 60 * 60;

/**
 * Aborts the R2 multipart upload of each abandoned browser upload (its parts would otherwise be
 * billed until R2's own lifecycle rule drops them) and deletes its job, which no admin screen shows.
 */
export async function clearAbandonedUploads(env: Env): Promise<void> {
  const abandoned = await listAbandonedUploadJobs(env.DB, Math.floor(Date.now() / 1000) - ABANDONED_UPLOAD_AFTER_SECONDS);
  for (const job of abandoned) {
    if (job.uploadId) {
      try {
        await abortPartUpload(env.BUCKET, job.objectKey, job.uploadId);
      } catch (error) {
        // Already aborted or expired in R2: the job row still has to go.
        console.warn(`Abandoned upload ${job.id}: R2 abort failed`, error);
      }
    }
    await deleteUploadingJob(env.DB, job.id);
  }
  if (abandoned.length > 0) console.log(`Cleared ${abandoned.length} abandoned browser upload(s)`);
}
