/**
 * D1 schema. drizzle-kit generates `migrations/` from this file; the FTS5 table and the
 * triggers that keep the summary tables and the search index exact live in a hand-written
 * migration (drizzle cannot express them), see migrations/0001_summaries_and_search_text.sql.
 *
 * Public pages only show approved businesses, and every count on the site (summary tables)
 * counts approved businesses only: unapproving a listing takes it off the public site.
 */
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
  type SQLiteTable,
} from "drizzle-orm/sqlite-core";
import { FEATURED_PRIOR_RATING, FEATURED_PRIOR_REVIEWS, LODGING_CATEGORY_SLUGS } from "./featured-order";

const unixNow = sql`(unixepoch())`;

/**
 * The terms of the home page's featured order, lodging first, then the Bayesian rating
 * (featuredScore): the businesses_featured_rank index is built on them, and the featured query
 * orders by the very same text, which is what lets SQLite read the index instead of sorting.
 */
export const FEATURED_LODGING_SQL = `(category_slug IN (${LODGING_CATEGORY_SLUGS.map((slug) => `'${slug}'`).join(", ")}))`;
export const FEATURED_SCORE_SQL = `((rating * reviews + ${(FEATURED_PRIOR_RATING * FEATURED_PRIOR_REVIEWS).toFixed(1)}) / (reviews + ${FEATURED_PRIOR_REVIEWS}))`;
/** Which businesses the index holds: approved and rated (a rating of 0 is "not rated"). */
export const FEATURED_WHERE_SQL = "is_approved = 1 AND rating > 0";

