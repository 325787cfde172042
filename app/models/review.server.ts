import { and, asc, count, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { database } from "~/db/client.server";
import { businesses, memberSanctions, moderationItems, reviews, reviewSummaries, siteSettings } from "~/db/schema";
import { totalPages } from "~/lib/directory/paging";
import { businessApiPath, businessPath } from "~/lib/directory/sitemap-xml";
import { emailMatchesWebsite } from "~/lib/listings/listing-fields";
import type { ModerationFlag } from "~/lib/listings/moderation";
import { contactInText, REVIEW_BURST, REVIEWS_PER_PAGE, reviewTextKey, type ReviewInput, type ReviewSort } from "~/lib/reviews/review-fields";
import { markPagesChanged } from "./cache.server";
import type { Member } from "./member.server";

/**
 * Guest reviews (decision 118): written by members, moderated in the one queue, summed by
 * triggers into review_summaries, never mixed with the imported rating.
 */

/** Site Ayarları's switch: reviews without flags publish at once ("1"), or every review waits ("0", the default). */
export const REVIEWS_PUBLISH_UNFLAGGED_KEY = "reviews_publish_unflagged";

const now = () => Math.floor(Date.now() / 1000);

/** The pages a business's reviews show on: its page, its API answer and its reviews' API answer. */
export function reviewPages(slug: string): string[] {
  return [businessPath(slug), businessApiPath(slug), `${businessApiPath(slug)}/reviews`];
}

/** The member's suspension in force, if any: they may read but not write. */
export async function activeSuspension(db: D1Database, memberId: number): Promise<{ id: number; endsAt: number } | null> {
  const row = await database(db)
    .select({ id: memberSanctions.id, endsAt: memberSanctions.endsAt })
    .from(memberSanctions)
    .where(and(eq(memberSanctions.memberId, memberId), eq(memberSanctions.level, "suspension"), isNull(memberSanctions.liftedAt), gt(memberSanctions.endsAt, now())))
    .orderBy(desc(memberSanctions.endsAt))
    .get();
  return row?.endsAt ? { id: row.id, endsAt: row.endsAt } : null;
}

export type Suspended = { kind: "suspended"; endsAt: number };
export type ReviewOutcome =
  | { kind: "saved"; review: { id: number; status: "pending" | "published" } }
  | { kind: "not-found" }
  | { kind: "owner" }
  | { kind: "conflict" }
  | Suspended;

async function publishesUnflagged(db: D1Database): Promise<boolean> {
  const row = await database(db).select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, REVIEWS_PUBLISH_UNFLAGGED_KEY)).get();
  return row?.value === "1";
}

/** What a moderator should look at in a review: contact details in it, its text elsewhere, a burst, the business's own domain. */
async function reviewFlags(db: D1Database, member: Member, business: { id: number; slug: string; name: string; url: string | null }, review: ReviewInput, ownId: number | null): Promise<ModerationFlag[]> {
  const d = database(db);
  const key = reviewTextKey(review.text);
  const [sameText, [recent]] = await Promise.all([
    d
      .select({ id: reviews.businessId, slug: businesses.slug, name: businesses.name })
      .from(reviews)
      .innerJoin(businesses, eq(businesses.id, reviews.businessId))
      .where(and(eq(reviews.textKey, key), ne(reviews.businessId, business.id)))
      .limit(1),
    d.select({ n: count() }).from(reviews).where(and(eq(reviews.businessId, business.id), gt(reviews.createdAt, now() - 60 * 60), ownId === null ? undefined : ne(reviews.id, ownId))),
  ]);
  const about = { id: business.id, slug: business.slug, name: business.name };
  const flags: ModerationFlag[] = contactInText(`${review.title ?? ""} ${review.text}`).map((what) => ({ kind: "review", reason: `contact-${what}` as const, business: about }));
  if (sameText[0]) flags.push({ kind: "review", reason: "same-text-elsewhere", business: sameText[0] });
  if ((recent?.n ?? 0) + 1 >= REVIEW_BURST) flags.push({ kind: "review", reason: "burst", business: about });
  if (emailMatchesWebsite(member.email, business.url)) flags.push({ kind: "review", reason: "reviewer-is-business", business: about });
  return flags;
}

/**
 * A member's review of a published business: one per member and business, never by its owner
 * nor while suspended. It waits for a moderator, unless the site publishes reviews without flags
 * at once and it has none.
 */
