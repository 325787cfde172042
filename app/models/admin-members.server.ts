import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { database } from "~/db/client.server";
import { businesses, members, memberSanctions, moderationItems, reports, reviews } from "~/db/schema";
import { totalPages } from "~/lib/directory/paging";
import { appealClosesAt, MEMBERS_PAGE_SIZE, type MemberStanding, type MembersQuery, type SanctionLevel } from "~/lib/members/sanctions";

/** The admin's view of members ("Üyeler", issue 51): the list with its counts, and one member's record. */

const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

export interface MemberRow {
  id: number;
  email: string;
  displayName: string;
  status: MemberStanding;
  createdAt: string;
  listingCount: number;
  reviewCount: number;
  reportCount: number;
}

export interface MembersPage {
  members: MemberRow[];
  total: number;
  page: number;
  totalPages: number;
}

/** A suspension of the member still running, as SQL (the list's "Askıda"). */
// Hand-written SQL: a correlated subquery names its tables (drizzle writes a column bare inside a select).
const liveSuspension = (at: number) =>
  sql`EXISTS (SELECT 1 FROM member_sanctions AS s WHERE s.member_id = members.id AND s.level = 'suspension' AND s.lifted_at IS NULL AND s.ends_at > ${at})`;

/** The member's standing: terminated, else suspended (the old account status, or a suspension running), else active. */
function standingWhere(standing: MemberStanding, at: number): SQL {
  if (standing === "terminated") return eq(members.status, "terminated");
  if (standing === "suspended") return and(sql`${members.status} <> 'terminated'`, or(eq(members.status, "suspended"), liveSuspension(at)))!;
  return and(eq(members.status, "active"), sql`NOT ${liveSuspension(at)}`)!;
}

/** `text` inside a LIKE pattern, its wildcards taken literally (ESCAPE '\'). */
const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of members, newest first, searched by e-mail or display name and filtered by standing, with what each gave the directory. */
export async function listMembers(d1: D1Database, query: MembersQuery, pageSize = MEMBERS_PAGE_SIZE): Promise<MembersPage> {
  const db = database(d1);
  const at = Math.floor(Date.now() / 1000);
  const pattern = query.q ? likeText(query.q) : null;
  const where = and(
    pattern ? sql`(${members.email} LIKE ${pattern} ESCAPE '\\' OR lower(${members.displayName}) LIKE ${pattern} ESCAPE '\\')` : undefined,
    query.status ? standingWhere(query.status, at) : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: members.id,
        email: members.email,
        displayName: members.displayName,
        status: members.status,
        createdAt: members.createdAt,
        suspended: sql<number>`${liveSuspension(at)}`,
        // The partial indexes on submitted_by and owner_id answer each half.
        listingCount: sql<number>`(SELECT count(*) FROM businesses AS b WHERE b.submitted_by = members.id OR b.owner_id = members.id)`,
        reviewCount: sql<number>`(SELECT count(*) FROM reviews AS r WHERE r.member_id = members.id)`,
        reportCount: sql<number>`(SELECT count(*) FROM reports AS p WHERE p.member_id = members.id)`,
      })
      .from(members)
      .where(where)
      .orderBy(desc(members.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(members).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    members: rows.map((row) => ({
      id: row.id,
      email: row.email,
      displayName: row.displayName,
      status: row.status === "terminated" ? "terminated" : row.status === "suspended" || row.suspended ? "suspended" : "active",
      createdAt: iso(row.createdAt)!,
      listingCount: row.listingCount,
      reviewCount: row.reviewCount,
      reportCount: row.reportCount,
    })),
    total: n,
    page: query.page,
    totalPages: totalPages(n, pageSize),
  };
}

export interface MemberSanctionEntry {
  id: number;
  level: SanctionLevel;
  reason: string;
  endsAt: string | null;
  createdBy: string;
  createdAt: string;
  liftedAt: string | null;
  liftedBy: string | null;
  appealText: string | null;
  appealedAt: string | null;
  appealClosesAt: string;
  /** It stands: not lifted, and for a suspension not over. */
  live: boolean;
}

export interface MemberReport {
  id: number;
  targetKind: "review" | "business";
  targetId: number;
  reason: string;
  note: string | null;
  createdAt: string;
  /** The business the report is about (a review's business), when it still exists. */
  business: { slug: string; name: string } | null;
  /** Who made it (reports received), or null (reports made). */
  by: { id: number; email: string } | null;
}

export interface MemberRecord {
  member: Omit<MemberRow, "listingCount" | "reviewCount" | "reportCount">;
  listings: { id: number; slug: string; name: string; isApproved: boolean; owned: boolean; submitted: boolean }[];
  claims: { id: number; status: string; reason: string | null; createdAt: string; business: { id: number; slug: string; name: string } | null }[];
  reviews: { id: number; rating: number; title: string | null; text: string; status: string; reason: string | null; createdAt: string; business: { slug: string; name: string } }[];
  reportsMade: MemberReport[];
  reportsReceived: MemberReport[];
  sanctions: MemberSanctionEntry[];
}