export const businesses = sqliteTable(
  "businesses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** Localized category label as exported (Outscraper `category`). */
    category: text("category"),
    /** Standardized Google type (Outscraper `type`); the directory category is `type ?? category`. */
    type: text("type"),
    /** slugify(type ?? category): what /categories/{slug} looks up. */
    categorySlug: text("category_slug"),
    fullAddress: text("full_address"),
    street: text("street"),
    city: text("city"),
    /** slugify(city): what /cities/{cc}/{citySlug} looks up. */
    citySlug: text("city_slug"),
    postalCode: text("postal_code"),
    country: text("country"),
    /** ISO 3166-1 alpha-2, upper case. */
    countryCode: text("country_code"),
    phone: text("phone"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    rating: real("rating"),
    reviews: integer("reviews").notNull().default(0),
    reviewsLink: text("reviews_link"),
    photo: text("photo"),
    logo: text("logo"),
    locatedIn: text("located_in"),
    /** JSON object: day name → hours text or "Closed". */
    workingHours: text("working_hours"),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    /** JSON object of amenity groups (name → boolean), or plain text. */
    about: text("about"),
    placeId: text("place_id"),
    /** IANA time zone from the export, used to decide "open now". */
    timeZone: text("time_zone"),
    /** The business's own website. */
    url: text("url"),
    isApproved: integer("is_approved", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(unixNow),
    updatedAt: integer("updated_at").notNull().default(unixNow),
    // What the search index holds beside a column's text, derived by derivedColumns
    // (app/lib/business/business-record.ts): the text folded as visitors type it (foldedCopy), null when
    // folding changes nothing, and the name's inner words.
    nameFolded: text("name_folded"),
    /** Words inside the name its script writes without spaces: CJK bigrams, Thai/Lao/Burmese words, Khmer clusters (app/lib/search/search-inner-words.ts). */
    nameInnerWords: text("name_inner_words"),
    typeFolded: text("type_folded"),
    categoryFolded: text("category_folded"),
    cityFolded: text("city_folded"),
    countryFolded: text("country_folded"),
    /** The country code, indexed after the country text when there is none or the site does not know its language (countryCodeToIndex). */
    searchCountryCode: text("search_country_code"),
    /** The name's sort key where it differs from the name (app/lib/business/name-order.ts nameSortKey). */
    nameSort: text("name_sort"),
    /** The map tile the business lies in at zoom 20, as a Morton code (app/lib/map/geo-cell.ts geoCell). */
    geoCell: integer("geo_cell"),
    /** The export's price level as "$" to "$$$$" (its `range`, in any currency sign), or null. */
    priceRange: text("price_range"),
    /** The amenities of `about`, lower case, each between "|" (app/lib/business/business-record.ts amenityNames): what ?amenity= matches. */
    amenityNames: text("amenity_names"),
    /** The business's public e-mail address, as its submitter or owner gave it (exports have none). */
    email: text("email"),
    /** The member who submitted it through /submit (null for imported businesses, or once they deleted their account). */
    submittedBy: integer("submitted_by").references((): AnySQLiteColumn => members.id, { onDelete: "set null" }),
    /** The member whose claim was approved: the owner, who may edit it. */
    ownerId: integer("owner_id").references((): AnySQLiteColumn => members.id, { onDelete: "set null" }),
    /** Fields an owner's approved change set, each between "|" (app/lib/listings/listing-fields.ts): an import keeps them. */
    ownerFields: text("owner_fields"),
  },
  // Expression indexes are hand-written in migrations/, since drizzle-kit writes an expression as a
  // column name: name + address without a place id and the two name orders (0001), and the
  // featured order built on FEATURED_LODGING_SQL and FEATURED_SCORE_SQL (businesses_featured_rank).
  (t) => [
    uniqueIndex("businesses_slug_unique").on(t.slug),
    uniqueIndex("businesses_place_id_unique").on(t.placeId),
    // Category detail: newest first within a category.
    index("businesses_category_page").on(t.categorySlug, t.id).where(sql`is_approved = 1`),
    // City detail: newest first within a city.
    index("businesses_city_page")
      .on(t.countryCode, t.citySlug, t.id)
      .where(sql`is_approved = 1`),
    // City detail narrowed to one category (?category=), newest first.
    index("businesses_city_category_page")
      .on(t.countryCode, t.citySlug, t.categorySlug, t.id)
      .where(sql`is_approved = 1`),
    // Export date ranges, admin list by date.
    index("businesses_created_at").on(t.createdAt),
    // Admin list (unapproved included).
    index("businesses_rating").on(t.rating, t.id),
    index("businesses_reviews").on(t.reviews, t.id),
    // The admin's category and country lists reach unapproved businesses through these.
    index("businesses_unapproved_category").on(t.categorySlug).where(sql`is_approved = 0`),
    index("businesses_unapproved_country").on(t.countryCode).where(sql`is_approved = 0`),
    // Radius, box and map reads: a few ranges of cells (app/lib/map/geo-cell.ts coverBox). The
    // position rides along, so counting a circle or a map's points never reads the table's rows.
    index("businesses_geo_position").on(t.geoCell, t.latitude, t.longitude).where(sql`geo_cell IS NOT NULL AND is_approved = 1`),
    // A country's filtered list: its newest businesses (app/models/finder.server.ts).
    index("businesses_country_page").on(t.countryCode, t.id).where(sql`is_approved = 1`),
    // A member's listings (/account), and what deleting a member sets to null.
    index("businesses_submitted_by").on(t.submittedBy).where(sql`submitted_by IS NOT NULL`),
    index("businesses_owner").on(t.ownerId).where(sql`owner_id IS NOT NULL`),
    // Possible duplicates of a submission: the same phone or website.
    index("businesses_phone").on(t.phone).where(sql`phone IS NOT NULL`),
    index("businesses_url").on(t.url).where(sql`url IS NOT NULL`),
  ],
);

/** One row per directory category (approved businesses only). */
export const categories = sqliteTable(
  "categories",
  {
    slug: text("slug").primaryKey(),
    name: text("name").notNull(),
    businessCount: integer("business_count").notNull().default(0),
    countryCount: integer("country_count").notNull().default(0),
  },
  (t) => [index("categories_by_count").on(t.businessCount)],
);

export const countries = sqliteTable(
  "countries",
  {
    code: text("code").primaryKey(),
    name: text("name").notNull(),
    businessCount: integer("business_count").notNull().default(0),
    cityCount: integer("city_count").notNull().default(0),
    categoryCount: integer("category_count").notNull().default(0),
    /** Its businesses that have a city (the cities it lists hold these); the triggers keep it. */
    businessCountWithCity: integer("business_count_with_city").notNull().default(0),
  },
  (t) => [index("countries_by_count").on(t.businessCount)],
);

export const cities = sqliteTable(
  "cities",
  {
    countryCode: text("country_code").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    businessCount: integer("business_count").notNull().default(0),
    categoryCount: integer("category_count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.slug] }),
    // Inside one country, then across all of them.
    index("cities_country_by_count").on(t.countryCode, t.businessCount),
    index("cities_by_count").on(t.businessCount),
    index("cities_by_slug").on(t.slug),
  ],
);

/** Businesses per (category, country): category top countries and country popular categories. */
export const categoryCountryCounts = sqliteTable(
  "category_country_counts",
  {
    categorySlug: text("category_slug").notNull(),
    countryCode: text("country_code").notNull(),
    businessCount: integer("business_count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categorySlug, t.countryCode] }),
    index("category_country_counts_by_country").on(t.countryCode, t.businessCount),
    index("category_country_counts_by_category").on(t.categorySlug, t.businessCount),
  ],
);

/** Businesses per (city, category): city top categories. */
export const cityCategoryCounts = sqliteTable(
  "city_category_counts",
  {
    countryCode: text("country_code").notNull(),
    citySlug: text("city_slug").notNull(),
    categorySlug: text("category_slug").notNull(),
    businessCount: integer("business_count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.countryCode, t.citySlug, t.categorySlug] }),
    index("city_category_counts_by_count").on(t.countryCode, t.citySlug, t.businessCount),
  ],
);

/**
 * Approved businesses with a map cell per Web Mercator tile at each zoom of MAP_COUNT_ZOOMS
 * (app/lib/map/map-clusters.ts), with the sums of their coordinates: a wide map view's clusters
 * (decision 111). `tile` is geo_cell >> 2 * (20 - zoom). Kept by triggers (migrations/0005).
 */
export const mapCellCounts = sqliteTable(
  "map_cell_counts",
  {
    zoom: integer("zoom").notNull(),
    tile: integer("tile").notNull(),
    businessCount: integer("business_count").notNull(),
    latitudeSum: real("latitude_sum").notNull(),
    longitudeSum: real("longitude_sum").notNull(),
  },
  (t) => [primaryKey({ columns: [t.zoom, t.tile] })],
);

/** Approved businesses with a map cell per city, with the sums of their coordinates: where the basemap labels a city (decision 111). */
export const cityPositions = sqliteTable(
  "city_positions",
  {
    countryCode: text("country_code").notNull(),
    citySlug: text("city_slug").notNull(),
    businessCount: integer("business_count").notNull(),
    latitudeSum: real("latitude_sum").notNull(),
    longitudeSum: real("longitude_sum").notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.citySlug] })],
);

/**
 * Page anchors of big categories and cities (decision 065): the id of every PAGE_ANCHOR_STEP-th
 * approved business, newest first, so that a page asked for by number skips fewer than
 * PAGE_ANCHOR_STEP index entries however deep it is. `scope` is "category/<slug>" or
 * "city/<country code>/<slug>"; `position` is 0-based. Any change to a scope's approved
 * businesses deletes its anchors (triggers); the queue rebuilds them.
 */
export const pageAnchors = sqliteTable(
  "page_anchors",
  {
    scope: text("scope").notNull(),
    position: integer("position").notNull(),
    businessId: integer("business_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.position] })],
);

/** Directory-wide totals kept by triggers (one row, id = 1). */
export const directoryTotals = sqliteTable("directory_totals", {
  id: integer("id").primaryKey(),
  businessCount: integer("business_count").notNull().default(0),
  /** All businesses, approved or not (admin figures). */
  allBusinessCount: integer("all_business_count").notNull().default(0),
  categoryCount: integer("category_count").notNull().default(0),
  countryCount: integer("country_count").notNull().default(0),
  cityCount: integer("city_count").notNull().default(0),
  /** Approved businesses that have a category / a city: what the categories and cities lists hold. */
  businessCountWithCategory: integer("business_count_with_category").notNull().default(0),
  businessCountWithCity: integer("business_count_with_city").notNull().default(0),
});

/**
 * Staff (decision 119): the administrator from the environment, who signs in by username, and
 * the administrators and moderators invited by e-mail, who sign in by their e-mail address.
 */
export const adminUsers = sqliteTable("admin_users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The environment's administrator's username; an invited person's e-mail address, lower-cased. */
  username: text("username").notNull().unique(),
  /** PBKDF2-SHA256, base64. */
  passwordHash: text("password_hash").notNull(),
  salt: text("salt").notNull(),
  iterations: integer("iterations").notNull(),
  createdAt: integer("created_at").notNull().default(unixNow),
  /** When this admin last opened the notifications: failed imports and sign-ins after it are new. */
  notificationsSeenAt: integer("notifications_seen_at").notNull().default(0),
  /** The name the audit log and the queue show; the username when null. */
  displayName: text("display_name"),
  role: text("role", { enum: ["admin", "moderator"] }).notNull().default("admin"),
  /** TOTP (RFC 6238) secret, base32; in use once `totpEnabledAt` is set. */
  totpSecret: text("totp_secret"),
  totpEnabledAt: integer("totp_enabled_at"),
  /** The last time step accepted: a code is good once. */
  totpLastStep: integer("totp_last_step").notNull().default(0),
  /** JSON array of the SHA-256 of each unused recovery code. */
  recoveryCodes: text("recovery_codes").notNull().default("[]"),
});

/** An administrator's invitation of a new staff member: a one-time link, valid 48 hours. */
export const staffInvites = sqliteTable(
  "staff_invites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** SHA-256 of the link's token. */
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "moderator"] }).notNull(),
    invitedBy: text("invited_by").notNull(),
    createdAt: integer("created_at").notNull().default(unixNow),
    expiresAt: integer("expires_at").notNull(),
    acceptedAt: integer("accepted_at"),
  },
  (t) => [index("staff_invites_email").on(t.email)],
);

