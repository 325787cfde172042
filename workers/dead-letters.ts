import { abandonImportJob } from "~/import/consumer.server";
import { failQueuedMail } from "~/models/mail-outbox.server";
import type { QueueMessage } from "~/models/queue-messages.server";

/** The dead-letter queue of the import queue (wrangler.toml). */
export const DEAD_LETTER_QUEUE = "business-directory-import-dlq";

/**
 * A message that failed all its retries. An import job would otherwise stay "processing" for
 * ever: it is ended as failed. So is an e-mail, which the admin then sees as not sent. Sitemap
 * and page-anchor work needs nothing: a stale sitemap build is taken over by the next request or
 * cron (decision 050), and the cron queues anchors again.
 */
export async function handleDeadLetter(env: Env, message: Message<QueueMessage>): Promise<void> {
  const body = message.body;
  console.error(`Dead-lettered queue message ${body.kind}`, JSON.stringify(body));
  if (body.kind === "import") await abandonImportJob(env, body.jobId);
  if (body.kind === "mail.send") await failQueuedMail(env.DB, body.outboxId, "Every queue retry failed");
}
