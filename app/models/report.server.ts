import { itemJson } from "~/lib/listings/moderation";
import { eq } from "drizzle-orm";
import { database } from "~/db/client.server";
import { businesses, members, reviews, type ModerationItem } from "~/db/schema";
import { SITE_NAME } from "~/lib/directory/seo";
import { escapeHtml, oneLine, type MailMessage } from "~/lib/email/mail-message";
import { REPORT_NOTES_KEPT, type ReportInput } from "~/lib/reviews/reply-report-fields";
import { REPORT_REASONS, REPORTS_TO_HIDE, type ReportReason } from "~/lib/reviews/review-fields";
import { markPagesChanged } from "./cache.server";
import type { Member } from "./member.server";
import { reviewExcerpt } from "./review-reply.server";
import { activeSuspension, reviewPages, type Suspended } from "./review.server";

/**
 * Members' reports of a review or a listing (issue 51): one per member and item (the
 * reports_member_target index), gathered into ONE pending moderation item of kind "report" per
 * reported item (details: targetKind, targetId, count, reasons { reason: n }, the newest notes).
 * A published review reported by REPORTS_TO_HIDE different members is hidden (status "hidden":
 * off the page and out of the summary, by the triggers) until a moderator decides.
 *
 * Deciding: approving says "the report is right": a reported review is rejected with the
 * moderator's reason (the reviewer is told); a reported listing is unapproved (taken off the
 * public site) when its most-reported reason is "fake" or "closed", and otherwise only the item
 * closes (wrong information, offence, conflict of interest: the moderator corrects the listing or
 * writes to its owner by hand). Rejecting says "the item is fine": a hidden review is published
 * again. Either decision starts the review's count of reports again.
 */

export type ReportTargetKind = "review" | "business";
export type ReportOutcome = { kind: "reported" } | { kind: "not-found" } | { kind: "conflict" } | Suspended;

/** Most-reported reasons that take a listing off the site when a moderator agrees. */
const UNLISTING_REASONS: readonly ReportReason[] = ["fake", "closed"];
const DEFAULT_REMOVAL_REASON = "Members reported it, and a moderator found that it breaks our review guidelines.";

/**
 * The report and its queue item in one batch: the report (a second one by the member fails the
 * batch on the unique index), the review's count (hiding it at REPORTS_TO_HIDE), then the pending
 * item of the target updated, or created when there is none, so that concurrent reports still
 * make one item.
 */
async function fileReport(env: Env, member: Member, target: { kind: ReportTargetKind; id: number; businessId: number; excerpt: string | null }, input: ReportInput) {
  const same = `kind = 'report' AND status = 'pending' AND business_id = ?1 AND details ->> 'targetKind' = ?2 AND details ->> 'targetId' = ?3`;
  const reasonPath = `$.reasons."${input.reason}"`;
  const statements = [
    env.DB.prepare(`INSERT INTO reports (member_id, target_kind, target_id, reason, note) VALUES (?1, ?2, ?3, ?4, ?5)`).bind(member.id, target.kind, target.id, input.reason, input.note),
    ...(target.kind === "review"
      ? [
          env.DB.prepare(
            `UPDATE reviews SET report_count = report_count + 1,
               status = CASE WHEN status = 'published' AND report_count + 1 >= ?2 THEN 'hidden' ELSE status END
             WHERE id = ?1 RETURNING status`,
          ).bind(target.id, REPORTS_TO_HIDE),
        ]
      : []),
    env.DB.prepare(
      `UPDATE moderation_items SET details = json_set(details,
         '$.count', coalesce(details ->> 'count', 0) + 1,
         ?4, coalesce(json_extract(details, ?4), 0) + 1,
         '$.notes', json(CASE WHEN ?5 IS NULL THEN coalesce(details -> 'notes', '[]') ELSE (
           SELECT json_group_array(value) FROM (
             SELECT key, value FROM (
               SELECT key, value FROM json_each(json_insert(coalesce(details -> 'notes', '[]'), '$[#]', ?5)) ORDER BY key DESC LIMIT ?6
             ) ORDER BY key)) END))
       WHERE ${same}`,
    ).bind(target.businessId, target.kind, target.id, reasonPath, input.note, REPORT_NOTES_KEPT),
    env.DB.prepare(
      `INSERT INTO moderation_items (kind, business_id, details)
       SELECT 'report', ?1, json_object('targetKind', ?2, 'targetId', ?3, 'count', 1, 'reasons', json_object(?4, 1),
         'notes', json(CASE WHEN ?5 IS NULL THEN '[]' ELSE json_array(?5) END), 'excerpt', ?6)
       WHERE NOT EXISTS (SELECT 1 FROM moderation_items WHERE ${same})`,
    ).bind(target.businessId, target.kind, target.id, input.reason, input.note, target.excerpt),
  ];
  try {
    return { ok: true as const, results: await env.DB.batch<{ status: string }>(statements) };
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { ok: false as const };
    throw error;
  }
}

