import { CONTACT_HONEYPOT_FIELD, validateContact, type ContactFieldErrors, type ContactInput } from "~/lib/contact-form";
import type { ContactMessage } from "~/db/schema";
import { INBOX_PAGE_SIZE, type InboxFilter, type InboxQuery } from "~/lib/inbox-query";
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

/** A message as the inbox shows it: its row. */
export type InboxMessage = ContactMessage;

export interface InboxPage {
  messages: InboxMessage[];
  total: number;
  page: number;
  totalPages: number;
  unreadCount: number;
}

/** The row's columns under the schema's names, so a result row is an InboxMessage. */
const MESSAGE_COLUMNS = `id, name, email, company, phone, subject, message, created_at AS createdAt, read_at AS readAt, handled_at AS handledAt`;

const FILTER_SQL: Record<InboxFilter, string> = {
  all: "1",
  unread: "read_at IS NULL",
  open: "handled_at IS NULL",
  handled: "handled_at IS NOT NULL",
};

/** `%text%` for LIKE, with the typed `%`, `_` and `\` taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The inbox, newest first: a page of messages matching the search (in the sender's name, address
 * and company, the subject and the text) and the filter, with the unread count. The table stays
 * small (5 messages an hour per address), so the search reads it whole.
 */
export async function listContactMessages(db: D1Database, query: InboxQuery, pageSize = INBOX_PAGE_SIZE): Promise<InboxPage> {
  const where = `${FILTER_SQL[query.filter]} AND (?1 IS NULL OR name LIKE ?1 ESCAPE '\\' OR email LIKE ?1 ESCAPE '\\' OR company LIKE ?1 ESCAPE '\\'
    OR subject LIKE ?1 ESCAPE '\\' OR message LIKE ?1 ESCAPE '\\')`;
  const search = query.q ? containing(query.q) : null;
  const [counted, listed, unread] = await db.batch<InboxMessage & { n: number }>([
    db.prepare(`SELECT count(*) AS n FROM contact_messages WHERE ${where}`).bind(search),
    db
      .prepare(`SELECT ${MESSAGE_COLUMNS} FROM contact_messages WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3`)
      .bind(search, pageSize, (query.page - 1) * pageSize),
    unreadCountStatement(db),
  ]);
  const total = counted!.results[0]?.n ?? 0;
  return {
    messages: listed!.results,
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
    unreadCount: unread!.results[0]?.n ?? 0,
  };
}

function unreadCountStatement(db: D1Database): D1PreparedStatement {
  return db.prepare(`SELECT count(*) AS n FROM contact_messages WHERE read_at IS NULL`);
}

/** Messages no administrator has opened yet: the menu's badge and a notification. */
export async function countUnreadContactMessages(db: D1Database): Promise<number> {
  return (await unreadCountStatement(db).first<{ n: number }>())?.n ?? 0;
}

/**
 * One message, opened by an administrator: from now on it counts as read (`firstOpened` says
 * this opening is what made it so). Null when there is none.
 */
export async function openContactMessage(db: D1Database, id: number): Promise<{ message: InboxMessage; firstOpened: boolean } | null> {
  const [before, opened] = await db.batch<InboxMessage>([
    db.prepare(`SELECT ${MESSAGE_COLUMNS} FROM contact_messages WHERE id = ?1`).bind(id),
    db.prepare(`UPDATE contact_messages SET read_at = coalesce(read_at, unixepoch()) WHERE id = ?1 RETURNING ${MESSAGE_COLUMNS}`).bind(id),
  ]);
  const row = opened!.results[0];
  return row ? { message: row, firstOpened: before!.results[0]?.readAt == null } : null;
}

/** Marks a message handled (read too) or open again; null when there is none. */
export async function setContactMessageHandled(db: D1Database, id: number, handled: boolean): Promise<InboxMessage | null> {
  return db
    .prepare(
      `UPDATE contact_messages SET
         handled_at = CASE WHEN ?2 THEN coalesce(handled_at, unixepoch()) ELSE NULL END,
         read_at = coalesce(read_at, unixepoch())
       WHERE id = ?1 RETURNING ${MESSAGE_COLUMNS}`,
    )
    .bind(id, handled ? 1 : 0)
    .first<InboxMessage>();
}

/** Deletes one message; its subject when it existed, else null. */
export async function deleteContactMessage(db: D1Database, id: number): Promise<{ subject: string } | null> {
  return db.prepare(`DELETE FROM contact_messages WHERE id = ?1 RETURNING subject`).bind(id).first<{ subject: string }>();
}

/** Deletes every message marked handled; how many went. */
export async function deleteHandledContactMessages(db: D1Database): Promise<number> {
  const result = await db.prepare(`DELETE FROM contact_messages WHERE handled_at IS NOT NULL`).run();
  return result.meta.changes ?? 0;
}