export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    /** SHA-256 of the session token: a leaked table does not leak live cookies. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    /** Where and with what it was opened, for its owner's list of sessions. */
    address: text("address"),
    userAgent: text("user_agent"),
  },
  (t) => [index("admin_sessions_user").on(t.userId)],
);

/**
 * Members: owners and travellers alike, one kind of account, signed up and in by a code sent to
 * their e-mail address (decision 116). Deleting a member deletes this row and what hangs on it.
 */
export const members = sqliteTable("members", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Lower-cased: one account per address however it is typed. */
  email: text("email").notNull().unique(),
  /** Shown beside what the member writes; "" until they choose one. */
  displayName: text("display_name").notNull().default(""),
  /** "active", or "suspended" (no session opens). */
  status: text("status", { enum: ["active", "suspended", "terminated"] }).notNull().default("active"),
  createdAt: integer("created_at").notNull().default(unixNow),
});

/**
 * One-time sign-in codes and their one-click links, stored only as keyed hashes. A newer code
 * for the same address ends the older ones; five wrong tries end one.
 */
export const memberSignInCodes = sqliteTable(
  "member_sign_in_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** What the code proves: "sign-in", or "change-email" (the member's new address). */
    purpose: text("purpose", { enum: ["sign-in", "change-email"] }).notNull().default("sign-in"),
    /** The member changing their address, for a "change-email" code. */
    memberId: integer("member_id").references(() => members.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** HMAC-SHA256 (SESSION_SECRET) of the purpose, the address and the six digits. */
    codeHash: text("code_hash").notNull(),
    /** HMAC-SHA256 (SESSION_SECRET) of the link's random token. */
    linkHash: text("link_hash").notNull().unique(),
    expiresAt: integer("expires_at").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** When it signed someone in, was replaced, or burnt by wrong tries; null while it may still be used. */
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull().default(unixNow),
  },
  (t) => [index("member_sign_in_codes_email").on(t.email, t.id), index("member_sign_in_codes_member").on(t.memberId)],
);

