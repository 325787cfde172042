import { and, count, desc, eq, gte, sql, type SQLWrapper } from "drizzle-orm";
import { database } from "~/db/client.server";
import { members, moderationItems, type ModerationItem } from "~/db/schema";
import { FIGURE_DAYS, MEMBER_SCAN_LIMIT, PENDING_AGE_LIMITS, PENDING_AGES, windowDays, windowStart, type PendingAge } from "~/lib/admin/figures";
import { MODERATION_KINDS, type ModerationKind } from "~/lib/listings/moderation";

export interface DayCount {
  /** A UTC day, "YYYY-MM-DD". */
  day: string;
  count: number;
}

export interface DayDecisions {
  day: string;
  approved: number;
  rejected: number;
}

export interface DeciderDecisions {
  /** moderation_items.decided_by: the staff member's name, or "auto" (deciderLabel says "Otomatik"). */
  decidedBy: string | null;
  approved: number;
  rejected: number;
}

/** What the platform counts of its moderation, members and submitted listings (dashboard "Moderasyon", /admin/reports). */
export interface ModerationFigures {
  /** The UTC days covered, oldest first (FIGURE_DAYS of them, today last). */
  days: string[];
  pending: {
    total: number;
    /** Every kind, in MODERATION_KINDS order, 0 included. */
    byKind: { kind: ModerationKind; count: number }[];
    /** Every age, in PENDING_AGES order, counted from created_at to now. */
    byAge: { age: PendingAge; count: number }[];
  };
  /** Decisions made in the days covered (decided_at). */
  decisions: {
    approved: number;
    rejected: number;
    /** approved / (approved + rejected); null without decisions. */
    approvalRate: number | null;
    /** Median of decided_at − created_at, in seconds; null without decisions. */
    medianSeconds: number | null;
    perDay: DayDecisions[];
    /** Most decisions first. */
    byDecider: DeciderDecisions[];
  };
  /** Sign-ups per day (members.created_at); `capped` when MEMBER_SCAN_LIMIT was reached, so the oldest days may count too few. */
  newMembers: { total: number; perDay: DayCount[]; capped: boolean };
  /** Listings members submitted per day (the queue item each /submit writes, moderation_items kind "listing"). */
  newListings: { total: number; perDay: DayCount[] };
}

// The query builder has no date function: the UTC day of a unix time, as SQLite writes it.
const dayOf = (time: SQLWrapper) => sql<string>`strftime('%Y-%m-%d', ${time}, 'unixepoch')`;

function zeroFilled(days: string[], rows: { day: string; count: number }[][]): DayCount[] {
  const byDay = new Map<string, number>();
  for (const row of rows.flat()) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.count);
  return days.map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

type DecisionStatus = Exclude<ModerationItem["status"], "pending">;

/**
 * The figures over the FIGURE_DAYS UTC days that end today, in one batch. Every part reads an
 * index range: pending items through moderation_items_queue (status first), decisions through
 * the partial moderation_items_decided (decided_at ≥ the window's start). A listing submitted in
 * the window is either still pending or was decided in it (decided_at ≥ created_at), so the two
 * ranges find every one without reading older items. Members: see MEMBER_SCAN_LIMIT.
 */
