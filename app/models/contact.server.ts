import { CONTACT_HONEYPOT_FIELD, validateContact, type ContactFieldErrors, type ContactInput } from "~/lib/contact-form";
import { clientKey, hitRateLimit } from "./rate-limit.server";

/** Visitor messages from /contact, kept for the team to answer. */
export async function saveContactMessage(db: D1Database, message: ContactInput): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO contact_messages (name, email, company, phone, subject, message)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id`,
    )
    .bind(message.name, message.email, message.company || null, message.phone || null, message.subject, message.message)
    .first<{ id: number }>();
  return Number(row?.id);
}

/** Messages per visitor address per hour: generous for people, a wall for scripts. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 60 * 60 };

export type ContactReceipt =
  | { outcome: "invalid"; errors: ContactFieldErrors }
  | { outcome: "throttled"; retryAfterSeconds: number }
  | { outcome: "sent" };

/**
 * A message as sent by a visitor (JSON from the page's script, or the form posted without it):
 * checked by the spec's rules, dropped quietly when the honeypot is filled (bots learn nothing),
 * refused past 5 an hour from one address, otherwise stored.
 */
export async function receiveContactMessage(db: D1Database, request: Request, body: Record<string, unknown>): Promise<ContactReceipt> {
  const checked = validateContact(body);
  if (!checked.ok) return { outcome: "invalid", errors: checked.errors };
  const honeypot = body[CONTACT_HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim()) return { outcome: "sent" };
  // Counted only for valid messages: a visitor fixing typos is never throttled.
  const limit = await hitRateLimit(db, `contact:${clientKey(request)}`, CONTACT_RATE_LIMIT);
  if (!limit.allowed) return { outcome: "throttled", retryAfterSeconds: limit.retryAfterSeconds };
  await saveContactMessage(db, checked.data);
  return { outcome: "sent" };
}
