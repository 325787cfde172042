import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { database } from "~/db/client.server";
import { businesses, members, moderationItems, reviews, type ModerationItem } from "~/db/schema";
import { SITE_NAME } from "~/lib/directory/seo";
import { escapeHtml, oneLine, type MailMessage } from "~/lib/email/mail-message";
import { ownerFieldsWith, type ListingDiff } from "~/lib/listings/listing-fields";
import { itemJson, MODERATION_PAGE_SIZE, type ModerationFlag, type ModerationKind, type ModerationStatus } from "~/lib/listings/moderation";
import { totalPages } from "~/lib/directory/paging";
import { reviewTextKey, type ReviewInput } from "~/lib/reviews/review-fields";
import { recordAuditEvent } from "./audit-log.server";
import { reviewPages } from "./review.server";
import { replyEffects } from "./review-reply.server";
import { reportEffects } from "./report.server";
import { businessApiPath, businessPath, categoryPath, cityPath, countryPath } from "~/lib/directory/sitemap-xml";
import { markPagesChanged } from "./cache.server";
import { queuePageAnchorRebuild } from "./queue-messages.server";
import { changedColumns } from "./listing.server";
import { mailOutboxInsert, queueMailDelivery } from "./mail-outbox.server";
import { appealDecision } from "./member-sanction.server";

/**
 * The moderation queue: one list for every kind of thing members ask (a new listing, a claim,
 * an owner's change), decided once by an administrator, each decision in the audit log and
 * e-mailed to the member once.
 */

export interface ModerationQuery {
  kind: ModerationKind | null;
  status: ModerationStatus;
  page: number;
  order: "oldest" | "newest";
}

export interface ModerationEntry {
  id: number;
  kind: ModerationKind;
  status: ModerationStatus;
  createdAt: string;
  submitter: { id: number; email: string } | null;
  business: { id: number; slug: string; name: string } | null;
  flags: ModerationFlag[];
  details: Record<string, unknown>;
  reason: string | null;
  decidedBy: string | null;
}

export interface ModerationPage {
  items: ModerationEntry[];
  total: number;
  page: number;
  totalPages: number;
}

