/**
 * Run by the cron: imports that stopped moving. A job whose queue message was lost (the send
 * after "queued" failed, or the delivery died with its worker) is sent again and resumes from
 * its committed cursor. One the queue did not take up ten minutes after that re-send, the queue
 * is not delivering (local workerd's queue can stop for good after its isolate restarts,
 * docs/local-vs-production.md): the cron runs its next step itself. One that has not moved for
 * a day is ended as failed.
 */
import { listStalledImportJobs } from "~/models/upload-job.server";
import type { QueueMessage } from "~/models/queue-messages.server";
import { abandonImportJob, processImportJob } from "./consumer";

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
