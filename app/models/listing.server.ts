import { and, desc, eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
import { LODGING_CATEGORY_SLUGS } from "~/db/featured-order";
import { database } from "~/db/client.server";
import { businessMessages, businesses, categories, members, moderationItems } from "~/db/schema";
import { toBusinessRow, type BusinessRow } from "~/lib/business/business-record";
import { businessSlug } from "~/lib/business/slug";
import { englishCountryName } from "~/lib/directory/country-names";
import { SITE_NAME } from "~/lib/directory/seo";
import { escapeHtml, oneLine, type MailMessage } from "~/lib/email/mail-message";
import { emailMatchesWebsite, listingAbout, listingDiff, listingValuesOf, similarNames, type ListingDiff, type ListingErrors, type ListingValues } from "~/lib/listings/listing-fields";
import type { ModerationFlag } from "~/lib/listings/moderation";
import { businessApiPath, businessPath } from "~/lib/directory/sitemap-xml";
import { markPagesChanged } from "./cache.server";
import { businessesNear } from "./finder.server";
import { checkListingPhotos, photoUrl, storeListingPhotos } from "./listing-photo.server";
import { mailOutboxInsert, queueMail, queueMailDelivery } from "./mail-outbox.server";
import type { Member } from "./member.server";
import { hitRateLimit, type RateLimit } from "./rate-limit.server";
import { activeSuspension, type Suspended } from "./review.server";

/**
 * What members give the directory (issue: Submit Hotel, claims, owner edits, contact a business):
 * each goes into the moderation queue (app/models/moderation.server.ts) and changes nothing the
 * public sees until a moderator approves, but a claim proved by its e-mail domain.
 */

export const SUBMISSIONS_PER_DAY: RateLimit = { limit: 5, windowSeconds: 24 * 60 * 60 };
export const CLAIMS_PER_DAY: RateLimit = { limit: 3, windowSeconds: 24 * 60 * 60 };
export const OWNER_MESSAGES_PER_DAY: RateLimit = { limit: 10, windowSeconds: 24 * 60 * 60 };
/** How near an existing business a submission with a similar name is flagged as a possible duplicate. */
export const DUPLICATE_RADIUS_KM = 0.15;

export type Throttled = { kind: "throttled"; retryAfterSeconds: number };
export type SubmitOutcome = { kind: "created"; listing: { id: number; slug: string; status: "pending" } } | { kind: "invalid"; errors: ListingErrors } | Throttled | Suspended;

/** The member's suspension in force as an outcome (issue 51: no posting, editing, claiming or messaging while it lasts), or null. */
async function suspended(db: D1Database, memberId: number): Promise<Suspended | null> {
  const suspension = await activeSuspension(db, memberId);
  return suspension ? { kind: "suspended", endsAt: suspension.endsAt } : null;
}

/** The drizzle values of a row written by toBusinessRow (its SQL names mapped back to the schema's keys). */
function businessValues(row: BusinessRow): typeof businesses.$inferInsert {
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(businesses))) {
    if (column.name in row) values[key] = row[column.name as keyof BusinessRow];
  }
  return values as typeof businesses.$inferInsert;
}

/** The business row of a listing's values, its category named as the directory names it. */
function listingRow(values: ListingValues, categoryName: string, at: number): BusinessRow {
  return toBusinessRow(
    {
      name: values.name, category: categoryName, type: categoryName, fullAddress: values.fullAddress, street: null, city: values.city,
      postalCode: null, country: englishCountryName(values.countryCode), countryCode: values.countryCode, phone: values.phone,
      latitude: values.latitude, longitude: values.longitude, rating: null, reviews: 0, reviewsLink: null, photo: null, logo: null,
      locatedIn: null, workingHours: values.workingHours ? JSON.stringify(values.workingHours) : null, verified: false,
      about: listingAbout(values.amenities, values.description), placeId: null, timeZone: null, url: values.website, createdAt: at,
    },
    at,
  );
}