/** Member sessions, apart from the admin's: the SHA-256 of the token is the key. */
export const memberSessions = sqliteTable(
  "member_sessions",
  {
    id: text("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
  },
  (t) => [index("member_sessions_member").on(t.memberId)],
);

/** A member's passkeys (WebAuthn): another way in beside the e-mail code. */
export const memberPasskeys = sqliteTable(
  "member_passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** JSON array of the authenticator's transports. */
    transports: text("transports").notNull().default("[]"),
    createdAt: integer("created_at").notNull().default(unixNow),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("member_passkeys_member").on(t.memberId)],
);

/**
 * One queue for everything members ask of the directory (the moderation queue): a new listing,
 * a claim, an owner's change; decided once, by an administrator.
 */
export const moderationItems = sqliteTable(
  "moderation_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["listing", "claim", "change", "review", "reply", "report", "appeal"] }).notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] }).notNull().default("pending"),
    /** Who asked; null once they deleted their account (a listing stays with the directory). */
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    businessId: integer("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    /** JSON: what was asked (a claim's position and phone, a change's fields old → new). */
    details: text("details").notNull().default("{}"),
    /** JSON array: what the moderator should look at (possible duplicates, a dispute). */
    flags: text("flags").notNull().default("[]"),
    /** The moderator's reason (required to reject). */
    reason: text("reason"),
    /** The administrator who decided, or "auto" for a claim approved by its e-mail domain. */
    decidedBy: text("decided_by"),
    decidedAt: integer("decided_at"),
    /** The client's Idempotency-Key: the same key twice gives the same item. */
    idempotencyKey: text("idempotency_key"),
    createdAt: integer("created_at").notNull().default(unixNow),
    /** The staff member who opened it, until `heldUntil`: nobody else decides it meanwhile. */
    heldBy: integer("held_by").references((): AnySQLiteColumn => adminUsers.id, { onDelete: "set null" }),
    heldUntil: integer("held_until"),
  },
  (t) => [
    index("moderation_items_queue").on(t.status, t.kind, t.id),
    index("moderation_items_member").on(t.memberId, t.kind, t.id),
    index("moderation_items_business").on(t.businessId),
    // The figures of decisions per day and per person read decided items in time order.
    index("moderation_items_decided").on(t.decidedAt).where(sql`decided_at IS NOT NULL`),
    // A new hold releases its holder's others; a removed staff member's holds are let go.
    index("moderation_items_held").on(t.heldBy).where(sql`held_by IS NOT NULL`),
    uniqueIndex("moderation_items_idempotency").on(t.memberId, t.idempotencyKey).where(sql`idempotency_key IS NOT NULL`),
    // One pending claim per member and listing.
    uniqueIndex("moderation_items_pending_claim").on(t.memberId, t.businessId).where(sql`kind = 'claim' AND status = 'pending'`),
  ],
);

