/**
 * Run by the cron: imports that stopped moving. A job whose queue message was lost (the send
 * after "queued" failed, or the delivery died with its worker) is sent again and resumes from
 * its committed cursor; one that has not moved for a day is ended as failed.
 */
import { listStalledImportJobs } from "~/models/upload-job.server";
import type { QueueMessage } from "../queue-messages";
import { abandonImportJob } from "./consumer";

/** Far above a step (20 s) and a queue retry backoff (≤ 60 s): a job this quiet has no live message. */
const REQUEUE_AFTER_SECONDS = 15 * 60;
const GIVE_UP_AFTER_HOURS = 24;

export async function resumeStalledImports(env: Env, now = Math.floor(Date.now() / 1000)): Promise<void> {
  const stalled = await listStalledImportJobs(env.DB, now - REQUEUE_AFTER_SECONDS);
  for (const job of stalled) {
    if (job.updatedAt < now - GIVE_UP_AFTER_HOURS * 3600) await abandonImportJob(env, job.id, `${GIVE_UP_AFTER_HOURS} saat boyunca ilerlemediği için`);
    // A duplicate of a message still waiting is harmless: the cursor guard lets one delivery commit and the other stops.
    else await env.IMPORT_QUEUE.send({ kind: "import", jobId: job.id } satisfies QueueMessage);
  }
  if (stalled.length > 0) console.log(`Resumed or ended ${stalled.length} stalled import(s)`);
}
