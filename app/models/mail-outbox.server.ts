import { and, eq, lt, sql } from "drizzle-orm";
import { database, type Database } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { oneLine, type MailMessage } from "~/lib/email/mail-message";
import { recordAuditEvent } from "./audit-log.server";
import { isPermanentMailFailure, sendMail } from "./mail.server";
import type { QueueMessage } from "./queue-messages.server";

/**
 * The mail outbox: every e-mail but the sign-in code goes out through the queue, so a slow or
 * failing send never blocks or undoes the action that caused it. A row is written (with the
 * action, in its batch, when the caller wants both or neither), a `mail.send` message names it,
 * the consumer sends it with the queue's retries, and a send that cannot succeed ends "failed",
 * which the admin sees as "E-posta gönderilemedi" (the bell and /admin/activity).
 */

/** Sent rows are kept this long (days) for a look, then the upkeep cron deletes them. */
export const SENT_MAIL_KEEP_DAYS = 30;

/** Error text kept on a row and in the audit log: enough to read the cause, bounded. */
const ERROR_MAX = 500;

/**
 * The insert of one outbox row, for the caller's own `db.batch`: the caller's change and the
 * e-mail commit together or not at all. Its batch result is the new row's `[{ id }]`, which
 * `queueMailDelivery` takes once the batch has committed.
 *
 *   const [, mail] = await db.batch([decision, mailOutboxInsert(db, message)]);
 *   await queueMailDelivery(env, mail);
 */
export function mailOutboxInsert(db: Database, message: MailMessage) {
  // Refused before anything commits: every e-mail the site sends has a plain-text part.
  if (message.text.trim() === "") throw new Error("An e-mail needs a plain-text part");
  const replyTo = message.replyTo ? oneLine(message.replyTo) : "";
  return db
    .insert(mailOutbox)
    .values({ toAddress: oneLine(message.to), replyTo: replyTo || null, subject: oneLine(message.subject), text: message.text, html: message.html })
    .returning({ id: mailOutbox.id });
}

/**
 * Hands committed outbox rows to the queue. Never throws: the action that wrote them has
 * happened, so a queue that refuses the message ends the row failed for the admin instead.
 */
export async function queueMailDelivery(env: Pick<Env, "DB" | "WORK_QUEUE">, inserted: readonly { id: number }[]): Promise<void> {
  // A queue takes at most 100 messages a call: a bulk decision's e-mails go in one or two.
  for (let start = 0; start < inserted.length; start += 100) {
    const ids = inserted.slice(start, start + 100).map(({ id }) => id);
    try {
      await env.WORK_QUEUE.sendBatch(ids.map((outboxId) => ({ body: { kind: "mail.send", outboxId } satisfies QueueMessage })));
    } catch (error) {
      console.error(`mail outbox: queueing mail ${ids.join(", ")} failed`, error);
      for (const id of ids) {
        await failQueuedMail(env.DB, id, `Could not be queued: ${errorText(error)}`).catch((marking) => console.error(`mail outbox: marking mail ${id} failed did not work`, marking));
      }
    }
  }
}

/**
 * Sends `message` through the queue, on its own: for an action already committed. Never throws,
 * so that the action is not reported failed for its e-mail; an e-mail that could not even be
 * stored is logged and recorded in the audit log for the admin.
 */
export async function queueMail(env: Pick<Env, "DB" | "WORK_QUEUE">, message: MailMessage): Promise<void> {
  let inserted: { id: number }[];
  try {
    inserted = await mailOutboxInsert(database(env.DB), message);
  } catch (error) {
    console.error("mail outbox: storing an e-mail failed", error);
    await recordAuditEvent(env.DB, "mail.failed", "mail-queue", failureDetails(message.to, message.subject, `Could not be stored: ${errorText(error)}`));
    return;
  }
  await queueMailDelivery(env, inserted);
}

/** What became of one delivery of a `mail.send` message. */
export type MailDelivery = "sent" | "failed" | "already-sent" | "already-failed" | "missing";

/**
 * The queue consumer's work for `mail.send`: sends the row's e-mail once. A row already sent
 * (a redelivered message) or already failed is left alone; a failure that will repeat ends the
 * row failed at once; any other failure is recorded on the row and thrown, so that the queue
 * tries again with its backoff (and dead-letters it after its last try: `failQueuedMail`).
 * A crash between the send and its record sends the e-mail again: at least once, never lost.
 */
export async function deliverQueuedMail(env: Env, outboxId: number): Promise<MailDelivery> {
  const db = database(env.DB);
  const row = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)).get();
  if (!row) {
    // Nothing to send or to mark: a retry would find nothing either.
    console.error(`mail outbox: mail ${outboxId} does not exist, message dropped`);
    return "missing";
  }
  if (row.status === "sent") return "already-sent";
  if (row.status === "failed") return "already-failed";
  try {
    await sendMail(env, { to: row.toAddress, subject: row.subject, text: row.text, html: row.html, ...(row.replyTo ? { replyTo: row.replyTo } : {}) });
  } catch (error) {
    await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, error: errorText(error) })
      .where(eq(mailOutbox.id, outboxId));
    if (!isPermanentMailFailure(error)) throw error;
    await failQueuedMail(env.DB, outboxId, errorText(error));
    return "failed";
  }
  await db
    .update(mailOutbox)
    .set({ status: "sent", attempts: sql`${mailOutbox.attempts} + 1`, sentAt: sql`unixepoch()`, error: null })
    .where(eq(mailOutbox.id, outboxId));
  return "sent";
}

/**
 * Ends a row that is still queued as failed, keeping the last error its tries recorded (or
 * `error` when none did), and records "E-posta gönderilemedi" for the admin. A row already sent
 * or failed is left as it is, so a late duplicate (of a dead letter) records nothing twice.
 * Answers whether the row was ended here.
 */
export async function failQueuedMail(d1: D1Database, outboxId: number, error: string): Promise<boolean> {
  const [ended] = await database(d1)
    .update(mailOutbox)
    .set({ status: "failed", error: sql`coalesce(${mailOutbox.error}, ${error.slice(0, ERROR_MAX)})` })
    .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, "queued")))
    .returning({ to: mailOutbox.toAddress, subject: mailOutbox.subject, error: mailOutbox.error, attempts: mailOutbox.attempts });
  if (!ended) return false;
  await recordAuditEvent(d1, "mail.failed", "mail-queue", failureDetails(ended.to, ended.subject, `${ended.error ?? error} (${ended.attempts} deneme)`));
  return true;
}

/** Run by the upkeep cron: deletes rows sent more than SENT_MAIL_KEEP_DAYS ago. Returns how many went. */
export async function deleteSentMail(d1: D1Database, nowSeconds = Math.floor(Date.now() / 1000)): Promise<number> {
  const deleted = await database(d1)
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, nowSeconds - SENT_MAIL_KEEP_DAYS * 86_400)));
  return deleted.meta.changes ?? 0;
}

/** The audit entry of a failed e-mail: its subject, then who it was for and why it failed. */
function failureDetails(to: string, subject: string, error: string) {
  return { subject: oneLine(subject), detail: `Alıcı: ${oneLine(to)} · Hata: ${error}` };
}

/** An error as one line of text, with the send_email binding's code when it has one. */
function errorText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const text = typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
  return oneLine(text).slice(0, ERROR_MAX);
}