export async function getModerationFigures(
  d1: D1Database,
  { nowSeconds = Math.floor(Date.now() / 1000), memberScanLimit = MEMBER_SCAN_LIMIT }: { nowSeconds?: number; memberScanLimit?: number } = {},
): Promise<ModerationFigures> {
  const db = database(d1);
  const since = windowStart(nowSeconds, FIGURE_DAYS);
  const days = windowDays(nowSeconds, FIGURE_DAYS);
  const m = moderationItems;
  const pending = eq(m.status, "pending");
  // decided_at alone: a decided item is approved or rejected, and a test of status as well would
  // lead SQLite to moderation_items_queue (status first) and every decision ever made.
  const decidedInWindow = gte(m.decidedAt, since);

  // The builder has no CASE: the age bucket of a pending item, by its wait until now.
  const age = sql<PendingAge>`CASE
    WHEN ${nowSeconds} - ${m.createdAt} < ${PENDING_AGE_LIMITS["under-1d"]} THEN 'under-1d'
    WHEN ${nowSeconds} - ${m.createdAt} < ${PENDING_AGE_LIMITS["1-3d"]} THEN '1-3d'
    WHEN ${nowSeconds} - ${m.createdAt} < ${PENDING_AGE_LIMITS["3-7d"]} THEN '3-7d'
    ELSE 'over-7d' END`;
  const decidedDay = dayOf(m.decidedAt);
  const createdDay = dayOf(m.createdAt);

  // The builder has no window functions: each decision's wait, its rank by wait and their number.
  const wait = sql<number>`${m.decidedAt} - ${m.createdAt}`;
  const ranked = db
    .select({
      wait: wait.as("wait"),
      position: sql<number>`row_number() OVER (ORDER BY ${wait})`.as("position"),
      total: sql<number>`count(*) OVER ()`.as("total"),
    })
    .from(m)
    .where(decidedInWindow)
    .as("ranked");

  const newest = db.select({ createdAt: members.createdAt }).from(members).orderBy(desc(members.id)).limit(memberScanLimit).as("newest");
  const memberDay = dayOf(newest.createdAt);

  const [pendingRows, decisionDays, deciders, [median], pendingListings, decidedListings, memberDays] = await db.batch([
    db.select({ kind: m.kind, age, count: count() }).from(m).where(pending).groupBy(m.kind, age),
    db.select({ day: decidedDay, status: m.status, count: count() }).from(m).where(decidedInWindow).groupBy(decidedDay, m.status),
    db.select({ decidedBy: m.decidedBy, status: m.status, count: count() }).from(m).where(decidedInWindow).groupBy(m.decidedBy, m.status),
    // The middle wait, or the mean of the two middle ones.
    db
      .select({ seconds: sql<number | null>`avg(${ranked.wait})` })
      .from(ranked)
      .where(sql`${ranked.position} IN ((${ranked.total} + 1) / 2, (${ranked.total} + 2) / 2)`),
    db.select({ day: createdDay, count: count() }).from(m).where(and(pending, eq(m.kind, "listing"), gte(m.createdAt, since))).groupBy(createdDay),
    db.select({ day: createdDay, count: count() }).from(m).where(and(decidedInWindow, eq(m.kind, "listing"), gte(m.createdAt, since))).groupBy(createdDay),
    db.select({ day: memberDay, count: count() }).from(newest).where(gte(newest.createdAt, since)).groupBy(memberDay),
  ]);

  const byKind = new Map<string, number>();
  const byAge = new Map<string, number>();
  for (const row of pendingRows) {
    byKind.set(row.kind, (byKind.get(row.kind) ?? 0) + row.count);
    byAge.set(row.age, (byAge.get(row.age) ?? 0) + row.count);
  }

  const perDay = new Map<string, DayDecisions>(days.map((day) => [day, { day, approved: 0, rejected: 0 }]));
  const totals: Record<DecisionStatus, number> = { approved: 0, rejected: 0 };
  for (const row of decisionDays) {
    if (row.status === "pending") continue;
    totals[row.status] += row.count;
    const day = perDay.get(row.day);
    if (day) day[row.status] += row.count;
  }

  const byDecider = new Map<string | null, DeciderDecisions>();
  for (const row of deciders) {
    if (row.status === "pending") continue;
    const decider = byDecider.get(row.decidedBy) ?? { decidedBy: row.decidedBy, approved: 0, rejected: 0 };
    decider[row.status] += row.count;
    byDecider.set(row.decidedBy, decider);
  }

  const decided = totals.approved + totals.rejected;
  const listings = zeroFilled(days, [pendingListings, decidedListings]);
  const signUps = zeroFilled(days, [memberDays]);
  const signUpTotal = signUps.reduce((sum, day) => sum + day.count, 0);
  return {
    days,
    pending: {
      total: pendingRows.reduce((sum, row) => sum + row.count, 0),
      byKind: MODERATION_KINDS.map((kind) => ({ kind, count: byKind.get(kind) ?? 0 })),
      byAge: PENDING_AGES.map((age) => ({ age, count: byAge.get(age) ?? 0 })),
    },
    decisions: {
      ...totals,
      approvalRate: decided ? totals.approved / decided : null,
      medianSeconds: median?.seconds ?? null,
      perDay: [...perDay.values()],
      byDecider: [...byDecider.values()].sort((a, b) => b.approved + b.rejected - (a.approved + a.rejected) || (a.decidedBy ?? "").localeCompare(b.decidedBy ?? "", "tr")),
    },
    newMembers: { total: signUpTotal, perDay: signUps, capped: signUpTotal >= memberScanLimit },
    newListings: { total: listings.reduce((sum, day) => sum + day.count, 0), perDay: listings },
  };
}