/** A member's report of a review the public sees (or one hidden by reports). */
export async function reportReview(env: Env, member: Member, id: number, input: ReportInput): Promise<ReportOutcome> {
  const found = await database(env.DB)
    .select({ review: reviews, slug: businesses.slug, isApproved: businesses.isApproved })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(eq(reviews.id, id))
    .get();
  if (!found || !found.isApproved || (found.review.status !== "published" && found.review.status !== "hidden")) return { kind: "not-found" };
  const suspension = await activeSuspension(env.DB, member.id);
  if (suspension) return { kind: "suspended", endsAt: suspension.endsAt };
  const filed = await fileReport(env, member, { kind: "review", id, businessId: found.review.businessId, excerpt: reviewExcerpt(found.review) }, input);
  if (!filed.ok) return { kind: "conflict" };
  const status = filed.results[1]?.results[0]?.status;
  if (found.review.status === "published" && status === "hidden") await markPagesChanged(env.DB, reviewPages(found.slug));
  return { kind: "reported" };
}

/** A member's report of a public listing. */
export async function reportBusiness(env: Env, member: Member, slug: string, input: ReportInput): Promise<ReportOutcome> {
  const business = await database(env.DB).select({ id: businesses.id, isApproved: businesses.isApproved }).from(businesses).where(eq(businesses.slug, slug)).get();
  if (!business || !business.isApproved) return { kind: "not-found" };
  const suspension = await activeSuspension(env.DB, member.id);
  if (suspension) return { kind: "suspended", endsAt: suspension.endsAt };
  const filed = await fileReport(env, member, { kind: "business", id: business.id, businessId: business.id, excerpt: null }, input);
  return filed.ok ? { kind: "reported" } : { kind: "conflict" };
}

interface ReportDetails {
  targetKind?: ReportTargetKind;
  targetId?: number;
  reasons?: Partial<Record<ReportReason, number>>;
}

/** The reason most members gave (a tie goes to the one first in REPORT_REASONS). */
export function mainReason(reasons: Partial<Record<ReportReason, number>>): ReportReason | null {
  let best: ReportReason | null = null;
  for (const reason of REPORT_REASONS) if ((reasons[reason] ?? 0) > 0 && (best === null || reasons[reason]! > reasons[best]!)) best = reason;
  return best;
}

/**
 * A report decision's writes, for decideModerationItem (see the top of this file), the e-mail a
 * removed review's author gets, and whether the listing leaves the public site (`unlisted`: its
 * category, city and country pages change too). A target gone meanwhile leaves nothing to write,
 * and the item closes.
 */
export async function reportEffects(env: Env, item: ModerationItem, decision: { approve: boolean; reason: string | null }) {
  const db = database(env.DB);
  const details = itemJson<ReportDetails>(item.details, {});
  const targetId = Number(details.targetId);
  if (details.targetKind === "business") {
    const business = await db.select({ isApproved: businesses.isApproved }).from(businesses).where(eq(businesses.id, targetId)).get();
    const main = mainReason(details.reasons ?? {});
    const unlist = decision.approve && business?.isApproved === true && main !== null && UNLISTING_REASONS.includes(main);
    return { effects: unlist ? [db.update(businesses).set({ isApproved: false, updatedAt: Math.floor(Date.now() / 1000) }).where(eq(businesses.id, targetId))] : [], mail: [], unlisted: unlist };
  }
  const found = await db
    .select({ status: reviews.status, email: members.email, name: businesses.name })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .innerJoin(members, eq(members.id, reviews.memberId))
    .where(eq(reviews.id, targetId))
    .get();
  if (!found) return { effects: [], mail: [], unlisted: false };
  const shown = found.status === "published" || found.status === "hidden";
  const at = Math.floor(Date.now() / 1000);
  const reason = decision.reason ?? DEFAULT_REMOVAL_REASON;
  const set: Partial<typeof reviews.$inferInsert> = decision.approve && shown
    ? { status: "rejected", reason, reportCount: 0, updatedAt: at }
    : !decision.approve && found.status === "hidden"
      ? { status: "published", reportCount: 0, updatedAt: at }
      : { reportCount: 0 };
  return {
    effects: [db.update(reviews).set(set).where(eq(reviews.id, targetId))],
    mail: decision.approve && shown ? [reviewRemovedMail(found.email, found.name, reason)] : [],
    unlisted: false,
  };
}

/** The author of a review a moderator removed after members' reports hears why. */
function reviewRemovedMail(to: string, name: string, reason: string): MailMessage {
  const what = `Your review of "${oneLine(name)}" was removed`;
  const because = `The moderator's reason: ${reason}`;
  return { to, subject: what, text: `${what} after members reported it.\n\n${because}\n\n${SITE_NAME}`, html: `<p>${escapeHtml(what)} after members reported it.</p><p>${escapeHtml(because)}</p><p>${escapeHtml(SITE_NAME)}</p>` };
}
