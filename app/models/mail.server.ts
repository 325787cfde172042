import { desc, eq } from "drizzle-orm";
import { database } from "~/db/client.server";
import { devMailbox } from "~/db/schema";
import { oneLine, type MailMessage } from "~/lib/email/mail-message";
import { isProduction } from "~/lib/web/environment";

/**
 * The one way e-mail leaves the site. As the real site: Cloudflare's `send_email` binding
 * (EMAIL), from the MAIL_FROM address. Anywhere else (npm start, the tests): the local mailbox
 * (dev_mailbox), which /dev/mailbox shows, so a new user can sign up with no outside service.
 */
export async function sendMail(env: Env, message: MailMessage): Promise<void> {
  const sent = { ...message, to: oneLine(message.to), subject: oneLine(message.subject) };
  if (isProduction(env)) {
    if (!env.EMAIL || !env.MAIL_FROM) throw new Error("E-mail is not configured: the EMAIL binding and MAIL_FROM are needed (see README)");
    await env.EMAIL.send({ from: env.MAIL_FROM, to: sent.to, subject: sent.subject, text: sent.text, html: sent.html });
    return;
  }
  await database(env.DB).insert(devMailbox).values({ toAddress: sent.to.toLowerCase(), subject: sent.subject, text: sent.text, html: sent.html });
}

/** A message of the local mailbox, as /api/dev/mailbox answers it. */
export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/** The local mailbox's newest messages to `to` (every address when null), newest first. */
export async function readMailbox(db: D1Database, to: string | null, limit = 50): Promise<MailboxMessage[]> {
  const rows = await database(db)
    .select()
    .from(devMailbox)
    .where(to ? eq(devMailbox.toAddress, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(devMailbox.id))
    .limit(limit);
  return rows.map((row) => ({ to: row.toAddress, subject: row.subject, text: row.text, html: row.html, sentAt: new Date(row.sentAt * 1000).toISOString() }));
}