export async function submitReview(env: Env, member: Member, slug: string, review: ReviewInput): Promise<ReviewOutcome> {
  const db = database(env.DB);
  const business = await db
    .select({ id: businesses.id, slug: businesses.slug, name: businesses.name, url: businesses.url, ownerId: businesses.ownerId })
    .from(businesses)
    .where(and(eq(businesses.slug, slug), eq(businesses.isApproved, true)))
    .get();
  if (!business) return { kind: "not-found" };
  if (business.ownerId === member.id) return { kind: "owner" };
  const suspension = await activeSuspension(env.DB, member.id);
  if (suspension) return { kind: "suspended", endsAt: suspension.endsAt };
  const [flags, unflaggedPublish] = await Promise.all([reviewFlags(env.DB, member, business, review, null), publishesUnflagged(env.DB)]);
  const publish = unflaggedPublish && flags.length === 0;
  try {
    const [[saved]] = await db.batch([
      db
        .insert(reviews)
        .values({ ...review, textKey: reviewTextKey(review.text), businessId: business.id, memberId: member.id, status: publish ? "published" : "pending" })
        .returning({ id: reviews.id }),
      db.insert(moderationItems).values({
        kind: "review",
        status: publish ? "approved" : "pending",
        decidedBy: publish ? "auto" : null,
        decidedAt: publish ? now() : null,
        memberId: member.id,
        businessId: business.id,
        details: sql`json_object('reviewId', (SELECT id FROM reviews WHERE member_id = ${member.id} AND business_id = ${business.id}), 'edit', json('false'), 'review', json(${JSON.stringify(review)}))`,
        flags: JSON.stringify(flags),
      }),
    ]);
    if (publish) await markPagesChanged(env.DB, reviewPages(business.slug));
    return { kind: "saved", review: { id: saved!.id, status: publish ? "published" : "pending" } };
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { kind: "conflict" };
    throw error;
  }
}

/** The member's own review, with its business. */
async function ownReview(db: D1Database, memberId: number, id: number) {
  return database(db)
    .select({ review: reviews, slug: businesses.slug, name: businesses.name, url: businesses.url })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(and(eq(reviews.id, id), eq(reviews.memberId, memberId)))
    .get();
}

/** A review's fields as the author wrote them. */
export function reviewInputOf(review: typeof reviews.$inferSelect): ReviewInput {
  return { rating: review.rating, title: review.title, text: review.text, visitedOn: review.visitedOn, tripType: review.tripType };
}

export type EditOutcome = { kind: "saved"; review: { id: number; status: string } } | { kind: "not-found" } | Suspended;

/** The author's edit: a published review keeps its published version until a moderator approves the edit. */
export async function editReview(env: Env, member: Member, id: number, edit: ReviewInput): Promise<EditOutcome> {
  const found = await ownReview(env.DB, member.id, id);
  if (!found) return { kind: "not-found" };
  const suspension = await activeSuspension(env.DB, member.id);
  if (suspension) return { kind: "suspended", endsAt: suspension.endsAt };
  const db = database(env.DB);
  const flags = await reviewFlags(env.DB, member, { id: found.review.businessId, slug: found.slug, name: found.name, url: found.url }, edit, id);
  const published = found.review.status === "published";
  const item = db.insert(moderationItems).values({
    kind: "review", memberId: member.id, businessId: found.review.businessId, flags: JSON.stringify(flags),
    details: JSON.stringify({ reviewId: id, edit: published, review: edit, before: published ? reviewInputOf(found.review) : null }),
  });
  // One waiting item per review: an earlier one is superseded by this one.
  const superseded = db.delete(moderationItems).where(and(eq(moderationItems.kind, "review"), eq(moderationItems.status, "pending"), sql`json_extract(${moderationItems.details}, '$.reviewId') = ${id}`, eq(moderationItems.businessId, found.review.businessId)));
  const change = published
    ? db.update(reviews).set({ pendingEdit: JSON.stringify(edit), updatedAt: now() }).where(eq(reviews.id, id))
    : db.update(reviews).set({ ...edit, textKey: reviewTextKey(edit.text), status: "pending", reason: null, updatedAt: now() }).where(eq(reviews.id, id));
  await db.batch([superseded, change, item]);
  return { kind: "saved", review: { id, status: published ? "published" : "pending" } };
}

