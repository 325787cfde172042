import { itemJson } from "~/lib/listings/moderation";
import { and, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { database, refusedByGuard, type Database } from "~/db/client.server";
import { businesses, members, memberSanctions, memberSessions, memberSignInCodes, moderationItems, reviews, type ModerationItem } from "~/db/schema";
import { SITE_NAME } from "~/lib/directory/seo";
import { businessApiPath, businessPath } from "~/lib/directory/sitemap-xml";
import { escapeHtml, type MailMessage } from "~/lib/email/mail-message";
import { appealClosesAt, APPEAL_DAYS, dayOf, SANCTION_LEVEL_WORDS, type SanctionInput, type SanctionLevel } from "~/lib/members/sanctions";
import { constantTimeEqual, keyedHash } from "~/lib/web/session-token";
import { maySanction } from "~/lib/admin/staff";
import { recordAuditEvent } from "./audit-log.server";
import type { StaffMember } from "./auth.server";
import { markPagesChanged } from "./cache.server";
import { mailOutboxInsert, queueMailDelivery } from "./mail-outbox.server";
import { reviewPages } from "./review.server";

/**
 * Sanctions of members (issue 51), given by an administrator: a warning (an e-mail only); a
 * suspension for some days (no posting, editing, claiming, replying or reporting while it lasts:
 * every member write path asks activeSuspension, app/models/review.server.ts); a termination (the
 * account is closed: its sessions end, no sign-in opens one, its reviews are unpublished and its
 * ownerships and waiting claims and changes end). Each is e-mailed to the member and recorded in
 * the audit log, as is its lifting. A member may appeal a sanction once within APPEAL_DAYS: the
 * appeal waits in the moderation queue (kind "appeal"), and approving it lifts the sanction.
 */

export type Sanction = typeof memberSanctions.$inferSelect;
type Statement = BatchItem<"sqlite">;

const now = () => Math.floor(Date.now() / 1000);
const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

/** What a review of a terminated member reads as its reason (the author sees it). */
export const TERMINATED_REVIEW_REASON = "The author's account was closed";

const AUDIT_ACTION_OF = { warning: "member.warned", suspension: "member.suspended", termination: "member.terminated" } as const;

function paragraphs(lines: readonly string[]): { text: string; html: string } {
  return {
    text: [...lines, SITE_NAME].join("\n\n"),
    html: [...lines, SITE_NAME].map((line) => `<p style="white-space:pre-wrap">${escapeHtml(line)}</p>`).join(""),
  };
}

/** The signed token of a sanction's appeal link (a terminated member cannot sign in to appeal). */
export async function appealToken(env: Pick<Env, "SESSION_SECRET">, sanctionId: number): Promise<string> {
  return keyedHash(env.SESSION_SECRET, `sanction-appeal:${sanctionId}`);
}

export async function appealTokenIsRight(env: Pick<Env, "SESSION_SECRET">, sanctionId: number, token: string): Promise<boolean> {
  return constantTimeEqual(token, await appealToken(env, sanctionId));
}

/** The appeal link of a termination e-mail: a page that takes the appeal without a session. */
export async function appealLink(env: Pick<Env, "SESSION_SECRET" | "SITE_URL">, sanctionId: number): Promise<string> {
  return new URL(`/account/appeal?sanction=${sanctionId}&token=${encodeURIComponent(await appealToken(env, sanctionId))}`, env.SITE_URL).toString();
}

async function sanctionMail(env: Pick<Env, "SESSION_SECRET" | "SITE_URL">, to: string, sanction: { id: number; level: SanctionLevel; reason: string; endsAt: number | null }): Promise<MailMessage> {
  const account = new URL("/account", env.SITE_URL).toString();
  const appealBy = `You may appeal once within ${APPEAL_DAYS} days`;
  if (sanction.level === "warning") {
    return {
      to,
      subject: `A warning about your ${SITE_NAME} account`,
      ...paragraphs([`A moderator of ${SITE_NAME} warned you about your account.`, `The reason: ${sanction.reason}`, `${appealBy} from your account page: ${account}`]),
    };
  }
  if (sanction.level === "suspension") {
    const until = dayOf(sanction.endsAt!);
    return {
      to,
      subject: `Your ${SITE_NAME} account is suspended until ${until}`,
      ...paragraphs([
        `A moderator suspended your account until ${until} (${iso(sanction.endsAt)}). Until then you cannot post, edit, claim a listing, reply or report; you can still sign in and read.`,
        `The reason: ${sanction.reason}`,
        `${appealBy} from your account page: ${account}`,
      ]),
    };
  }
  return {
    to,
    subject: `Your ${SITE_NAME} account was closed`,
    ...paragraphs([
      `A moderator closed your account: you can no longer sign in, your reviews are no longer published and you no longer manage any listing.`,
      `The reason: ${sanction.reason}`,
      `${appealBy} by opening this link: ${await appealLink(env, sanction.id)}`,
    ]),
  };
}

function liftedMail(to: string, level: SanctionLevel): MailMessage {
  const what = SANCTION_LEVEL_WORDS[level];
  const after = level === "termination" ? "You can sign in again; reviews unpublished when the account was closed stay unpublished." : level === "suspension" ? "You can post again." : "It no longer stands on your account.";
  return { to, subject: `The ${what} of your ${SITE_NAME} account was lifted`, ...paragraphs([`A moderator lifted the ${what} of your account.`, after]) };
}

export type SanctionOutcome =
  | { kind: "sanctioned"; sanction: { id: number; level: SanctionLevel; endsAt: string | null } }
  | { kind: "not-found" }
  | { kind: "terminated" }
  | { kind: "forbidden" };

/**
 * Gives member `memberId` a sanction: the row, its effects (a termination's, below) and the
 * member's e-mail commit in one batch; then the audit log and the cached pages it changed.
 * A terminated member takes no other sanction (lift the termination first).
 */
export async function sanctionMember(env: Env, request: Request, staff: Pick<StaffMember, "name" | "role">, memberId: number, input: SanctionInput): Promise<SanctionOutcome> {
  if (!maySanction(staff.role, input.level)) return { kind: "forbidden" };
  const staffName = staff.name;
  const db = database(env.DB);
  const member = await db.select({ id: members.id, email: members.email, status: members.status }).from(members).where(eq(members.id, memberId)).get();
  if (!member) return { kind: "not-found" };
  if (member.status === "terminated") return { kind: "terminated" };
  const at = now();
  const endsAt = input.level === "suspension" ? at + input.days! * 86_400 : null;
  const [inserted] = await db.insert(memberSanctions).values({ memberId, level: input.level, reason: input.reason, endsAt, createdBy: staffName, createdAt: at }).returning({ id: memberSanctions.id });
  const sanction = { id: inserted!.id, level: input.level, reason: input.reason, endsAt };
  const mail = mailOutboxInsert(db, await sanctionMail(env, member.email, sanction));
  let changedPages: string[] = [];
  let results: readonly unknown[];
  if (input.level === "termination") {
    const ended = await terminationEffects(db, member, input.reason);
    changedPages = ended.pages;
    try {
      results = await db.batch([...ended.statements, mail] as unknown as Parameters<typeof db.batch>[0]);
    } catch (error) {
      // Nothing of the termination happened: its row goes too.
      await db.delete(memberSanctions).where(eq(memberSanctions.id, sanction.id));
      throw error;
    }
  } else {
    results = [await mail];
  }
  await queueMailDelivery(env, results[results.length - 1] as { id: number }[]);
  await recordAuditEvent(env.DB, AUDIT_ACTION_OF[input.level], { request, name: staffName }, {
    subject: member.email,
    detail: `#${sanction.id}${endsAt ? ` · ${input.days} gün (${dayOf(endsAt)})` : ""}: ${input.reason}`,
  });
  if (changedPages.length) await markPagesChanged(env.DB, changedPages);
  return { kind: "sanctioned", sanction: { id: sanction.id, level: sanction.level, endsAt: iso(endsAt) } };
}

/**
 * A termination's writes: the account closed and its sessions and live codes ended; its reviews
 * unpublished (rejected with a reason, so the triggers take them out of the summaries) and its
 * waiting reviews, replies, claims and changes out of the queue; the listings it owns without an
 * owner (their waiting replies dropped). Answers them with the pages they change.
 */
async function terminationEffects(db: Database, member: { id: number; email: string }, reason: string): Promise<{ statements: Statement[]; pages: string[] }> {
  const [owned, reviewed] = await Promise.all([
    db.select({ slug: businesses.slug }).from(businesses).where(eq(businesses.ownerId, member.id)),
    db.select({ slug: businesses.slug }).from(reviews).innerJoin(businesses, eq(businesses.id, reviews.businessId)).where(and(eq(reviews.memberId, member.id), eq(reviews.status, "published"))),
  ]);
  const at = now();
  const statements: Statement[] = [
    db.update(members).set({ status: "terminated" }).where(eq(members.id, member.id)),
    db.delete(memberSessions).where(eq(memberSessions.memberId, member.id)),
    db.delete(memberSignInCodes).where(or(eq(memberSignInCodes.email, member.email), eq(memberSignInCodes.memberId, member.id))!),
    db
      .update(reviews)
      .set({ status: "rejected", reason: `${TERMINATED_REVIEW_REASON}: ${reason}`.slice(0, 1100), pendingEdit: null, updatedAt: at })
      .where(and(eq(reviews.memberId, member.id), ne(reviews.status, "rejected"))),
    db.delete(moderationItems).where(and(eq(moderationItems.memberId, member.id), eq(moderationItems.status, "pending"), inArray(moderationItems.kind, ["claim", "change", "review", "reply"]))),
    // Replies waiting under the listings they owned would speak for an owner who is no more.
    db.update(reviews).set({ replyPendingText: null }).where(sql`reviews.business_id IN (SELECT b.id FROM businesses AS b WHERE b.owner_id = ${member.id})`),
    db.update(businesses).set({ ownerId: null }).where(eq(businesses.ownerId, member.id)),
  ];
  const pages = [...new Set([...owned.flatMap(({ slug }) => [businessPath(slug), businessApiPath(slug)]), ...reviewed.flatMap(({ slug }) => reviewPages(slug))])];
  return { statements, pages };
}

/** The writes that lift a sanction: the row marked lifted, and a closed account open again (its reviews stay unpublished). */
function liftStatements(db: Database, sanction: Pick<Sanction, "id" | "memberId" | "level">, by: string): Statement[] {
  const statements: Statement[] = [db.update(memberSanctions).set({ liftedAt: now(), liftedBy: by }).where(and(eq(memberSanctions.id, sanction.id), isNull(memberSanctions.liftedAt)))];
  if (sanction.level === "termination") {
    statements.push(
      db
        .update(members)
        .set({ status: "active" })
        .where(
          and(
            eq(members.id, sanction.memberId),
            eq(members.status, "terminated"),
            sql`NOT EXISTS (SELECT 1 FROM member_sanctions AS s WHERE s.member_id = ${sanction.memberId} AND s.level = 'termination' AND s.lifted_at IS NULL)`,
          ),
        ),
    );
  }
  return statements;
}

/** Fails the batch it leads when the sanction was lifted meanwhile (json() of a text that is not JSON throws). */
function notLiftedGuard(db: Database, sanctionId: number) {
  return db.select({ ok: sql<number>`CASE WHEN ${memberSanctions.liftedAt} IS NULL THEN 1 ELSE json('sanction already lifted') END` }).from(memberSanctions).where(eq(memberSanctions.id, sanctionId));
}

export type LiftOutcome = { kind: "lifted" } | { kind: "not-found" } | { kind: "already-lifted" } | { kind: "ended" } | { kind: "forbidden" };

/** Lifts a member's sanction once (a suspension already over has nothing to lift); e-mailed and in the audit log. */
export async function liftSanction(env: Env, request: Request, staff: Pick<StaffMember, "name" | "role">, memberId: number, sanctionId: number): Promise<LiftOutcome> {
  const staffName = staff.name;
  const db = database(env.DB);
  const found = await db
    .select({ sanction: memberSanctions, email: members.email })
    .from(memberSanctions)
    .innerJoin(members, eq(members.id, memberSanctions.memberId))
    .where(and(eq(memberSanctions.id, sanctionId), eq(memberSanctions.memberId, memberId)))
    .get();
  if (!found) return { kind: "not-found" };
  const { sanction } = found;
  if (!maySanction(staff.role, sanction.level)) return { kind: "forbidden" };
  if (sanction.liftedAt !== null) return { kind: "already-lifted" };
  if (sanction.level === "suspension" && sanction.endsAt !== null && sanction.endsAt <= now()) return { kind: "ended" };
  let results: readonly unknown[];
  try {
    results = await db.batch([notLiftedGuard(db, sanction.id), ...liftStatements(db, sanction, staffName), mailOutboxInsert(db, liftedMail(found.email, sanction.level))] as unknown as Parameters<typeof db.batch>[0]);
  } catch (error) {
    if (refusedByGuard(error)) return { kind: "already-lifted" };
    throw error;
  }
  await queueMailDelivery(env, results[results.length - 1] as { id: number }[]);
  await recordAuditEvent(env.DB, "member.sanction-lifted", { request, name: staffName }, { subject: found.email, detail: `#${sanction.id} ${sanction.level}` });
  return { kind: "lifted" };
}

export type AppealOutcome =
  | { kind: "appealed"; appeal: { id: number; sanctionId: number; status: "pending" } }
  | { kind: "not-found" }
  | { kind: "already-appealed" }
  | { kind: "lifted" }
  | { kind: "too-late"; closedAt: string };

/**
 * The member's appeal of their sanction: once, within APPEAL_DAYS of it, while it stands. The
 * text is kept on the sanction and the appeal enters the moderation queue (kind "appeal", no
 * business), both in one batch that a second appeal racing with it cannot also pass.
 */
export async function appealSanction(env: Env, memberId: number, sanctionId: number, text: string): Promise<AppealOutcome> {
  const db = database(env.DB);
  const sanction = await db.select().from(memberSanctions).where(and(eq(memberSanctions.id, sanctionId), eq(memberSanctions.memberId, memberId))).get();
  if (!sanction) return { kind: "not-found" };
  if (sanction.appealedAt !== null) return { kind: "already-appealed" };
  if (sanction.liftedAt !== null) return { kind: "lifted" };
  const at = now();
  if (at > appealClosesAt(sanction.createdAt)) return { kind: "too-late", closedAt: iso(appealClosesAt(sanction.createdAt))! };
  const guard = db
    .select({ ok: sql<number>`CASE WHEN ${memberSanctions.appealedAt} IS NULL THEN 1 ELSE json('sanction already appealed') END` })
    .from(memberSanctions)
    .where(eq(memberSanctions.id, sanctionId));
  try {
    const [, , [item]] = await db.batch([
      guard,
      db.update(memberSanctions).set({ appealText: text, appealedAt: at }).where(and(eq(memberSanctions.id, sanctionId), isNull(memberSanctions.appealedAt))),
      db
        .insert(moderationItems)
        .values({ kind: "appeal", memberId, businessId: null, details: JSON.stringify({ sanctionId, level: sanction.level, reason: sanction.reason, text }) })
        .returning({ id: moderationItems.id }),
    ]);
    return { kind: "appealed", appeal: { id: item!.id, sanctionId, status: "pending" } };
  } catch (error) {
    if (refusedByGuard(error)) return { kind: "already-appealed" };
    throw error;
  }
}

/** The member a valid appeal link stands for, with the sanction's state: for the signed-out appeal page. */
export async function sanctionOfAppealLink(env: Env, sanctionId: number, token: string): Promise<{ memberId: number; level: SanctionLevel; reason: string; appealed: boolean; lifted: boolean; closesAt: number } | null> {
  if (!(await appealTokenIsRight(env, sanctionId, token))) return null;
  const sanction = await database(env.DB).select().from(memberSanctions).where(eq(memberSanctions.id, sanctionId)).get();
  if (!sanction) return null;
  return { memberId: sanction.memberId, level: sanction.level, reason: sanction.reason, appealed: sanction.appealedAt !== null, lifted: sanction.liftedAt !== null, closesAt: appealClosesAt(sanction.createdAt) };
}

function appealDecisionMail(to: string, level: SanctionLevel, approved: boolean, reason: string | null): MailMessage {
  const what = SANCTION_LEVEL_WORDS[level];
  return approved
    ? { to, subject: `Your appeal was approved: the ${what} of your account is lifted`, ...paragraphs([`A moderator approved your appeal against the ${what} of your account: it is lifted.`, level === "termination" ? "You can sign in again; reviews unpublished when the account was closed stay unpublished." : "Thank you for your patience."]) }
    : { to, subject: `Your appeal against the ${what} of your account was not approved`, ...paragraphs([`A moderator reviewed your appeal against the ${what} of your account and kept it.`, `The moderator's reason: ${reason ?? ""}`]) };
}

/**
 * An appeal's decision, for decideModerationItem (app/models/moderation.server.ts): approving
 * lifts the sanction (if it still stands), rejecting keeps it; the member's e-mail says which.
 * Null when the sanction is gone.
 */
export async function appealDecision(env: Env, item: ModerationItem, email: string | null, decision: { approve: boolean; reason: string | null }, staffName: string): Promise<{ effects: Statement[]; mail: MailMessage[]; lifts: { id: number; level: SanctionLevel } | null } | null> {
  const db = database(env.DB);
  const sanctionId = Number(itemJson<{ sanctionId?: unknown }>(item.details, {}).sanctionId);
  if (!Number.isInteger(sanctionId)) return null;
  const sanction = await db.select().from(memberSanctions).where(eq(memberSanctions.id, sanctionId)).get();
  if (!sanction) return null;
  const lifts = decision.approve && sanction.liftedAt === null;
  return {
    effects: lifts ? liftStatements(db, sanction, staffName) : [],
    mail: email ? [appealDecisionMail(email, sanction.level, decision.approve, decision.reason)] : [],
    lifts: lifts ? { id: sanction.id, level: sanction.level } : null,
  };
}

/** A sanction as the account page shows it to its member. */
export interface AccountSanction {
  id: number;
  level: SanctionLevel;
  reason: string;
  createdAt: string;
  endsAt: string | null;
  appealedAt: string | null;
  /** Until when it may be appealed (once). */
  appealClosesAt: string;
  appealable: boolean;
}

/** The member's sanctions that stand: a suspension still running, or any not lifted whose appeal window is open. */
export async function accountSanctions(d1: D1Database, memberId: number): Promise<AccountSanction[]> {
  const at = now();
  const rows = await database(d1)
    .select()
    .from(memberSanctions)
    .where(and(eq(memberSanctions.memberId, memberId), isNull(memberSanctions.liftedAt)))
    .orderBy(desc(memberSanctions.id))
    .limit(20);
  return rows
    .filter((row) => (row.level === "suspension" && (row.endsAt ?? 0) > at) || appealClosesAt(row.createdAt) >= at)
    .map((row) => ({
      id: row.id,
      level: row.level,
      reason: row.reason,
      createdAt: iso(row.createdAt)!,
      endsAt: iso(row.endsAt),
      appealedAt: iso(row.appealedAt),
      appealClosesAt: iso(appealClosesAt(row.createdAt))!,
      appealable: row.appealedAt === null && appealClosesAt(row.createdAt) >= at,
    }));
}