/**
 * Guest reviews (decision 118): one per member and business. A published review counts in its
 * business's review_summaries (kept by the triggers of migrations/0009), never in the imported
 * rating. An edit waits in `pending_edit` while the published version stays.
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title"),
    text: text("text").notNull(),
    /** The text's letters and digits, lower case, first 300 (app/lib/reviews/review-fields.ts): the same review on another business. */
    textKey: text("text_key").notNull(),
    /** "YYYY-MM". */
    visitedOn: text("visited_on"),
    tripType: text("trip_type", { enum: ["business", "couple", "family", "friends", "solo"] }),
    /** pending → published | rejected; "hidden" while 3 members' reports wait for a moderator. */
    status: text("status", { enum: ["pending", "published", "rejected", "hidden"] }).notNull().default("pending"),
    /** JSON of the author's edit waiting for a moderator (rating, title, text, visitedOn, tripType). */
    pendingEdit: text("pending_edit"),
    /** The moderator's reason when rejected. */
    reason: text("reason"),
    /** Different members who reported it since it was last decided. */
    reportCount: integer("report_count").notNull().default(0),
    /** The owner's reply: its published text, and a text waiting for a moderator. */
    replyText: text("reply_text"),
    replyPendingText: text("reply_pending_text"),
    replyAt: integer("reply_at"),
    createdAt: integer("created_at").notNull().default(unixNow),
    updatedAt: integer("updated_at").notNull().default(unixNow),
  },
  (t) => [
    uniqueIndex("reviews_member_business").on(t.memberId, t.businessId),
    // A business's published reviews, newest first and by rating.
    index("reviews_business_published").on(t.businessId, t.id).where(sql`status = 'published'`),
    index("reviews_business_rating").on(t.businessId, t.rating, t.id).where(sql`status = 'published'`),
    // A burst of reviews of one business, whatever their status.
    index("reviews_business_created").on(t.businessId, t.createdAt),
    index("reviews_text_key").on(t.textKey),
  ],
);