/** The author deletes their review: gone at once, from the page and the summary too. */
export async function deleteReview(env: Env, member: Member, id: number): Promise<boolean> {
  const found = await ownReview(env.DB, member.id, id);
  if (!found) return false;
  const db = database(env.DB);
  await db.batch([
    db.delete(moderationItems).where(and(eq(moderationItems.status, "pending"), eq(moderationItems.businessId, found.review.businessId), sql`json_extract(${moderationItems.details}, '$.reviewId') = ${id}`)),
    db.delete(reviews).where(eq(reviews.id, id)),
  ]);
  if (found.review.status === "published") await markPagesChanged(env.DB, reviewPages(found.slug));
  return true;
}

export interface PublishedReview {
  id: number;
  rating: number;
  title: string | null;
  text: string;
  visitedOn: string | null;
  tripType: string | null;
  createdAt: string;
  author: { displayName: string };
  reply: { text: string; createdAt: string } | null;
}

export interface ReviewSummary {
  count: number;
  average: number | null;
  histogram: Record<"1" | "2" | "3" | "4" | "5", number>;
}

export interface ReviewPage {
  reviews: PublishedReview[];
  summary: ReviewSummary;
  page: number;
  totalPages: number;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A business's review summary as the page shows it (no reviews: count 0, no average). */
export function summaryOf(row: typeof reviewSummaries.$inferSelect | undefined): ReviewSummary {
  const n = row?.reviewCount ?? 0;
  return {
    count: n,
    average: n > 0 ? Math.round((row!.ratingSum / n) * 10) / 10 : null,
    histogram: { "1": row?.stars1 ?? 0, "2": row?.stars2 ?? 0, "3": row?.stars3 ?? 0, "4": row?.stars4 ?? 0, "5": row?.stars5 ?? 0 },
  };
}

/**
 * A page of a published business's approved reviews, with its summary (kept by triggers, so a
 * business with 10,000 reviews answers as one with ten does): on the partial indexes by
 * newest or by rating. Null for a business that is not public.
 */
export async function listBusinessReviews(d1: D1Database, slug: string, page: number, sort: ReviewSort): Promise<ReviewPage | null> {
  const db = database(d1);
  const business = await db
    .select({ id: businesses.id, summary: reviewSummaries })
    .from(businesses)
    .leftJoin(reviewSummaries, eq(reviewSummaries.businessId, businesses.id))
    .where(and(eq(businesses.slug, slug), eq(businesses.isApproved, true)))
    .get();
  if (!business) return null;
  const summary = summaryOf(business.summary ?? undefined);
  const order = sort === "newest" ? [desc(reviews.id)] : sort === "highest" ? [desc(reviews.rating), desc(reviews.id)] : [asc(reviews.rating), desc(reviews.id)];
  const rows = summary.count === 0 ? [] : await db
    .select({ review: reviews, displayName: sql<string>`(SELECT display_name FROM members WHERE id = ${reviews.memberId})` })
    .from(reviews)
    .where(and(eq(reviews.businessId, business.id), eq(reviews.status, "published")))
    .orderBy(...order)
    .limit(REVIEWS_PER_PAGE)
    .offset((page - 1) * REVIEWS_PER_PAGE);
  return {
    reviews: rows.map(({ review, displayName }) => ({
      id: review.id,
      rating: review.rating,
      title: review.title,
      text: review.text,
      visitedOn: review.visitedOn,
      tripType: review.tripType,
      createdAt: iso(review.createdAt),
      author: { displayName: displayName || "A guest" },
      reply: review.replyText ? { text: review.replyText, createdAt: iso(review.replyAt ?? review.updatedAt) } : null,
    })),
    summary,
    page,
    totalPages: totalPages(summary.count, REVIEWS_PER_PAGE),
  };
}

/** /account's "My reviews": each with its status, a rejection's reason, and what its edit form starts from (the waiting edit's fields, else the review's). */
export async function memberReviews(d1: D1Database, memberId: number) {
  return database(d1)
    .select({
      id: reviews.id, rating: reviews.rating, title: reviews.title, status: reviews.status, reason: reviews.reason, editWaiting: sql<number>`${reviews.pendingEdit} IS NOT NULL`, slug: businesses.slug, name: businesses.name,
      text: reviews.text, visitedOn: reviews.visitedOn, tripType: reviews.tripType, pendingEdit: reviews.pendingEdit,
    })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(eq(reviews.memberId, memberId))
    .orderBy(desc(reviews.id))
    .limit(100);
}

/** The member's own review's fields as written, or null: what an edit is read over. */
export async function ownReviewInput(db: D1Database, memberId: number, id: number): Promise<ReviewInput | null> {
  const found = await ownReview(db, memberId, id);
  return found ? reviewInputOf(found.review) : null;
}