async function categoryName(db: D1Database, slug: string): Promise<string | null> {
  const row = await database(db).select({ name: categories.name }).from(categories).where(eq(categories.slug, slug)).get();
  return row?.name ?? null;
}

/** What the moderator should look at before approving: businesses this one may duplicate. */
async function duplicateFlags(db: D1Database, values: Pick<ListingValues, "name" | "latitude" | "longitude" | "phone" | "website">, exceptId: number | null): Promise<ModerationFlag[]> {
  const d = database(db);
  const sameContact = (column: typeof businesses.phone | typeof businesses.url, value: string | null) =>
    value ? d.select({ id: businesses.id, slug: businesses.slug, name: businesses.name }).from(businesses).where(eq(column, value)).limit(5) : Promise.resolve([]);
  const [near, samePhone, sameWebsite] = await Promise.all([
    businessesNear(db, { latitude: values.latitude, longitude: values.longitude }, DUPLICATE_RADIUS_KM),
    sameContact(businesses.phone, values.phone),
    sameContact(businesses.url, values.website),
  ]);
  const flags: ModerationFlag[] = [];
  const seen = new Set<number>();
  const add = (reason: Extract<ModerationFlag, { kind: "possible-duplicate" }>["reason"], business: { id: number; slug: string; name: string }) => {
    if (business.id === exceptId || seen.has(business.id)) return;
    seen.add(business.id);
    flags.push({ kind: "possible-duplicate", reason, business: { id: business.id, slug: business.slug, name: business.name } });
  };
  for (const other of near) if (similarNames(values.name, other.name)) add("similar-name-nearby", other);
  for (const other of samePhone) add("same-phone", other);
  for (const other of sameWebsite) add("same-website", other);
  return flags;
}

/** The listing an earlier submission with the same Idempotency-Key created. */
async function submittedWithKey(db: D1Database, memberId: number, key: string) {
  return database(db)
    .select({ id: businesses.id, slug: businesses.slug })
    .from(moderationItems)
    .innerJoin(businesses, eq(businesses.id, moderationItems.businessId))
    .where(and(eq(moderationItems.memberId, memberId), eq(moderationItems.idempotencyKey, key)))
    .get();
}

/**
 * A member's new listing: stored unapproved (invisible to the public everywhere, as every
 * unapproved business is) with its queue item and its photos; the member is e-mailed that it
 * arrived. The same Idempotency-Key again answers the listing it created.
 */
