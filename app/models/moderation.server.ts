import { and, asc, count, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { database, refusedByGuard } from "~/db/client.server";
import { adminUsers, businesses, members, moderationItems, reviews, type ModerationItem } from "~/db/schema";
import { SITE_NAME } from "~/lib/directory/seo";
import { escapeHtml, oneLine, type MailMessage } from "~/lib/email/mail-message";
import { ownerFieldsWith, type ListingDiff } from "~/lib/listings/listing-fields";
import { HOLD_SECONDS, itemJson, type ModerationFlag, type ModerationKind, type ModerationStatus } from "~/lib/listings/moderation";
import { totalPages } from "~/lib/directory/paging";
import { reviewTextKey, type ReviewInput } from "~/lib/reviews/review-fields";
import { auditLogInserts, type AuditEvent } from "./audit-log.server";
import { staffShownName } from "./auth.server";
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

const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface ModerationQuery {
  kind: ModerationKind | null;
  status: ModerationStatus;
  page: number;
  order: "oldest" | "newest";
  size: number;
}

/** A staff member as others see them. */
export interface StaffRef {
  id: number;
  displayName: string;
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
  /** Who has it open now (their hold not yet run out), else null. */
  heldBy: StaffRef | null;
}

export interface ModerationPage {
  items: ModerationEntry[];
  total: number;
  page: number;
  totalPages: number;
}

export type HoldOutcome = { kind: "held"; heldUntil: string } | { kind: "not-found" } | { kind: "already-decided" } | { kind: "held-by-other"; heldBy: StaffRef };

/** A page of the queue, filtered by kind and status, oldest or newest first, on moderation_items_queue; with who holds each item. */
export async function listModerationItems(d1: D1Database, query: ModerationQuery): Promise<ModerationPage> {
  const db = database(d1);
  const now = nowSeconds();
  const where: SQL | undefined = and(eq(moderationItems.status, query.status), query.kind ? eq(moderationItems.kind, query.kind) : undefined);
  const [rows, [total]] = await db.batch([
    db
      .select({ item: moderationItems, email: members.email, slug: businesses.slug, name: businesses.name, holder: staffShownName })
      .from(moderationItems)
      .leftJoin(members, eq(members.id, moderationItems.memberId))
      .leftJoin(businesses, eq(businesses.id, moderationItems.businessId))
      .leftJoin(adminUsers, eq(adminUsers.id, moderationItems.heldBy))
      .where(where)
      .orderBy(query.order === "oldest" ? asc(moderationItems.id) : desc(moderationItems.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(moderationItems).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    items: rows.map(({ item, email, slug, name, holder }) => ({
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
      heldBy: item.status === "pending" && item.heldBy !== null && (item.heldUntil ?? 0) > now && holder !== null ? { id: item.heldBy, displayName: holder } : null,
    })),
    total: n,
    page: query.page,
    totalPages: totalPages(n, query.size),
  };
}

/** Pending items: the admin sidebar's badge. */
export async function countPendingModeration(d1: D1Database): Promise<number> {
  const [row] = await database(d1).select({ n: count() }).from(moderationItems).where(eq(moderationItems.status, "pending"));
  return row?.n ?? 0;
}

/** Who decides: the signed-in staff member (their id holds items, their name goes in the log). */
export interface Moderator {
  id: number;
  name: string;
}

/** Why a bulk decision left an item undecided. */
export type DecisionSkip = "not-found" | "already-decided" | "held" | "gone";

export type DecisionOutcome = { kind: "decided" } | { kind: Exclude<DecisionSkip, "held"> } | { kind: "held"; heldBy: StaffRef };

export interface BulkDecisionOutcome {
  decided: number[];
  skipped: { id: number; why: DecisionSkip }[];
}

export interface Decision {
  approve: boolean;
  reason: string | null;
}

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

/** Held by someone other than `moderator` at `now`. */
function heldByOther(item: Pick<ModerationItem, "heldBy" | "heldUntil">, moderator: Moderator, now: number): boolean {
  return item.heldBy !== null && item.heldBy !== moderator.id && (item.heldUntil ?? 0) > now;
}

/**
 * Opening an item holds it for `moderator` for HOLD_SECONDS, and lets go of any other item they
 * held (one looks at one item at a time). Refused while someone else holds it, or once decided.
 */
export async function holdModerationItem(d1: D1Database, moderator: Moderator, id: number, tries = 2): Promise<HoldOutcome> {
  const db = database(d1);
  const now = nowSeconds();
  const heldUntil = now + HOLD_SECONDS;
  const [taken] = await db.batch([
    db
      .update(moderationItems)
      .set({ heldBy: moderator.id, heldUntil })
      .where(and(eq(moderationItems.id, id), eq(moderationItems.status, "pending"), or(isNull(moderationItems.heldBy), eq(moderationItems.heldBy, moderator.id), lte(moderationItems.heldUntil, now))))
      .returning({ id: moderationItems.id }),
    // Only once this hold was taken (the statement before it ran in the same transaction).
    db
      .update(moderationItems)
      .set({ heldBy: null, heldUntil: null })
      .where(and(eq(moderationItems.heldBy, moderator.id), ne(moderationItems.id, id), sql`EXISTS (SELECT 1 FROM moderation_items AS m WHERE m.id = ${id} AND m.held_by = ${moderator.id} AND m.held_until = ${heldUntil})`)),
  ]);
  if (taken.length) return { kind: "held", heldUntil: new Date(heldUntil * 1000).toISOString() };
  const found = await db
    .select({ status: moderationItems.status, heldBy: moderationItems.heldBy, heldUntil: moderationItems.heldUntil, holder: staffShownName })
    .from(moderationItems)
    .leftJoin(adminUsers, eq(adminUsers.id, moderationItems.heldBy))
    .where(eq(moderationItems.id, id))
    .get();
  if (!found) return { kind: "not-found" };
  if (found.status !== "pending") return { kind: "already-decided" };
  // Let go of, or run out, between the two reads: try again.
  if (found.heldBy === null || (found.heldUntil ?? 0) <= nowSeconds()) return tries > 1 ? holdModerationItem(d1, moderator, id, tries - 1) : { kind: "not-found" };
  return { kind: "held-by-other", heldBy: { id: found.heldBy, displayName: found.holder } };
}

/** Lets go of `moderator`'s hold on an item (they left it undecided); nobody else's. */
export async function releaseModerationItem(d1: D1Database, moderator: Moderator, id: number): Promise<void> {
  await database(d1)
    .update(moderationItems)
    .set({ heldBy: null, heldUntil: null })
    .where(and(eq(moderationItems.id, id), eq(moderationItems.heldBy, moderator.id)));
}

/** Decides one pending item: a bulk decision of one, answered as the item's own call answers. */
export async function decideModerationItem(env: Env, request: Request, moderator: Moderator, id: number, decision: Decision): Promise<DecisionOutcome> {
  const outcome = await decideModerationItems(env, request, moderator, [id], decision);
  const skipped = outcome.skipped[0];
  if (!skipped) return { kind: "decided" };
  if (skipped.why !== "held") return { kind: skipped.why };
  const holder = await database(env.DB)
    .select({ id: adminUsers.id, displayName: staffShownName })
    .from(moderationItems)
    .innerJoin(adminUsers, eq(adminUsers.id, moderationItems.heldBy))
    .where(eq(moderationItems.id, id))
    .get();
  return { kind: "held", heldBy: holder ?? { id: 0, displayName: "" } };
}

/** What a decision leaves to do once its item's batch committed: gathered over a bulk decision and done once. */
interface Aftermath {
  mail: { id: number }[];
  pages: Set<string>;
  /** A listing appeared, left or moved: the page anchors the triggers dropped are rebuilt. */
  anchors: boolean;
}

type FoundItem = Awaited<ReturnType<typeof readItems>>[number];

function readItems(d1: D1Database, ids: readonly number[]) {
  const db = database(d1);
  return db
    .select({
      item: moderationItems, email: members.email, slug: businesses.slug, name: businesses.name, ownerFields: businesses.ownerFields, isApproved: businesses.isApproved,
      categorySlug: businesses.categorySlug, citySlug: businesses.citySlug, countryCode: businesses.countryCode,
    })
    .from(moderationItems)
    .leftJoin(members, eq(members.id, moderationItems.memberId))
    .leftJoin(businesses, eq(businesses.id, moderationItems.businessId))
    .where(inArray(moderationItems.id, [...ids]));
}

/**
 * Decides pending items, each once (decision 120): each item's effect on the business (approve a
 * listing, make the claimant the owner, apply exactly the changed fields and mark them the
 * owner's), its decision and its member's e-mail commit together, guarded so an item decided
 * meanwhile, or held by someone else, is skipped, never half-decided. Then, once for all: the
 * e-mails are queued, the audit log written and the cached pages the decisions changed refreshed.
 */
export async function decideModerationItems(env: Env, request: Request, moderator: Moderator, ids: readonly number[], decision: Decision): Promise<BulkDecisionOutcome> {
  const now = nowSeconds();
  const found = new Map((await readItems(env.DB, ids)).map((row) => [row.item.id, row]));
  const outcome: BulkDecisionOutcome = { decided: [], skipped: [] };
  const after: Aftermath = { mail: [], pages: new Set(), anchors: false };
  const by = { request, name: moderator.name };
  const skip = (id: number, why: DecisionSkip) => outcome.skipped.push({ id, why });
  const done = (prepared: PreparedDecision, results: readonly unknown[]) => {
    outcome.decided.push(prepared.id);
    if (prepared.outboxCount) after.mail.push(...(results.slice(prepared.statements.length - prepared.outboxCount, prepared.statements.length).flat() as { id: number }[]));
    for (const path of prepared.pages) after.pages.add(path);
    after.anchors ||= prepared.anchors;
  };
  // Items whose decision reads nothing but their own row commit together, in one transaction.
  let group: PreparedDecision[] = [];
  // The decisions' lines in the audit log commit with them, after their statements.
  const logged = (batch: PreparedDecision[]) => auditLogInserts(database(env.DB), by, batch.flatMap((prepared) => prepared.audit));
  const flush = async () => {
    const statements = group.flatMap((prepared) => prepared.statements);
    const batch = group;
    group = [];
    if (batch.length === 0) return;
    if (batch.length > 1) {
      const results = await commitGuarded(env, [...statements, ...logged(batch)]);
      if (results !== "refused") {
        let at = 0;
        for (const prepared of batch) done(prepared, results.slice(at, (at += prepared.statements.length)));
        return;
      }
      // Another decision or hold came first and failed the whole group: each item on its own.
    }
    for (const prepared of batch) {
      const results = await commitGuarded(env, [...prepared.statements, ...logged([prepared])]);
      if (results === "refused") skip(prepared.id, await whyRefused(env.DB, prepared.id, moderator));
      else done(prepared, results);
    }
  };

  for (const id of ids) {
    const row = found.get(id);
    if (!row) skip(id, "not-found");
    else if (row.item.status !== "pending") skip(id, "already-decided");
    else if (heldByOther(row.item, moderator, now)) skip(id, "held");
    else if (readsBeforeWriting(row.item, decision)) {
      // Read after everything before it committed, and committed before anything after it is read.
      await flush();
      const prepared = await prepareDecision(env, moderator, row, decision, now);
      if (typeof prepared === "string") skip(id, prepared);
      else {
        group.push(prepared);
        await flush();
      }
    } else {
      const prepared = await prepareDecision(env, moderator, row, decision, now);
      if (typeof prepared === "string") skip(id, prepared);
      else group.push(prepared);
    }
  }
  await flush();
  outcome.skipped.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  await queueMailDelivery(env, after.mail);
  if (after.pages.size) await markPagesChanged(env.DB, [...after.pages]);
  if (after.anchors) await queuePageAnchorRebuild(env);
  return outcome;
}

/** Whether deciding `item` reads rows it then writes (a change's business, a review, an appeal's sanction): such items are decided one at a time. */
function readsBeforeWriting(item: ModerationItem, decision: Decision): boolean {
  if (item.kind === "listing" || item.kind === "claim") return false;
  return item.kind !== "change" || decision.approve;
}

/** One item's decision, ready to commit: its guarded statements and what is left to do once they did. */
interface PreparedDecision {
  id: number;
  statements: unknown[];
  /** The last of `statements` insert the e-mails: their results are the outbox rows. */
  outboxCount: number;
  audit: AuditEvent[];
  pages: string[];
  anchors: boolean;
}

/** Runs guarded statements in one batch, or says a guard stopped them (nothing written then). */
async function commitGuarded(env: Env, statements: unknown[]): Promise<readonly unknown[] | "refused"> {
  const db = database(env.DB);
  try {
    return await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  } catch (error) {
    if (refusedByGuard(error)) return "refused";
    throw error;
  }
}

/** Why a guard refused an item's decision, read again: decided, held by someone else, or what it is about changed (an appeal's sanction lifted meanwhile). */
async function whyRefused(d1: D1Database, id: number, moderator: Moderator): Promise<DecisionSkip> {
  const row = await database(d1).select({ status: moderationItems.status, heldBy: moderationItems.heldBy, heldUntil: moderationItems.heldUntil }).from(moderationItems).where(eq(moderationItems.id, id)).get();
  if (!row) return "not-found";
  if (row.status !== "pending") return "already-decided";
  return heldByOther(row, moderator, nowSeconds()) ? "held" : "gone";
}

/** One item's decision as statements (the guard first), or why it cannot be decided. */
async function prepareDecision(env: Env, moderator: Moderator, found: FoundItem, decision: Decision, now: number): Promise<PreparedDecision | DecisionSkip> {
  const db = database(env.DB);
  const { item } = found;
  const verb = decision.approve ? "moderation.approved" : "moderation.rejected";
  const detail = (what: string) => `${what} #${item.id}${decision.reason ? `: ${decision.reason}` : ""}`;
  const effects = [];
  const mail: MailMessage[] = [];
  // The places whose lists and counts the decision changes (where a listing appears, or where it moves from and to).
  const places: ListedPlace[] = [];
  const audit: AuditEvent[] = [];
  const pages: string[] = [];
  let anchors = false;

  if (item.kind === "appeal") {
    // An appeal of a sanction is about a member, never a business (app/models/member-sanction.server.ts).
    const appeal = await appealDecision(env, item, found.email, decision, moderator.name);
    if (!appeal) return "gone";
    effects.push(...appeal.effects);
    mail.push(...appeal.mail);
    audit.push({ action: verb, subject: found.email, detail: detail("appeal") });
    if (appeal.lifts) audit.push({ action: "member.sanction-lifted", subject: found.email, detail: `#${appeal.lifts.id} ${appeal.lifts.level} (itiraz #${item.id})` });
  } else {
    if (item.businessId === null || found.slug === null || found.name === null) return "gone";
    const businessId = item.businessId;
    if (decision.approve && item.kind === "listing") {
      effects.push(db.update(businesses).set({ isApproved: true }).where(eq(businesses.id, businessId)));
      places.push(found);
    } else if (decision.approve && item.kind === "claim" && item.memberId !== null) {
      effects.push(db.update(businesses).set({ ownerId: item.memberId }).where(eq(businesses.id, businessId)));
    } else if (decision.approve && item.kind === "change") {
      const diff = itemJson<{ fields: ListingDiff }>(item.details, { fields: {} }).fields;
      const columns = await changedColumns(env.DB, businessId, diff);
      if (!columns) return "gone";
      effects.push(db.update(businesses).set({ ...columns, ownerFields: ownerFieldsWith(found.ownerFields, Object.keys(diff)), updatedAt: sql`unixepoch()` }).where(eq(businesses.id, businessId)));
      // A change to what it is called or where it is listed shows on its lists, old and new.
      if (found.isApproved && ["name", "category", "city", "countryCode", "amenities"].some((field) => field in diff)) {
        places.push(found, { categorySlug: columns.categorySlug ?? found.categorySlug, citySlug: columns.citySlug ?? found.citySlug, countryCode: columns.countryCode ?? found.countryCode });
      }
    }
    if (item.kind === "review") {
      const review = await reviewEffects(env, item, decision);
      if (!review) return "gone";
      effects.push(...review.effects);
      mail.push(...review.mail);
    }
    if (item.kind === "reply" || item.kind === "report") {
      // An owner's reply (review-reply.server.ts), or members' reports of a review or a listing (report.server.ts).
      const outcome = item.kind === "reply" ? { ...(await replyEffects(env, item, decision)), unlisted: false } : await reportEffects(env, item, decision);
      effects.push(...outcome.effects);
      mail.push(...outcome.mail);
      if (outcome.unlisted) places.push(found);
    }
    if (found.email) mail.unshift(decisionMail(found.email, item, found.name, decision.approve, decision.reason));
    audit.push({ action: verb, subject: found.name, detail: detail(item.kind) });
    const aboutReviews = item.kind === "review" || item.kind === "reply" || item.kind === "report";
    if (aboutReviews) pages.push(...reviewPages(found.slug));
    if (decision.approve && (!aboutReviews || places.length > 0)) {
      pages.push(...listingPagePaths(found.slug, places));
      anchors = places.length > 0;
    }
  }

  // The guard first: json() of a text that is not JSON fails the batch when another decision, or another's hold, came first.
  const guard = db
    .select({
      ok: sql<number>`CASE WHEN ${moderationItems.status} <> 'pending'
        OR (${moderationItems.heldBy} IS NOT NULL AND ${moderationItems.heldBy} <> ${moderator.id} AND ${moderationItems.heldUntil} > ${now})
        THEN json('moderation item decided or held') ELSE 1 END`,
    })
    .from(moderationItems)
    .where(eq(moderationItems.id, item.id));
  const decided = db
    .update(moderationItems)
    .set({ status: decision.approve ? "approved" : "rejected", reason: decision.reason, decidedBy: moderator.name, decidedAt: now, heldBy: null, heldUntil: null })
    .where(and(eq(moderationItems.id, item.id), eq(moderationItems.status, "pending")));
  const outbox = mail.map((message) => mailOutboxInsert(db, message));
  return { id: item.id, statements: [guard, decided, ...effects, ...outbox], outboxCount: outbox.length, audit, pages, anchors };
}

/** Where a business is listed: its category, city and country. */
export type ListedPlace = Pick<typeof businesses.$inferSelect, "categorySlug" | "citySlug" | "countryCode">;

/**
 * The cached pages an approved decision changed, and only those (decision 117): the business's
 * own page and API answer, and the pages and API answers of the category, city and country of
 * each place given. The rest of the site keeps its cached copies; sitemaps follow at their next
 * rebuild.
 */
function listingPagePaths(slug: string, places: readonly ListedPlace[]): string[] {
  const paths = [businessPath(slug), businessApiPath(slug)];
  for (const place of places) {
    const lists = [
      place.categorySlug ? categoryPath(place.categorySlug) : null,
      place.countryCode ? countryPath(place.countryCode) : null,
      place.countryCode && place.citySlug ? cityPath(place.countryCode, place.citySlug) : null,
    ];
    for (const path of lists) if (path) paths.push(path, `/api${path}`);
  }
  return paths;
}

/**
 * A review decision's writes: approving publishes the review (or applies the author's waiting
 * edit to it); rejecting a new review rejects it with the reason, rejecting an edit drops the edit
 * and keeps the published version. Null when the review is gone.
 */
async function reviewEffects(env: Env, item: ModerationItem, decision: Decision) {
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
