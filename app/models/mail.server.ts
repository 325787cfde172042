import { desc, eq } from "drizzle-orm";
import { database } from "~/db/client.server";
import { devMailbox } from "~/db/schema";
import { oneLine, type MailMessage } from "~/lib/email/mail-message";
import { isProduction } from "~/lib/web/environment";

/** A send that would fail the same way on every try: the outbox records it failed at once instead of retrying. */
export class PermanentMailError extends Error {
  override name = "PermanentMailError";
}

/**
 * The send_email binding's error codes (thrown as `error.code`) that no retry changes: a refused
 * or malformed message, an unverified sender, a recipient not allowed or suppressed after a bounce.
 * Anything else (rate limits, the service's own errors, a database hiccup locally) is tried again.
 */
const PERMANENT_SEND_CODES: ReadonlySet<string> = new Set([
  "E_VALIDATION_ERROR",
  "E_FIELD_MISSING",
  "E_TOO_MANY_RECIPIENTS",
  "E_TOO_MANY_ATTACHMENTS",
  "E_SENDER_NOT_VERIFIED",
  "E_RECIPIENT_NOT_ALLOWED",
  "E_RECIPIENT_SUPPRESSED",
]);

/** Whether a send's error will repeat on every try. */
export function isPermanentMailFailure(error: unknown): boolean {
  if (error instanceof PermanentMailError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && PERMANENT_SEND_CODES.has(code);
}

/**
 * The one way e-mail leaves the site. As the real site: Cloudflare's `send_email` binding
 * (EMAIL), from the MAIL_FROM address. Anywhere else (npm start, the tests): the local mailbox
 * (dev_mailbox), which /dev/mailbox shows, so a new user can sign up with no outside service.
 */
export async function sendMail(env: Env, message: MailMessage): Promise<void> {
  const replyTo = message.replyTo ? oneLine(message.replyTo) : "";
  const sent = { to: oneLine(message.to), subject: oneLine(message.subject), text: message.text, html: message.html };
  if (sent.text.trim() === "") throw new PermanentMailError("E-mail without a plain-text part: every message needs one");
  if (isProduction(env)) {
    if (!env.EMAIL || !env.MAIL_FROM) throw new PermanentMailError("E-mail is not configured: the EMAIL binding and MAIL_FROM are needed (see README)");
    await env.EMAIL.send({ from: env.MAIL_FROM, ...sent, ...(replyTo ? { replyTo } : {}) });
    return;
  }
  await database(env.DB)
    .insert(devMailbox)
    .values({ toAddress: sent.to.toLowerCase(), replyTo: replyTo || null, subject: sent.subject, text: sent.text, html: sent.html });
}

/** A message of the local mailbox, as /api/dev/mailbox answers it. */
export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  /** The Reply-To address, null when the message has none. */
  replyTo: string | null;
}

/** The local mailbox's newest messages to `to` (every address when null), newest first. */
export async function readMailbox(db: D1Database, to: string | null, limit = 50): Promise<MailboxMessage[]> {
  const rows = await database(db)
    .select()
    .from(devMailbox)
    .where(to ? eq(devMailbox.toAddress, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(devMailbox.id))
    .limit(limit);
  return rows.map((row) => ({
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    sentAt: new Date(row.sentAt * 1000).toISOString(),
    replyTo: row.replyTo ?? null,
  }));
}