export async function submitListing(env: Env, member: Member, values: ListingValues, photos: readonly File[], idempotencyKey: string | null): Promise<SubmitOutcome> {
  const refused = await suspended(env.DB, member.id);
  if (refused) return refused;
  if (idempotencyKey) {
    const earlier = await submittedWithKey(env.DB, member.id, idempotencyKey);
    if (earlier) return { kind: "created", listing: { ...earlier, status: "pending" } };
  }
  const name = await categoryName(env.DB, values.category);
  const checked = await checkListingPhotos(photos);
  if (!name || !checked.ok) return { kind: "invalid", errors: { ...(name ? {} : { category: "Choose a category" }), ...(checked.ok ? {} : { photos: checked.message }) } };
  const limited = await hitRateLimit(env.DB, `listing-submit:${member.id}`, SUBMISSIONS_PER_DAY);
  if (!limited.allowed) return { kind: "throttled", retryAfterSeconds: limited.retryAfterSeconds };

  const at = Math.floor(Date.now() / 1000);
  const row = listingRow(values, name, at);
  // A listing's identity is its name and address (it has no place id); a second one gets the second slug.
  const taken = await database(env.DB).select({ id: businesses.id }).from(businesses).where(eq(businesses.slug, row.slug)).get();
  if (taken) row.slug = businessSlug(row.name, `${row.name}|${row.full_address ?? ""}|${at}`, { second: true });
  const flags = await duplicateFlags(env.DB, values, null);
  const db = database(env.DB);
  let created: { id: number; slug: string };
  try {
    // One batch: the listing and its queue item are written together or not at all.
    const [[inserted]] = await db.batch([
      db
        .insert(businesses)
        .values({ ...businessValues(row), isApproved: false, email: values.email, submittedBy: member.id })
        .returning({ id: businesses.id, slug: businesses.slug }),
      db.insert(moderationItems).values({
        kind: "listing", memberId: member.id, businessId: sql`(SELECT id FROM businesses WHERE slug = ${row.slug})`, flags: JSON.stringify(flags), idempotencyKey,
      }),
    ]);
    created = inserted!;
  } catch (error) {
    if (!String(error).includes("UNIQUE")) throw error;
    // Two submissions with one key at once: the other one stands.
    const earlier = idempotencyKey ? await submittedWithKey(env.DB, member.id, idempotencyKey) : null;
    if (earlier) return { kind: "created", listing: { ...earlier, status: "pending" } };
    // The same name and address already stand in the directory (the import's identity index).
    return { kind: "invalid", errors: { fullAddress: "A business with this name and address is already listed" } };
  }
  if (checked.photos.length) {
    try {
      const keys = await storeListingPhotos(env, created.id, checked.photos.map((photo) => photo.bytes));
      await db.update(businesses).set({ photo: photoUrl(keys[0]!) }).where(eq(businesses.id, created.id));
    } catch (error) {
      await db.delete(businesses).where(eq(businesses.id, created.id));
      throw error;
    }
  }
  await queueMail(env, submissionReceivedMail(member.email, values.name));
  return { kind: "created", listing: { id: created.id, slug: created.slug, status: "pending" } };
}

function submissionReceivedMail(to: string, name: string): MailMessage {
  const listing = oneLine(name);
  const text = `We received your listing "${listing}". A moderator reviews it shortly; we will write again when it is decided.\n\n${SITE_NAME}`;
  return { to, subject: `We received your listing: ${listing}`, text, html: `<p>We received your listing <strong>${escapeHtml(listing)}</strong>. A moderator reviews it shortly; we will write again when it is decided.</p><p>${escapeHtml(SITE_NAME)}</p>` };
}

/** A business as an owner's change and a claim read it. */
async function businessForMember(db: D1Database, where: { id: number } | { slug: string }) {
  const columns = getTableColumns(businesses);
  return database(db)
    .select({
      id: columns.id, slug: columns.slug, name: columns.name, isApproved: columns.isApproved, submittedBy: columns.submittedBy, ownerId: columns.ownerId,
      categorySlug: columns.categorySlug, fullAddress: columns.fullAddress, city: columns.city, countryCode: columns.countryCode,
      latitude: columns.latitude, longitude: columns.longitude, phone: columns.phone, url: columns.url, email: columns.email,
      workingHours: columns.workingHours, about: columns.about, ownerFields: columns.ownerFields,
    })
    .from(businesses)
    .where("id" in where ? eq(businesses.id, where.id) : eq(businesses.slug, where.slug))
    .get();
}

export type ChangeOutcome =
  | { kind: "proposed"; change: { id: number; status: "pending" } }
  | { kind: "not-found" }
  | { kind: "forbidden" }
  | { kind: "invalid"; errors: ListingErrors }
  | Suspended;

/** An owner's (or the submitter's) change: the fields that really change go to the queue as a diff; the page keeps today's values until approved. */
export async function proposeListingChange(env: Env, member: Member, businessId: number, asked: Partial<ListingValues>): Promise<ChangeOutcome> {
  const business = await businessForMember(env.DB, { id: businessId });
  if (!business) return { kind: "not-found" };
  if (business.submittedBy !== member.id && business.ownerId !== member.id) return { kind: "forbidden" };
  const refused = await suspended(env.DB, member.id);
  if (refused) return refused;
  if (asked.category !== undefined && !(await categoryName(env.DB, asked.category))) return { kind: "invalid", errors: { category: "Choose a category" } };
  const diff = listingDiff(listingValuesOf(business), asked);
  if (Object.keys(diff).length === 0) return { kind: "invalid", errors: { listing: "Nothing would change: every field already has that value" } };
  const [item] = await database(env.DB)
    .insert(moderationItems)
    .values({ kind: "change", memberId: member.id, businessId, details: JSON.stringify({ fields: diff }) })
    .returning({ id: moderationItems.id });
  return { kind: "proposed", change: { id: item!.id, status: "pending" } };
}

