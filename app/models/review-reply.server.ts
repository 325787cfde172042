import { itemJson } from "~/lib/listings/moderation";
import { and, eq, sql } from "drizzle-orm";
import { database, refusedByGuard } from "~/db/client.server";
import { businesses, members, moderationItems, reviews, type ModerationItem } from "~/db/schema";
import { SITE_NAME } from "~/lib/directory/seo";
import { escapeHtml, oneLine, type MailMessage } from "~/lib/email/mail-message";
import { markPagesChanged } from "./cache.server";
import type { Member } from "./member.server";
import { activeSuspension, reviewPages, type Suspended } from "./review.server";

/**
 * Owners' replies to reviews (issue 51): one reply per review, by an owner of the review's
 * business, moderated in the one queue as kind "reply" (details: reviewId, text, before, and the
 * review's excerpt for the moderator). The published text (reviews.reply_text) stays while an
 * edit waits in reviews.reply_pending_text; approving publishes it and e-mails the reviewer.
 */

const now = () => Math.floor(Date.now() / 1000);

/** What the moderator reads of the review replied to. */
export const REVIEW_EXCERPT_MAX = 300;

export function reviewExcerpt(review: { title: string | null; text: string }): string {
  const whole = review.title ? `${review.title}: ${review.text}` : review.text;
  return whole.length > REVIEW_EXCERPT_MAX ? `${whole.slice(0, REVIEW_EXCERPT_MAX - 1)}…` : whole;
}

export type ReplyOutcome =
  | { kind: "saved"; reply: { status: "pending" } }
  | { kind: "not-found" }
  | { kind: "forbidden" }
  | { kind: "conflict" }
  | Suspended;

/** A review with what deciding about its reply needs: its business's owner, slug and name. */
async function reviewWithBusiness(db: D1Database, id: number) {
  return database(db)
    .select({ review: reviews, ownerId: businesses.ownerId, slug: businesses.slug, name: businesses.name })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(eq(reviews.id, id))
    .get();
}

/** The pending reply items of a review (at most one: a newer one supersedes it). */
const pendingReplyItems = (reviewId: number, businessId: number) =>
  and(eq(moderationItems.kind, "reply"), eq(moderationItems.status, "pending"), eq(moderationItems.businessId, businessId), sql`json_extract(${moderationItems.details}, '$.reviewId') = ${reviewId}`);

/** Whose reply it may be: a published review (or any review, to remove one), of a business the member owns, while not suspended. */
async function replyTarget(env: Env, member: Member, id: number, publishedOnly: boolean) {
  const found = await reviewWithBusiness(env.DB, id);
  if (!found || (publishedOnly && found.review.status !== "published")) return { kind: "not-found" } as const;
  if (found.ownerId !== member.id) return { kind: "forbidden" } as const;
  return { kind: "found", found } as const;
}

/**
 * An owner's reply (POST, `edit` false: refused while one exists or waits) or its edit (PATCH,
 * `edit` true: needs one). Either waits for a moderator; an edit keeps the published text until
 * approved. Written in one batch, the first statement a guard that fails the batch when another
 * reply came first.
 */
export async function saveReply(env: Env, member: Member, id: number, text: string, edit: boolean): Promise<ReplyOutcome> {
  const target = await replyTarget(env, member, id, true);
  if (target.kind !== "found") return target;
  const { review } = target.found;
  const suspension = await activeSuspension(env.DB, member.id);
  if (suspension) return { kind: "suspended", endsAt: suspension.endsAt };
  const exists = review.replyText !== null || review.replyPendingText !== null;
  if (exists !== edit) return edit ? { kind: "not-found" } : { kind: "conflict" };

  const db = database(env.DB);
  const guard = db
    .select({ ok: sql<number>`CASE WHEN ${reviews.replyText} IS NULL AND ${reviews.replyPendingText} IS NULL THEN 1 ELSE json('reply already exists') END` })
    .from(reviews)
    .where(eq(reviews.id, id));
  const superseded = db.delete(moderationItems).where(pendingReplyItems(id, review.businessId));
  const pending = db.update(reviews).set({ replyPendingText: text }).where(eq(reviews.id, id));
  const item = db.insert(moderationItems).values({
    kind: "reply", memberId: member.id, businessId: review.businessId,
    details: JSON.stringify({ reviewId: id, text, before: review.replyText, review: { rating: review.rating, excerpt: reviewExcerpt(review) } }),
  });
  try {
    if (edit) await db.batch([superseded, pending, item]);
    else await db.batch([guard, pending, item]);
  } catch (error) {
    if (refusedByGuard(error)) return { kind: "conflict" };
    throw error;
  }
  return { kind: "saved", reply: { status: "pending" } };
}

/** The owner removes their reply at once (published or waiting), with its waiting item; not-found when there is none. A suspended owner may remove (as an author may remove a review). */
export async function deleteReply(env: Env, member: Member, id: number): Promise<{ kind: "deleted" } | { kind: "not-found" } | { kind: "forbidden" }> {
  const target = await replyTarget(env, member, id, false);
  if (target.kind !== "found") return target;
  const { review, slug } = target.found;
  if (review.replyText === null && review.replyPendingText === null) return { kind: "not-found" };
  const db = database(env.DB);
  await db.batch([
    db.delete(moderationItems).where(pendingReplyItems(id, review.businessId)),
    db.update(reviews).set({ replyText: null, replyPendingText: null, replyAt: null }).where(eq(reviews.id, id)),
  ]);
  if (review.replyText !== null && review.status === "published") await markPagesChanged(env.DB, reviewPages(slug));
  return { kind: "deleted" };
}

/**
 * A reply decision's writes, for decideModerationItem: approving publishes the item's text
 * (reply_text, reply_at) and e-mails the reviewer; rejecting drops the waiting text and keeps a
 * published one (the owner hears the reason through the decision's own e-mail). A review gone
 * meanwhile leaves nothing to write, and the item closes.
 */
export async function replyEffects(env: Env, item: ModerationItem, decision: { approve: boolean; reason: string | null }) {
  const db = database(env.DB);
  const details = itemJson<{ reviewId?: number; text?: string }>(item.details, {});
  const reviewId = Number(details.reviewId);
  const found = await db
    .select({ memberId: reviews.memberId, email: members.email, name: businesses.name })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .innerJoin(members, eq(members.id, reviews.memberId))
    .where(eq(reviews.id, reviewId))
    .get();
  if (!found || typeof details.text !== "string") return { effects: [], mail: [] };
  if (!decision.approve) return { effects: [db.update(reviews).set({ replyPendingText: null }).where(eq(reviews.id, reviewId))], mail: [] };
  return {
    effects: [db.update(reviews).set({ replyText: details.text, replyPendingText: null, replyAt: now() }).where(eq(reviews.id, reviewId))],
    mail: [replyPublishedMail(found.email, found.name, details.text)],
  };
}

/** The reviewer hears that the business answered their review. */
function replyPublishedMail(to: string, name: string, reply: string): MailMessage {
  const business = oneLine(name);
  const lead = `The owner of ${business} replied to your review:`;
  return {
    to,
    subject: `${business} replied to your review`,
    text: `${lead}\n\n${reply}\n\n${SITE_NAME}`,
    html: `<p>${escapeHtml(lead)}</p><blockquote style="white-space:pre-wrap">${escapeHtml(reply)}</blockquote><p>${escapeHtml(SITE_NAME)}</p>`,
  };
}