/** A page of the queue, filtered by kind and status, oldest or newest first, on moderation_items_queue. */
export async function listModerationItems(d1: D1Database, query: ModerationQuery, pageSize = MODERATION_PAGE_SIZE): Promise<ModerationPage> {
  const db = database(d1);
  const where: SQL | undefined = and(eq(moderationItems.status, query.status), query.kind ? eq(moderationItems.kind, query.kind) : undefined);
  const [rows, [total]] = await db.batch([
    db
      .select({ item: moderationItems, email: members.email, slug: businesses.slug, name: businesses.name })
      .from(moderationItems)
      .leftJoin(members, eq(members.id, moderationItems.memberId))
      .leftJoin(businesses, eq(businesses.id, moderationItems.businessId))
      .where(where)
      .orderBy(query.order === "oldest" ? asc(moderationItems.id) : desc(moderationItems.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(moderationItems).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    items: rows.map(({ item, email, slug, name }) => ({
      id: item.id,
      kind: item.kind,
      status: item.status,
      createdAt: new Date(item.createdAt * 1000).toISOString(),
      submitter: item.memberId !== null && email !== null ? { id: item.memberId, email } : null,
      business: item.businessId !== null && slug !== null && name !== null ? { id: item.businessId, slug, name } : null,
      flags: itemJson<ModerationFlag[]>(item.flags, []),
      details: itemJson<Record<string, unknown>>(item.details, {}),
      reason: item.reason,
      decidedBy: item.decidedBy,
    })),
    total: n,
    page: query.page,
    totalPages: totalPages(n, pageSize),
  };
}

/** Pending items: the admin sidebar's badge. */
export async function countPendingModeration(d1: D1Database): Promise<number> {
  const [row] = await database(d1).select({ n: count() }).from(moderationItems).where(eq(moderationItems.status, "pending"));
  return row?.n ?? 0;
}

export type DecisionOutcome = { kind: "decided" } | { kind: "not-found" } | { kind: "already-decided" } | { kind: "gone" };

const KIND_WORDS: Record<ModerationKind, string> = {
  listing: "listing", claim: "claim on", change: "change to", review: "review of", reply: "reply to a review of", report: "report about", appeal: "appeal about",
};

function decisionMail(to: string, item: Pick<ModerationItem, "kind">, name: string, approved: boolean, reason: string | null): MailMessage {
  const what = `Your ${KIND_WORDS[item.kind]} "${oneLine(name)}"`;
  const outcome = approved ? "was approved" : "was not approved";
  const after = approved
    ? item.kind === "listing"
      ? "It is now public in the directory."
      : item.kind === "claim"
        ? "You can now edit the listing from your account."
        : item.kind === "review"
          ? "It is now published on the business's page."
          : item.kind === "reply"
            ? "It now shows under the review on the business's page."
            : "The listing shows it now."
    : `The moderator's reason: ${reason ?? ""}`;
  return {
    to,
    subject: `${what} ${outcome}`,
    text: `${what} ${outcome}.\n\n${after}\n\n${SITE_NAME}`,
    html: `<p>${escapeHtml(what)} ${outcome}.</p><p>${escapeHtml(after)}</p><p>${escapeHtml(SITE_NAME)}</p>`,
  };
}

/**
 * Decides a pending item once: its effect on the business (approve a listing, make the claimant
 * the owner, apply exactly the changed fields and mark them the owner's), the decision and the
 * member's e-mail commit in one batch, guarded so a second decision finds it decided. Then the
 * audit log, and the cached pages the decision changed.
 */
export async function decideModerationItem(env: Env, request: Request, staffName: string, id: number, decision: { approve: boolean; reason: string | null }): Promise<DecisionOutcome> {
  const db = database(env.DB);
  const found = await db
    .select({
      item: moderationItems, email: members.email, slug: businesses.slug, name: businesses.name, ownerFields: businesses.ownerFields, isApproved: businesses.isApproved,
      categorySlug: businesses.categorySlug, citySlug: businesses.citySlug, countryCode: businesses.countryCode,
    })
    .from(moderationItems)
    .leftJoin(members, eq(members.id, moderationItems.memberId))
    .leftJoin(businesses, eq(businesses.id, moderationItems.businessId))
    .where(eq(moderationItems.id, id))
    .get();
  if (!found) return { kind: "not-found" };
  const { item } = found;
  if (item.status !== "pending") return { kind: "already-decided" };
  // An appeal of a sanction is about a member, never a business.
  if (item.kind === "appeal") return decideAppeal(env, request, staffName, item, found.email, decision);
  if (item.businessId === null || found.slug === null || found.name === null) return { kind: "gone" };
  const businessId = item.businessId;

  const effects = [];
  // The places whose lists and counts the decision changes (where a listing appears, or where it moves from and to).
  const places: ListedPlace[] = [];
  // E-mail beside the member's own (a published review's owner is told).
  const otherMail: MailMessage[] = [];
  if (decision.approve && item.kind === "listing") {
    effects.push(db.update(businesses).set({ isApproved: true }).where(eq(businesses.id, businessId)));
    places.push(found);
  } else if (decision.approve && item.kind === "claim" && item.memberId !== null) {
    effects.push(db.update(businesses).set({ ownerId: item.memberId }).where(eq(businesses.id, businessId)));
  } else if (decision.approve && item.kind === "change") {
    const diff = itemJson<{ fields: ListingDiff }>(item.details, { fields: {} }).fields;
    const columns = await changedColumns(env.DB, businessId, diff);
    if (!columns) return { kind: "gone" };
    effects.push(db.update(businesses).set({ ...columns, ownerFields: ownerFieldsWith(found.ownerFields, Object.keys(diff)), updatedAt: sql`unixepoch()` }).where(eq(businesses.id, businessId)));
    // A change to what it is called or where it is listed shows on its lists, old and new.
    if (found.isApproved && ["name", "category", "city", "countryCode", "amenities"].some((field) => field in diff)) {
      places.push(found, { categorySlug: columns.categorySlug ?? found.categorySlug, citySlug: columns.citySlug ?? found.citySlug, countryCode: columns.countryCode ?? found.countryCode });
    }
  }
  if (item.kind === "review") {
    const review = await reviewEffects(env, item, decision);
    if (!review) return { kind: "gone" };
    effects.push(...review.effects);
    otherMail.push(...review.mail);
  }
  if (item.kind === "reply" || item.kind === "report") {
    // An owner's reply (review-reply.server.ts), or members' reports of a review or a listing (report.server.ts).
    const outcome = item.kind === "reply" ? { ...(await replyEffects(env, item, decision)), unlisted: false } : await reportEffects(env, item, decision);
    effects.push(...outcome.effects);
    otherMail.push(...outcome.mail);
    if (outcome.unlisted) places.push(found);
  }
  const decided = db
    .update(moderationItems)
    .set({ status: decision.approve ? "approved" : "rejected", reason: decision.reason, decidedBy: staffName, decidedAt: Math.floor(Date.now() / 1000) })
    .where(and(eq(moderationItems.id, id), eq(moderationItems.status, "pending")))
    .returning({ id: moderationItems.id });
  // The guard first: json() of a text that is not JSON fails the batch when another decision came first.
  const guard = db
    .select({ ok: sql<number>`CASE WHEN ${moderationItems.status} = 'pending' THEN 1 ELSE json('moderation item already decided') END` })
    .from(moderationItems)
    .where(eq(moderationItems.id, id));
  const mail = [...(found.email ? [decisionMail(found.email, item, found.name, decision.approve, decision.reason)] : []), ...otherMail].map((message) => mailOutboxInsert(db, message));
  let results: readonly unknown[];
  try {
    results = await db.batch([guard, decided, ...effects, ...mail] as unknown as Parameters<typeof db.batch>[0]);
  } catch (error) {
    if (String(error).includes("already decided")) return { kind: "already-decided" };
    throw error;
  }
  if (mail.length) await queueMailDelivery(env, results.slice(-mail.length).flat() as { id: number }[]);

  await recordAuditEvent(env.DB, decision.approve ? "moderation.approved" : "moderation.rejected", { request, name: staffName }, {
    subject: found.name,
    detail: `${item.kind} #${item.id}${decision.reason ? `: ${decision.reason}` : ""}`,
  });
  const aboutReviews = item.kind === "review" || item.kind === "reply" || item.kind === "report";
  if (aboutReviews) await markPagesChanged(env.DB, reviewPages(found.slug));
  if (decision.approve && (!aboutReviews || places.length)) await refreshListingPages(env, found.slug, places);
  return { kind: "decided" };
}

/**
 * An appeal's decision (issue 51): approving lifts the sanction (app/models/member-sanction.server.ts),
 * rejecting keeps it; the member is e-mailed which. Guarded as every decision is; in the audit
 * log as a decision, and as a lifting when it lifted the sanction.
 */
async function decideAppeal(env: Env, request: Request, staffName: string, item: ModerationItem, email: string | null, decision: { approve: boolean; reason: string | null }): Promise<DecisionOutcome> {
  const db = database(env.DB);
  const appeal = await appealDecision(env, item, email, decision, staffName);
  if (!appeal) return { kind: "gone" };
  const decided = db
    .update(moderationItems)
    .set({ status: decision.approve ? "approved" : "rejected", reason: decision.reason, decidedBy: staffName, decidedAt: Math.floor(Date.now() / 1000) })
    .where(and(eq(moderationItems.id, item.id), eq(moderationItems.status, "pending")));
  const guard = db
    .select({ ok: sql<number>`CASE WHEN ${moderationItems.status} = 'pending' THEN 1 ELSE json('moderation item already decided') END` })
    .from(moderationItems)
    .where(eq(moderationItems.id, item.id));
  const mail = appeal.mail.map((message) => mailOutboxInsert(db, message));
  let results: readonly unknown[];
  try {
    results = await db.batch([guard, decided, ...appeal.effects, ...mail] as unknown as Parameters<typeof db.batch>[0]);
  } catch (error) {
    if (String(error).includes("already decided")) return { kind: "already-decided" };
    throw error;
  }
  if (mail.length) await queueMailDelivery(env, results.slice(-mail.length).flat() as { id: number }[]);
  await recordAuditEvent(env.DB, decision.approve ? "moderation.approved" : "moderation.rejected", { request, name: staffName }, {
    subject: email,
    detail: `appeal #${item.id}${decision.reason ? `: ${decision.reason}` : ""}`,
  });
  if (appeal.lifts) await recordAuditEvent(env.DB, "member.sanction-lifted", { request, name: staffName }, { subject: email, detail: `#${appeal.lifts.id} ${appeal.lifts.level} (itiraz #${item.id})` });
  return { kind: "decided" };
}

/** Where a business is listed: its category, city and country. */
export type ListedPlace = Pick<typeof businesses.$inferSelect, "categorySlug" | "citySlug" | "countryCode">;

/**
 * Refreshes the cached pages an approved decision changed, and only those (decision 117): the
 * business's own page and API answer, and the pages and API answers of the category, city and
 * country of each place given. The rest of the site keeps its cached copies; sitemaps follow at
 * their next rebuild; the page anchors the triggers dropped are rebuilt in the background.
 */
export async function refreshListingPages(env: Env, slug: string, places: readonly ListedPlace[]): Promise<void> {
  const paths = [businessPath(slug), businessApiPath(slug)];
  for (const place of places) {
    const lists = [
      place.categorySlug ? categoryPath(place.categorySlug) : null,
      place.countryCode ? countryPath(place.countryCode) : null,
      place.countryCode && place.citySlug ? cityPath(place.countryCode, place.citySlug) : null,
    ];
    for (const path of lists) if (path) paths.push(path, `/api${path}`);
  }
  await markPagesChanged(env.DB, paths);
  if (places.length) await queuePageAnchorRebuild(env);
}

/**
 * A review decision's writes: approving publishes the review (or applies the author's waiting
 * edit to it); rejecting a new review rejects it with the reason, rejecting an edit drops the edit
 * and keeps the published version. Null when the review is gone.
 */
async function reviewEffects(env: Env, item: ModerationItem, decision: { approve: boolean; reason: string | null }) {
  const db = database(env.DB);
  const reviewId = Number(itemJson<{ reviewId?: number }>(item.details, {}).reviewId);
  const review = await db.select().from(reviews).where(eq(reviews.id, reviewId)).get();
  if (!review) return null;
  const at = Math.floor(Date.now() / 1000);
  const edit = review.pendingEdit ? itemJson<ReviewInput | null>(review.pendingEdit, null) : null;
  const set: Partial<typeof reviews.$inferInsert> = decision.approve
    ? edit
      ? { ...edit, textKey: reviewTextKey(edit.text), pendingEdit: null, updatedAt: at }
      : { status: "published", reason: null, reportCount: 0, updatedAt: at }
    : edit
      ? { pendingEdit: null, updatedAt: at }
      : { status: "rejected", reason: decision.reason, updatedAt: at };
  const owner = decision.approve && !edit
    ? await db.select({ email: members.email, name: businesses.name }).from(businesses).innerJoin(members, eq(members.id, businesses.ownerId)).where(eq(businesses.id, review.businessId)).get()
    : undefined;
  return { effects: [db.update(reviews).set(set).where(eq(reviews.id, reviewId))], mail: owner ? [newReviewMail(owner.email, owner.name, review.rating)] : [] };
}

/** The owner hears of a review published on their business, so they may reply. */
function newReviewMail(to: string, name: string, rating: number): MailMessage {
  const business = oneLine(name);
  const text = `A guest review (${rating} of 5 stars) of ${business} was published. You can reply to it once from the business's page.`;
  return { to, subject: `New review of ${business}`, text: `${text}\n\n${SITE_NAME}`, html: `<p>${escapeHtml(text)}</p><p>${escapeHtml(SITE_NAME)}</p>` };
}