/** The columns an approved change writes: the changed fields, and what the business record derives from them. */
export async function changedColumns(db: D1Database, businessId: number, diff: ListingDiff): Promise<Partial<typeof businesses.$inferInsert> | null> {
  const business = await businessForMember(db, { id: businessId });
  if (!business) return null;
  const values = { ...listingValuesOf(business), ...Object.fromEntries(Object.entries(diff).map(([field, change]) => [field, change.new])) } as ListingValues;
  const name = (await categoryName(db, values.category)) ?? values.category;
  const { slug: _slug, created_at: _created, ...row } = listingRow(values, name, 0);
  const written = businessValues(row as BusinessRow);
  // Imported columns the form does not have stay as they are (a street, a rating, a place id…).
  for (const key of ["street", "postalCode", "rating", "reviews", "reviewsLink", "photo", "logo", "locatedIn", "verified", "placeId", "timeZone", "priceRange", "createdAt", "slug"] as const) delete written[key];
  if (!("category" in diff)) {
    delete written.category;
    delete written.type;
    delete written.categorySlug;
    delete written.typeFolded;
    delete written.categoryFolded;
  }
  if (!("countryCode" in diff)) {
    delete written.country;
    delete written.countryFolded;
    delete written.searchCountryCode;
  }
  return { ...written, email: values.email };
}

export type ClaimOutcome =
  | { kind: "claimed"; claim: { id: number; status: "approved" | "pending" }; slug: string }
  | { kind: "not-found" }
  | { kind: "conflict"; message: string }
  | Throttled
  | Suspended;

export interface ClaimInput {
  position: string;
  phone: string | null;
  message: string | null;
}

/**
 * A member's claim on a listing: approved at once when their verified address is at the
 * listing's website's registrable domain (never a free-mail one), else queued with the listing's
 * phone and website beside the claimant's; a claim on a claimed listing is queued as a dispute.
 */
export async function claimListing(env: Env, member: Member, slug: string, input: ClaimInput): Promise<ClaimOutcome> {
  const business = await businessForMember(env.DB, { slug });
  if (!business || !business.isApproved) return { kind: "not-found" };
  if (business.ownerId === member.id) return { kind: "conflict", message: "You already own this listing" };
  const refused = await suspended(env.DB, member.id);
  if (refused) return refused;
  const db = database(env.DB);
  const pending = await db
    .select({ id: moderationItems.id })
    .from(moderationItems)
    .where(and(eq(moderationItems.kind, "claim"), eq(moderationItems.status, "pending"), eq(moderationItems.memberId, member.id), eq(moderationItems.businessId, business.id)))
    .get();
  if (pending) return { kind: "conflict", message: "You already have a pending claim on this listing" };
  const limited = await hitRateLimit(env.DB, `listing-claim:${member.id}`, CLAIMS_PER_DAY);
  if (!limited.allowed) return { kind: "throttled", retryAfterSeconds: limited.retryAfterSeconds };

  const dispute = business.ownerId !== null;
  const byDomain = !dispute && emailMatchesWebsite(member.email, business.url);
  const details = { position: input.position, phone: input.phone, message: input.message, claimantEmail: member.email, listingPhone: business.phone, listingWebsite: business.url, approvedBy: byDomain ? "e-mail domain" : null };
  const flags: ModerationFlag[] = dispute ? [{ kind: "dispute", reason: "already-claimed", business: { id: business.id, slug: business.slug, name: business.name } }] : [];
  const at = Math.floor(Date.now() / 1000);
  const item = db
    .insert(moderationItems)
    .values({ kind: "claim", status: byDomain ? "approved" : "pending", memberId: member.id, businessId: business.id, details: JSON.stringify(details), flags: JSON.stringify(flags), decidedBy: byDomain ? "auto" : null, decidedAt: byDomain ? at : null })
    .returning({ id: moderationItems.id });
  try {
    if (byDomain) {
      const [[claim], , mail] = await db.batch([item, db.update(businesses).set({ ownerId: member.id }).where(eq(businesses.id, business.id)), mailOutboxInsert(db, claimApprovedMail(member.email, business.name))]);
      await queueMailDelivery(env, mail);
      // The page now says "Claimed"; no list changes.
      await markPagesChanged(env.DB, [businessPath(business.slug), businessApiPath(business.slug)]);
      return { kind: "claimed", claim: { id: claim!.id, status: "approved" }, slug: business.slug };
    }
    const [claim] = await item;
    return { kind: "claimed", claim: { id: claim!.id, status: "pending" }, slug: business.slug };
  } catch (error) {
    // The one-pending-claim index: the same claim sent twice at once.
    if (String(error).includes("UNIQUE")) return { kind: "conflict", message: "You already have a pending claim on this listing" };
    throw error;
  }
}