/** Everything the admin's member page shows (the newest 100 of each list); null for an unknown id. */
export async function memberRecord(d1: D1Database, memberId: number): Promise<MemberRecord | null> {
  const db = database(d1);
  const at = Math.floor(Date.now() / 1000);
  const member = await db
    .select({ id: members.id, email: members.email, displayName: members.displayName, status: members.status, createdAt: members.createdAt, suspended: sql<number>`${liveSuspension(at)}` })
    .from(members)
    .where(eq(members.id, memberId))
    .get();
  if (!member) return null;
  const reportColumns = {
    id: reports.id, targetKind: reports.targetKind, targetId: reports.targetId, reason: reports.reason, note: reports.note, createdAt: reports.createdAt,
    slug: sql<string | null>`(SELECT b.slug FROM businesses AS b WHERE b.id = CASE WHEN reports.target_kind = 'business' THEN reports.target_id ELSE (SELECT r.business_id FROM reviews AS r WHERE r.id = reports.target_id) END)`,
    name: sql<string | null>`(SELECT b.name FROM businesses AS b WHERE b.id = CASE WHEN reports.target_kind = 'business' THEN reports.target_id ELSE (SELECT r.business_id FROM reviews AS r WHERE r.id = reports.target_id) END)`,
  };
  const [listings, claims, written, made, received, sanctions] = await db.batch([
    db
      .select({ id: businesses.id, slug: businesses.slug, name: businesses.name, isApproved: businesses.isApproved, ownerId: businesses.ownerId, submittedBy: businesses.submittedBy })
      .from(businesses)
      .where(or(eq(businesses.submittedBy, memberId), eq(businesses.ownerId, memberId)))
      .orderBy(desc(businesses.id))
      .limit(100),
    db
      .select({ id: moderationItems.id, status: moderationItems.status, reason: moderationItems.reason, createdAt: moderationItems.createdAt, businessId: moderationItems.businessId, slug: businesses.slug, name: businesses.name })
      .from(moderationItems)
      .leftJoin(businesses, eq(businesses.id, moderationItems.businessId))
      .where(and(eq(moderationItems.memberId, memberId), eq(moderationItems.kind, "claim")))
      .orderBy(desc(moderationItems.id))
      .limit(100),
    db
      .select({ id: reviews.id, rating: reviews.rating, title: reviews.title, text: reviews.text, status: reviews.status, reason: reviews.reason, createdAt: reviews.createdAt, slug: businesses.slug, name: businesses.name })
      .from(reviews)
      .innerJoin(businesses, eq(businesses.id, reviews.businessId))
      .where(eq(reviews.memberId, memberId))
      .orderBy(desc(reviews.id))
      .limit(100),
    db.select(reportColumns).from(reports).where(eq(reports.memberId, memberId)).orderBy(desc(reports.id)).limit(100),
    db
      .select({ ...reportColumns, byId: members.id, byEmail: members.email })
      .from(reports)
      .innerJoin(members, eq(members.id, reports.memberId))
      .where(
        or(
          and(eq(reports.targetKind, "review"), sql`reports.target_id IN (SELECT r.id FROM reviews AS r WHERE r.member_id = ${memberId})`),
          and(eq(reports.targetKind, "business"), sql`reports.target_id IN (SELECT b.id FROM businesses AS b WHERE b.owner_id = ${memberId} OR b.submitted_by = ${memberId})`),
        ),
      )
      .orderBy(desc(reports.id))
      .limit(100),
    db.select().from(memberSanctions).where(eq(memberSanctions.memberId, memberId)).orderBy(desc(memberSanctions.id)).limit(100),
  ]);
  const report = (row: (typeof made)[number], by: MemberReport["by"]): MemberReport => ({
    id: row.id, targetKind: row.targetKind, targetId: row.targetId, reason: row.reason, note: row.note, createdAt: iso(row.createdAt)!,
    business: row.slug !== null && row.name !== null ? { slug: row.slug, name: row.name } : null, by,
  });
  return {
    member: {
      id: member.id, email: member.email, displayName: member.displayName, createdAt: iso(member.createdAt)!,
      status: member.status === "terminated" ? "terminated" : member.status === "suspended" || member.suspended ? "suspended" : "active",
    },
    listings: listings.map((row) => ({ id: row.id, slug: row.slug, name: row.name, isApproved: row.isApproved, owned: row.ownerId === memberId, submitted: row.submittedBy === memberId })),
    claims: claims.map((row) => ({
      id: row.id, status: row.status, reason: row.reason, createdAt: iso(row.createdAt)!,
      business: row.businessId !== null && row.slug !== null && row.name !== null ? { id: row.businessId, slug: row.slug, name: row.name } : null,
    })),
    reviews: written.map((row) => ({ id: row.id, rating: row.rating, title: row.title, text: row.text, status: row.status, reason: row.reason, createdAt: iso(row.createdAt)!, business: { slug: row.slug, name: row.name } })),
    reportsMade: made.map((row) => report(row, null)),
    reportsReceived: received.map((row) => report(row, { id: row.byId, email: row.byEmail })),
    sanctions: sanctions.map((row) => ({
      id: row.id, level: row.level, reason: row.reason, endsAt: iso(row.endsAt), createdBy: row.createdBy, createdAt: iso(row.createdAt)!,
      liftedAt: iso(row.liftedAt), liftedBy: row.liftedBy, appealText: row.appealText, appealedAt: iso(row.appealedAt), appealClosesAt: iso(appealClosesAt(row.createdAt))!,
      live: row.liftedAt === null && (row.level !== "suspension" || (row.endsAt ?? 0) > at),
    })),
  };
}
