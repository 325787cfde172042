import { CONTACT_HONEYPOT_FIELD, validateContact, type ContactFieldErrors, type ContactInput } from "~/lib/directory/contact-form";
import { and, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { database } from "~/db/client.server";
import { contactMessages, type ContactMessage } from "~/db/schema";
import { INBOX_PAGE_SIZE, type InboxFilter, type InboxQuery } from "~/lib/admin/inbox-query";
import { clientKey, hitRateLimit } from "./rate-limit.server";

/** Visitor messages from /contact, kept for the team to answer. */
export async function saveContactMessage(d1: D1Database, message: ContactInput): Promise<number> {
  const [row] = await database(d1)
    .insert(contactMessages)
    .values({ name: message.name, email: message.email, company: message.company || null, phone: message.phone || null, subject: message.subject, message: message.message })
    .returning({ id: contactMessages.id });
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

/** A message as the inbox shows it: its row. */
export type InboxMessage = ContactMessage;

export interface InboxPage {
  messages: InboxMessage[];
  total: number;
  page: number;
  totalPages: number;
  unreadCount: number;
}

const unread = isNull(contactMessages.readAt);

const FILTERS: Record<InboxFilter, SQL | undefined> = {
  all: undefined,
  unread,
  open: isNull(contactMessages.handledAt),
  handled: isNotNull(contactMessages.handledAt),
};

/** `%text%` for LIKE, with the typed `%`, `_` and `\` taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The messages whose sender's name, address or company, subject or text holds `text`. */
function mentioning(text: string): SQL | undefined {
  const pattern = containing(text);
  const { name, email, company, subject, message } = contactMessages;
  return or(...[name, email, company, subject, message].map((column) => sql`${column} LIKE ${pattern} ESCAPE '\\'`));
}

/**
 * The inbox, newest first: a page of messages matching the search (in the sender's name, address
 * and company, the subject and the text) and the filter, with the unread count. The table stays
 * small (5 messages an hour per address), so the search reads it whole.
 */
export async function listContactMessages(d1: D1Database, query: InboxQuery, pageSize = INBOX_PAGE_SIZE): Promise<InboxPage> {
  const db = database(d1);
  const where = and(FILTERS[query.filter], query.q ? mentioning(query.q) : undefined);
  const [[counted], messages, [unreadCount]] = await db.batch([
    db.select({ n: count() }).from(contactMessages).where(where),
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(contactMessages).where(unread),
  ]);
  const total = counted?.n ?? 0;
  return { messages, total, page: query.page, totalPages: Math.max(1, Math.ceil(total / pageSize)), unreadCount: unreadCount?.n ?? 0 };
}

/** Messages no administrator has opened yet: the menu's badge and a notification. */
export async function countUnreadContactMessages(d1: D1Database): Promise<number> {
  const [row] = await database(d1).select({ n: count() }).from(contactMessages).where(unread);
  return row?.n ?? 0;
}

/**
 * One message, opened by an administrator: from now on it counts as read (`firstOpened` says
 * this opening is what made it so). Null when there is none.
 */
export async function openContactMessage(d1: D1Database, id: number): Promise<{ message: InboxMessage; firstOpened: boolean } | null> {
  const db = database(d1);
  const [before, opened] = await db.batch([
    db.select({ readAt: contactMessages.readAt }).from(contactMessages).where(eq(contactMessages.id, id)),
    db
      .update(contactMessages)
      .set({ readAt: sql`coalesce(${contactMessages.readAt}, unixepoch())` })
      .where(eq(contactMessages.id, id))
      .returning(),
  ]);
  const message = opened[0];
  return message ? { message, firstOpened: before[0]?.readAt == null } : null;
}

/** Marks a message handled (read too) or open again; null when there is none. */
export async function setContactMessageHandled(d1: D1Database, id: number, handled: boolean): Promise<InboxMessage | null> {
  const [message] = await database(d1)
    .update(contactMessages)
    .set({
      handledAt: handled ? sql`coalesce(${contactMessages.handledAt}, unixepoch())` : null,
      readAt: sql`coalesce(${contactMessages.readAt}, unixepoch())`,
    })
    .where(eq(contactMessages.id, id))
    .returning();
  return message ?? null;
}

/** Deletes one message; its subject when it existed, else null. */
export async function deleteContactMessage(d1: D1Database, id: number): Promise<{ subject: string } | null> {
  const [deleted] = await database(d1).delete(contactMessages).where(eq(contactMessages.id, id)).returning({ subject: contactMessages.subject });
  return deleted ?? null;
}

/** Deletes every message marked handled; how many went. */
export async function deleteHandledContactMessages(d1: D1Database): Promise<number> {
  const deleted = await database(d1).delete(contactMessages).where(isNotNull(contactMessages.handledAt)).returning({ id: contactMessages.id });
  return deleted.length;
}