function claimApprovedMail(to: string, name: string): MailMessage {
  const listing = oneLine(name);
  return {
    to,
    subject: `Your claim was approved: ${listing}`,
    text: `Your claim on "${listing}" was approved: you can now edit the listing from your account.\n\n${SITE_NAME}`,
    html: `<p>Your claim on <strong>${escapeHtml(listing)}</strong> was approved: you can now edit the listing from your account.</p><p>${escapeHtml(SITE_NAME)}</p>`,
  };
}

export type OwnerMessageOutcome = { kind: "sent"; id: number } | { kind: "not-found" } | { kind: "not-claimed" } | Throttled | Suspended;

/**
 * A member's message to a claimed listing's owner: kept for the owner's account and relayed by
 * e-mail with the member's address to reply to; the owner's address is never shown to the sender.
 */
export async function messageBusinessOwner(env: Env, member: Member, slug: string, message: { subject: string; text: string }): Promise<OwnerMessageOutcome> {
  const db = database(env.DB);
  const business = await db
    .select({ id: businesses.id, name: businesses.name, ownerId: businesses.ownerId, ownerEmail: members.email })
    .from(businesses)
    .leftJoin(members, eq(members.id, businesses.ownerId))
    .where(and(eq(businesses.slug, slug), eq(businesses.isApproved, true)))
    .get();
  if (!business) return { kind: "not-found" };
  if (!business.ownerId || !business.ownerEmail) return { kind: "not-claimed" };
  const refused = await suspended(env.DB, member.id);
  if (refused) return refused;
  const limited = await hitRateLimit(env.DB, `owner-message:${member.id}`, OWNER_MESSAGES_PER_DAY);
  if (!limited.allowed) return { kind: "throttled", retryAfterSeconds: limited.retryAfterSeconds };
  const subject = oneLine(message.subject);
  const from = member.displayName || "A visitor";
  const mail: MailMessage = {
    to: business.ownerEmail,
    replyTo: member.email,
    subject: `${subject} (about ${oneLine(business.name)})`,
    text: `${from} wrote to you about ${business.name} through ${SITE_NAME}:\n\n${message.text}\n\nReply to this e-mail to answer them.`,
    html: `<p>${escapeHtml(from)} wrote to you about <strong>${escapeHtml(business.name)}</strong> through ${escapeHtml(SITE_NAME)}:</p><p style="white-space:pre-wrap">${escapeHtml(message.text)}</p><p>Reply to this e-mail to answer them.</p>`,
  };
  const [[saved], queued] = await db.batch([
    db.insert(businessMessages).values({ businessId: business.id, fromMemberId: member.id, fromEmail: member.email, toMemberId: business.ownerId, subject, text: message.text }).returning({ id: businessMessages.id }),
    mailOutboxInsert(db, mail),
  ]);
  await queueMailDelivery(env, queued);
  return { kind: "sent", id: saved!.id };
}