/**
 * A business's published reviews, summed (triggers of migrations/0009): the summary answers
 * without counting. No foreign key: a deleted business's reviews take their counts away as
 * they go, and the row with them.
 */
export const reviewSummaries = sqliteTable("review_summaries", {
  businessId: integer("business_id").primaryKey(),
  reviewCount: integer("review_count").notNull().default(0),
  ratingSum: integer("rating_sum").notNull().default(0),
  stars1: integer("stars_1").notNull().default(0),
  stars2: integer("stars_2").notNull().default(0),
  stars3: integer("stars_3").notNull().default(0),
  stars4: integer("stars_4").notNull().default(0),
  stars5: integer("stars_5").notNull().default(0),
});

/** A member's report of a review or a listing: one per member and item. */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    targetKind: text("target_kind", { enum: ["review", "business"] }).notNull(),
    targetId: integer("target_id").notNull(),
    reason: text("reason", { enum: ["fake", "offensive", "conflict-of-interest", "closed", "wrong-information", "other"] }).notNull(),
    note: text("note"),
    createdAt: integer("created_at").notNull().default(unixNow),
  },
  (t) => [uniqueIndex("reports_member_target").on(t.memberId, t.targetKind, t.targetId), index("reports_target").on(t.targetKind, t.targetId)],
);

/** Warnings, suspensions and terminations of members, with their appeals. */
export const memberSanctions = sqliteTable(
  "member_sanctions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    level: text("level", { enum: ["warning", "suspension", "termination"] }).notNull(),
    reason: text("reason").notNull(),
    /** A suspension's end (unix seconds); null for the others. */
    endsAt: integer("ends_at"),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull().default(unixNow),
    liftedAt: integer("lifted_at"),
    liftedBy: text("lifted_by"),
    appealText: text("appeal_text"),
    appealedAt: integer("appealed_at"),
  },
  (t) => [index("member_sanctions_member").on(t.memberId, t.id)],
);

/** Photos members sent with a listing, stored in R2 under random keys. */
export const listingPhotos = sqliteTable(
  "listing_photos",
  {
    /** The R2 key's random part, also the photo's address (/photos/{key}). */
    key: text("key").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: integer("created_at").notNull().default(unixNow),
  },
  (t) => [index("listing_photos_business").on(t.businessId, t.position)],
);

/** Messages members sent a claimed business's owner, relayed by e-mail and shown under /account. */
export const businessMessages = sqliteTable(
  "business_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    fromMemberId: integer("from_member_id").references(() => members.id, { onDelete: "set null" }),
    /** The sender's address when sent: the e-mail's Reply-To. */
    fromEmail: text("from_email").notNull(),
    toMemberId: integer("to_member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: integer("created_at").notNull().default(unixNow),
  },
  (t) => [index("business_messages_to").on(t.toMemberId, t.id), index("business_messages_from").on(t.fromMemberId), index("business_messages_business").on(t.businessId)],
);

/**
 * E-mail waiting to go out through the queue, with its tries: a failed send is tried again, then
 * recorded as failed for the admin. (The sign-in code is sent at once and never waits here.)
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    createdAt: integer("created_at").notNull().default(unixNow),
    sentAt: integer("sent_at"),
  },
  (t) => [index("mail_outbox_status").on(t.status, t.id)],
);

/**
 * The local mailbox: where e-mail goes when the Worker does not run as the real site
 * (npm start, the tests), for a person and the tests to read at /dev/mailbox.
 */
export const devMailbox = sqliteTable(
  "dev_mailbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    sentAt: integer("sent_at").notNull().default(unixNow),
  },
  (t) => [index("dev_mailbox_to").on(t.toAddress, t.id)],
);

/** Fixed-window counters for throttling (login attempts, contact form). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
  /** End of the window: from then on the row counts nothing, and the cron deletes it. */
  expiresAt: integer("expires_at").notNull().default(0),
});

/** Site settings (head_tags, footer_tags, analytics_code, facebook_pixel) and ad codes (ad1..ad4). */
export const siteSettings = sqliteTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull().default(""),
  updatedAt: integer("updated_at").notNull().default(unixNow),
});

