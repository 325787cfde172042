import { and, count, desc, eq, gt, gte, lt, lte, sql } from "drizzle-orm";
import { database, type Database } from "~/db/client.server";
import { adminUsers, auditLog, type AuditLogEntry } from "~/db/schema";
import { AUDIT_PAGE_SIZE, AUDIT_TEXT_MAX, type AuditAction, type AuditQuery } from "~/lib/admin/audit-actions";
import { createdBetween } from "~/lib/admin/export-options";
import { timeZoneOrUtc } from "~/lib/business/time-zone";
import { staffShownName } from "./auth.server";
import { clientAddress } from "./rate-limit.server";

/**
 * Who did it: a staff member's request (their name, or the name tried at a failed sign-in, and
 * the address it came from), or the import queue or the mail outbox, which act for no request.
 */
export type AuditActor = { request: Request; name: string } | "import-queue" | "mail-queue";

export interface AuditDetails {
  /** What it was done to, as shown then: a business's name, a file name, a message's subject. */
  subject?: string | null;
  /** A short line of figures or fields. */
  detail?: string | null;
}

/** Long enough for any name the back office shows; a failed sign-in's typed name is cut here too. */
const cut = (text: string | null | undefined) => (text == null ? null : text.slice(0, AUDIT_TEXT_MAX));

/**
 * Records one action in the audit log. A failure to record is logged and swallowed, because the
 * action it describes has already happened and must not be reported failed (or retried by the
 * queue) for its log line.
 */
export async function recordAuditEvent(d1: D1Database, action: AuditAction, by: AuditActor, details: AuditDetails = {}): Promise<void> {
  await recordAuditEvents(d1, by, [{ action, ...details }]);
}

/** Several actions by one actor in one write; a failure is logged and swallowed, as recordAuditEvent's. */
export async function recordAuditEvents(d1: D1Database, by: AuditActor, events: readonly AuditEvent[]): Promise<void> {
  const inserts = auditLogInserts(database(d1), by, events);
  if (inserts.length === 0) return;
  try {
    await database(d1).batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  } catch (error) {
    console.error(`audit log: recording ${events.map((event) => event.action).join(", ")} failed`, error);
  }
}

export type AuditEvent = { action: AuditAction } & AuditDetails;

/**
 * The statements that record `events` by `by`: the one writer of `audit_log`, run on their own
 * or in the batch of what they record (a moderation decision's log lines commit with it).
 */
export function auditLogInserts(db: Database, by: AuditActor, events: readonly AuditEvent[]) {
  const actor = typeof by === "string" ? null : cut(by.name);
  const address = typeof by === "string" ? null : clientAddress(by.request);
  const rows = events.map(({ action, subject, detail }) => ({ action, actor, address, subject: cut(subject), detail: cut(detail) }));
  // D1 binds at most 100 values to a statement: 20 rows of five.
  const inserts = [];
  for (let start = 0; start < rows.length; start += 20) inserts.push(db.insert(auditLog).values(rows.slice(start, start + 20)));
  return inserts;
}

/** An entry as the screens show it: its row. */
export type AuditEntry = AuditLogEntry;

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  totalPages: number;
}

const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)];

/** Newest first, filtered by action, by who did it (audit_log_actor) and by a day in the admin's zone. */
export async function listAuditLog(d1: D1Database, query: AuditQuery, pageSize = AUDIT_PAGE_SIZE, nowSeconds = Math.floor(Date.now() / 1000)): Promise<AuditPage> {
  const db = database(d1);
  const range = query.day ? createdBetween("custom", nowSeconds, timeZoneOrUtc(query.tz), query.day, query.day) : {};
  const where = and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.actor ? eq(auditLog.actor, query.actor) : undefined,
    range.from != null ? gte(auditLog.createdAt, range.from) : undefined,
    range.to != null ? lt(auditLog.createdAt, range.to) : undefined,
  );
  const [[counted], entries] = await db.batch([
    db.select({ n: count() }).from(auditLog).where(where),
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
  ]);
  const total = counted?.n ?? 0;
  return { entries, total, page: query.page, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The staff's names as the log records them (the display name, else the username), in Turkish alphabetical order: the log's "Kişi" filter. */
export async function listStaffNames(d1: D1Database): Promise<string[]> {
  const rows = await database(d1).select({ name: staffShownName }).from(adminUsers);
  // Sorted here: SQLite's collations order by bytes or ASCII case, not as the alphabet does (Ç, İ, Ş).
  return rows.map((row) => row.name).sort((a, b) => a.localeCompare(b, "tr"));
}

/** The latest entries of one action or of all (the dashboard's lists): no count, unlike a page of the log. */
export async function latestAuditEntries(d1: D1Database, limit: number, action?: AuditAction): Promise<AuditEntry[]> {
  return database(d1)
    .select()
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(...newestFirst)
    .limit(limit);
}

/** How many entries of `action` came since `userId` last opened the notifications. */
export async function countAuditEventsSinceSeen(d1: D1Database, action: AuditAction, userId: number): Promise<number> {
  const db = database(d1);
  const seenAt = db.select({ seenAt: adminUsers.notificationsSeenAt }).from(adminUsers).where(eq(adminUsers.id, userId));
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), gt(auditLog.createdAt, sql`coalesce(${seenAt}, 0)`)));
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
export async function pruneAuditLog(d1: D1Database, nowSeconds = Math.floor(Date.now() / 1000), maxDays = AUDIT_LOG_MAX_DAYS, maxRows = AUDIT_LOG_MAX_ROWS): Promise<number> {
  const db = database(d1);
  const oldestKept = db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1).offset(maxRows);
  const [byAge, byCount] = await db.batch([
    db.delete(auditLog).where(lt(auditLog.createdAt, nowSeconds - maxDays * 86_400)),
    db.delete(auditLog).where(lte(auditLog.id, oldestKept)),
  ]);
  return (byAge.meta.changes ?? 0) + (byCount.meta.changes ?? 0);
}