/** What /account shows a signed-in member: their listings (submitted or owned), claims and the messages owners received. */
export async function memberAccount(db: D1Database, memberId: number) {
  const d = database(db);
  const [listings, claims, messages] = await d.batch([
    d
      .select({
        id: businesses.id, slug: businesses.slug, name: businesses.name, isApproved: businesses.isApproved, owned: eq(businesses.ownerId, memberId),
        review: sql<"pending" | "approved" | "rejected" | null>`(SELECT m.status FROM moderation_items AS m WHERE m.business_id = ${businesses.id} AND m.kind = 'listing' ORDER BY m.id DESC LIMIT 1)`,
      })
      .from(businesses)
      .where(or(eq(businesses.submittedBy, memberId), eq(businesses.ownerId, memberId)))
      .orderBy(desc(businesses.id))
      .limit(100),
    d
      .select({ id: moderationItems.id, status: moderationItems.status, reason: moderationItems.reason, createdAt: moderationItems.createdAt, slug: businesses.slug, name: businesses.name })
      .from(moderationItems)
      .innerJoin(businesses, eq(businesses.id, moderationItems.businessId))
      .where(and(eq(moderationItems.memberId, memberId), eq(moderationItems.kind, "claim")))
      .orderBy(desc(moderationItems.id))
      .limit(100),
    d
      .select({ id: businessMessages.id, subject: businessMessages.subject, text: businessMessages.text, fromEmail: businessMessages.fromEmail, createdAt: businessMessages.createdAt, name: businesses.name, slug: businesses.slug })
      .from(businessMessages)
      .innerJoin(businesses, eq(businesses.id, businessMessages.businessId))
      .where(eq(businessMessages.toMemberId, memberId))
      .orderBy(desc(businessMessages.id))
      .limit(50),
  ]);
  return { listings: listings.map((listing) => ({ ...listing, owned: Boolean(listing.owned) })), claims, messages };
}

/** Whether `memberId` may see the unapproved business `businessId` (its submitter) and edit it (its submitter or owner). */
export async function memberRoleOn(db: D1Database, memberId: number, slug: string): Promise<{ submitter: boolean; owner: boolean; id: number } | null> {
  const row = await database(db).select({ id: businesses.id, submittedBy: businesses.submittedBy, ownerId: businesses.ownerId }).from(businesses).where(eq(businesses.slug, slug)).get();
  return row ? { id: row.id, submitter: row.submittedBy === memberId, owner: row.ownerId === memberId } : null;
}

/** Whether `memberId` owns the business at `slug` (false for an unknown slug): what its public page asks after hydration to offer the owner's replies. */
export async function memberOwnsListing(db: D1Database, memberId: number, slug: string): Promise<boolean> {
  return (await memberRoleOn(db, memberId, slug))?.owner ?? false;
}


/** The categories a listing may be given: places to stay first, then the biggest. */
export async function listingCategoryChoices(db: D1Database, limit = 300): Promise<{ slug: string; name: string }[]> {
  return database(db)
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .orderBy(desc(inArray(categories.slug, [...LODGING_CATEGORY_SLUGS])), desc(categories.businessCount), categories.slug)
    .limit(limit);
}

/** A listing's values as its submitter or owner edits them; null for anyone else or an unknown id. */
export async function listingForEditing(db: D1Database, memberId: number, businessId: number): Promise<{ id: number; slug: string; values: ListingValues } | null> {
  const business = await businessForMember(db, { id: businessId });
  if (!business || (business.submittedBy !== memberId && business.ownerId !== memberId)) return null;
  return { id: business.id, slug: business.slug, values: listingValuesOf(business) };
}