export const adCodes = sqliteTable("ad_codes", {
  slot: text("slot").primaryKey(),
  code: text("code").notNull().default(""),
  updatedAt: integer("updated_at").notNull().default(unixNow),
});

/** The reasons a moderator picks from to reject, edited by administrators. */
export const reasonTemplates = sqliteTable("reason_templates", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  text: text("text").notNull(),
  position: integer("position").notNull().default(0),
});

/** Internal state: cache generation, sitemap generation, etc. */
export const appState = sqliteTable("app_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Visitor messages from /contact: the admin's inbox ("Mesajlar"). */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: integer("created_at").notNull().default(unixNow),
    /** First opened by an admin; NULL while unread. */
    readAt: integer("read_at"),
    /** Marked as handled (answered or dealt with); NULL while open. */
    handledAt: integer("handled_at"),
  },
  (t) => [
    index("contact_messages_created").on(t.createdAt),
    // The menu's unread count reads only the unread ones.
    index("contact_messages_unread").on(t.createdAt).where(sql`read_at IS NULL`),
  ],
);

/**
 * What administrators did, and what the import queue ended: who (the username,
 * or the name tried at a failed sign-in; NULL for the queue), what, when and from which address.
 * Bounded by the upkeep cron (app/models/audit-log.server.ts pruneAuditLog); never exported.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: integer("created_at").notNull().default(unixNow),
    /** One of AUDIT_ACTIONS (app/lib/admin/audit-actions.ts). */
    action: text("action").notNull(),
    actor: text("actor"),
    address: text("address"),
    /** What it was done to: a business, a file, a message (its name as shown then). */
    subject: text("subject"),
    /** A short line of figures or fields ("12 satır", "head_tags"). */
    detail: text("detail"),
  },
  (t) => [index("audit_log_created").on(t.createdAt), index("audit_log_action").on(t.action, t.createdAt), index("audit_log_actor").on(t.actor, t.createdAt)],
);

export const uploadJobs = sqliteTable(
  "upload_jobs",
  {
    id: text("id").primaryKey(),
    fileName: text("file_name").notNull(),
    fileSize: integer("file_size").notNull(),
    /** Generated R2 key, never derived from the file name. */
    objectKey: text("object_key").notNull(),
    fileType: text("file_type").notNull(),
    batchSize: integer("batch_size").notNull().default(500),
    /** uploading (browser sending parts) → queued → processing → done | failed */
    status: text("status").notNull().default("queued"),
    /** Resume point of the consumer (JSON), committed with each step. */
    cursor: text("cursor"),
    /** Running counts (JSON), committed together with the cursor. */
    progress: text("progress"),
    /** Final batch result and upload report (JSON). */
    result: text("result"),
    error: text("error"),
    createdAt: integer("created_at").notNull().default(unixNow),
    updatedAt: integer("updated_at").notNull().default(unixNow),
    finishedAt: integer("finished_at"),
    /** R2 multipart upload of a browser upload, kept so an abandoned one can be aborted. */
    uploadId: text("upload_id"),
    /** When the consumer first took the job: the report's processing time starts here. */
    startedAt: integer("started_at"),
  },
  (t) => [index("upload_jobs_created").on(t.createdAt)],
);

/**
 * Identities already read from a file during its import:
 * duplicates within the file are counted across resumable steps. Emptied when the job ends.
 */
export const uploadJobKeys = sqliteTable(
  "upload_job_keys",
  {
    jobId: text("job_id")
      .notNull()
      .references(() => uploadJobs.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.key] })],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
export type AuditLogEntry = typeof auditLog.$inferSelect;
export type Business = typeof businesses.$inferSelect;
export type ModerationItem = typeof moderationItems.$inferSelect;

/**
 * A table's row under its SQL column names, as hand-written SQL reads and writes it: renaming a
 * column above renames its key here, so every such use fails to compile until it follows.
 */
export type SqlRow<T extends SQLiteTable> = {
  [K in keyof T["_"]["columns"] & keyof T["$inferSelect"] as T["_"]["columns"][K]["_"]["name"]]: T["$inferSelect"][K];
};
