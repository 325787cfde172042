import type { AuditLogEntry } from "~/db/schema";
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditQuery } from "~/lib/audit-actions";
import { createdBetween } from "~/lib/export-options";
import { timeZoneOrUtc } from "~/lib/time-zone";
import { clientAddress } from "./rate-limit.server";

/**
 * Who did it: an admin's request (the signed-in username, or the name tried at a failed sign-in,
 * and the address it came from), or the import queue, which acts for no request.
 */
export type AuditActor = { request: Request; username: string } | "import-queue";

export interface AuditDetails {
  /** What it was done to, as shown then: a business's name, a file name, a message's subject. */
  subject?: string | null;
  /** A short line of figures or fields. */
  detail?: string | null;
}

/** Long enough for any name the back office shows; a failed sign-in's typed name is cut here too. */
const TEXT_MAX = 300;

const cut = (text: string | null | undefined) => (text == null ? null : text.slice(0, TEXT_MAX));

/**
 * Records one action in the audit log: the one writer of `audit_log`. A failure to record is
 * logged and swallowed, because the action it describes has already happened and must not be
 * reported failed (or retried by the queue) for its log line.
 */
export async function recordAuditEvent(db: D1Database, action: AuditAction, by: AuditActor, details: AuditDetails = {}): Promise<void> {
  const actor = by === "import-queue" ? null : cut(by.username);
  const address = by === "import-queue" ? null : clientAddress(by.request);
  try {
    await db
      .prepare(`INSERT INTO audit_log (action, actor, address, subject, detail) VALUES (?1, ?2, ?3, ?4, ?5)`)
      .bind(action, actor, address, cut(details.subject), cut(details.detail))
      .run();
  } catch (error) {
    console.error(`audit log: recording ${action} failed`, error);
  }
}

/** An entry as the screens show it: its row. */
export type AuditEntry = AuditLogEntry;

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  totalPages: number;
}

/** The row's columns under the schema's names, so a result row is an AuditEntry. */
const ENTRY_COLUMNS = `id, created_at AS createdAt, action, actor, address, subject, detail`;

/** Newest first, filtered by action and by a day in the admin's zone. */
export async function listAuditLog(db: D1Database, query: AuditQuery, pageSize = AUDIT_PAGE_SIZE, nowSeconds = Math.floor(Date.now() / 1000)): Promise<AuditPage> {
  const range = query.day ? createdBetween("custom", nowSeconds, timeZoneOrUtc(query.tz), query.day, query.day) : {};
  const where = `(?1 IS NULL OR action = ?1) AND (?2 IS NULL OR created_at >= ?2) AND (?3 IS NULL OR created_at < ?3)`;
  const filters = [query.action ?? null, range.from ?? null, range.to ?? null];
  const [counted, listed] = await db.batch<AuditEntry & { n: number }>([
    db.prepare(`SELECT count(*) AS n FROM audit_log WHERE ${where}`).bind(...filters),
    db
      .prepare(`SELECT ${ENTRY_COLUMNS} FROM audit_log WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ?4 OFFSET ?5`)
      .bind(...filters, pageSize, (query.page - 1) * pageSize),
  ]);
  const total = counted!.results[0]?.n ?? 0;
  return { entries: listed!.results, total, page: query.page, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The latest entries of one action or of all (the dashboard's lists): no count, unlike a page of the log. */
export async function latestAuditEntries(db: D1Database, limit: number, action?: AuditAction): Promise<AuditEntry[]> {
  const { results } = await db
    .prepare(`SELECT ${ENTRY_COLUMNS} FROM audit_log WHERE ?1 IS NULL OR action = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2`)
    .bind(action ?? null, limit)
    .all<AuditEntry>();
  return results;
}

/** How many entries of `action` came since `userId` last opened the notifications. */
export async function countAuditEventsSinceSeen(db: D1Database, action: AuditAction, userId: number): Promise<number> {
  const row = await db
    .prepare(
      `SELECT count(*) AS n FROM audit_log
       WHERE action = ?1 AND created_at > coalesce((SELECT notifications_seen_at FROM admin_users WHERE id = ?2), 0)`,
    )
    .bind(action, userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The log keeps what is younger than this... */
export const AUDIT_LOG_MAX_DAYS = 180;
/** ...and at most this many entries, the newest. */
export const AUDIT_LOG_MAX_ROWS = 20_000;

/**
 * Run by the upkeep cron: deletes entries older than AUDIT_LOG_MAX_DAYS and those beyond the
 * newest AUDIT_LOG_MAX_ROWS, so that a scripted flood of failed sign-ins cannot grow the table
 * without end. Returns how many went.
 */
export async function pruneAuditLog(db: D1Database, nowSeconds = Math.floor(Date.now() / 1000), maxDays = AUDIT_LOG_MAX_DAYS, maxRows = AUDIT_LOG_MAX_ROWS): Promise<number> {
  const [byAge, byCount] = await db.batch([
    db.prepare(`DELETE FROM audit_log WHERE created_at < ?1`).bind(nowSeconds - maxDays * 86_400),
    db.prepare(`DELETE FROM audit_log WHERE id <= (SELECT id FROM audit_log ORDER BY id DESC LIMIT 1 OFFSET ?1)`).bind(maxRows),
  ]);
  return (byAge!.meta.changes ?? 0) + (byCount!.meta.changes ?? 0);
}
