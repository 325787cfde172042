import { slugify, slugWithoutSuffix } from "~/lib/business/slug";
import { REVIEWS_PER_PAGE } from "~/lib/reviews/review-fields";
import { nearbyFrom, nearbyStatement, type NearbyBusiness } from "./finder.server";
import { summaryOf, type PublishedReview, type ReviewSummary } from "./review.server";

// Hand-written SQL: the detail page is a public hot path (about 95 µs of CPU per statement against under 1 µs for the string, scripts/bench/query-builder-cost.ts).

/** Business detail (spec section 3) plus the slugs and names the page links with. */
export interface BusinessDetail {
  id: number;
  slug: string;
  name: string;
  type: string | null;
  category: string | null;
  categorySlug: string | null;
  fullAddress: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  citySlug: string | null;
  country: string | null;
  countryCode: string | null;
  rating: number | null;
  reviews: number;
  phone: string | null;
  photo: string | null;
  logo: string | null;
  verified: boolean;
  placeId: string | null;
  latitude: number | null;
  longitude: number | null;
  workingHours: string | null;
  about: string | null;
  timeZone: string | null;
  url: string | null;
  locatedIn: string | null;
  /** An owner's claim was approved: the page shows "Claimed" and offers to write to the owner. */
  claimed: boolean;
}

function toDetail(r: Record<string, unknown>): BusinessDetail {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));
  return {
    id: Number(r.id),
    slug: String(r.slug),
    name: String(r.name),
    type: text(r.type),
    category: text(r.category),
    categorySlug: text(r.category_slug),
    fullAddress: text(r.full_address),
    street: text(r.street),
    postalCode: text(r.postal_code),
    city: text(r.city),
    citySlug: text(r.city_slug),
    country: text(r.country),
    countryCode: text(r.country_code),
    rating: num(r.rating),
    reviews: Number(r.reviews ?? 0),
    phone: text(r.phone),
    photo: text(r.photo),
    logo: text(r.logo),
    verified: Boolean(r.verified),
    placeId: text(r.place_id),
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    workingHours: text(r.working_hours),
    about: text(r.about),
    timeZone: text(r.time_zone),
    url: text(r.url),
    locatedIn: text(r.located_in),
    claimed: Boolean(r.claimed),
  };
}

const DETAIL_COLUMNS = `id, slug, name, type, category, category_slug, full_address, street, postal_code, city,
  city_slug, country, country_code, rating, reviews, phone, photo, logo, verified, place_id, latitude, longitude,
  working_hours, about, time_zone, url, located_in, owner_id IS NOT NULL AS claimed`;
const DETAIL_SQL = `SELECT ${DETAIL_COLUMNS} FROM businesses WHERE slug = ?1 AND is_approved = 1`;
/** A listing not (yet) public, for the only people who may see it: its submitter, its owner and the admin. */
const UNAPPROVED_DETAIL_SQL = `SELECT ${DETAIL_COLUMNS}, submitted_by, owner_id FROM businesses WHERE slug = ?1 AND is_approved = 0`;

/** The business's guest reviews as its page first shows them: the summary and the newest page. */
export interface BusinessReviews {
  summary: ReviewSummary;
  reviews: PublishedReview[];
}

/** The summary row (its primary key) of the approved business of slug ?1, named as summaryOf reads it. */
const REVIEW_SUMMARY_SQL = `SELECT business_id AS businessId, review_count AS reviewCount, rating_sum AS ratingSum, stars_1 AS stars1,
  stars_2 AS stars2, stars_3 AS stars3, stars_4 AS stars4, stars_5 AS stars5
  FROM review_summaries WHERE business_id = (SELECT id FROM businesses WHERE slug = ?1 AND is_approved = 1)`;
/** The newest page of its published reviews, on the partial index reviews_business_published (as listBusinessReviews' first page). */
const FIRST_REVIEWS_SQL = `SELECT r.id, r.rating, r.title, r.text, r.visited_on, r.trip_type, r.created_at, r.updated_at, r.reply_text, r.reply_at,
  (SELECT display_name FROM members WHERE id = r.member_id) AS display_name
  FROM reviews r WHERE r.business_id = (SELECT id FROM businesses WHERE slug = ?1 AND is_approved = 1) AND r.status = 'published'
  ORDER BY r.id DESC LIMIT ${REVIEWS_PER_PAGE}`;

const iso = (seconds: unknown) => new Date(Number(seconds) * 1000).toISOString();

function toPublishedReview(r: Record<string, unknown>): PublishedReview {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: Number(r.id),
    rating: Number(r.rating),
    title: text(r.title),
    text: String(r.text),
    visitedOn: text(r.visited_on),
    tripType: text(r.trip_type),
    createdAt: iso(r.created_at),
    author: { displayName: text(r.display_name) || "A guest" },
    reply: r.reply_text ? { text: String(r.reply_text), createdAt: iso(r.reply_at ?? r.updated_at) } : null,
  };
}

/**
 * An approved business by slug (unique index: one row read), with its Nearby and the first page
 * of its guest reviews when asked (in the same D1 batch: still one round trip). The spec's retry rule: when the
 * slug is not found and ends in "-" + 6 lowercase alphanumerics, the slug without that suffix
 * is tried once; then the slug as slugify() spells it (capitals, accents). Null
 * when none exists (or the business is not approved). The answer's slug is the one to link to.
 */
async function findBusiness(db: D1Database, slug: string, withPage: boolean): Promise<BusinessPage | null> {
  const bySlug = async (wanted: string): Promise<BusinessPage | null> => {
    if (!withPage) {
      const row = await db.prepare(DETAIL_SQL).bind(wanted).first<Record<string, unknown>>();
      return row ? { business: toDetail(row), nearby: [], reviews: NO_REVIEWS } : null;
    }
    const [detail, nearby, summary, reviews] = await db.batch<Record<string, unknown>>([
      db.prepare(DETAIL_SQL).bind(wanted),
      nearbyStatement(db, wanted),
      db.prepare(REVIEW_SUMMARY_SQL).bind(wanted),
      db.prepare(FIRST_REVIEWS_SQL).bind(wanted),
    ]);
    const row = detail!.results[0];
    if (!row) return null;
    const business = toDetail(row);
    return {
      business,
      nearby: nearbyFrom(business.latitude !== null && business.longitude !== null ? { latitude: business.latitude, longitude: business.longitude } : null, nearby!.results),
      reviews: {
        summary: summaryOf(summary!.results[0] as Parameters<typeof summaryOf>[0]),
        reviews: reviews!.results.map(toPublishedReview),
      },
    };
  };
  const found = await bySlug(slug);
  if (found) return found;
  const base = slugWithoutSuffix(slug);
  const retried = base ? await bySlug(base) : null;
  if (retried) return retried;
  // Another spelling of a stored slug ("/business/Hotel-Alpina-ab12cd").
  const respelled = slugify(slug);
  return respelled && respelled !== slug ? bySlug(respelled) : null;
}

/** An approved business by slug (see findBusiness), as /api/businesses/{slug} answers it. */
export async function getBusinessBySlug(db: D1Database, slug: string): Promise<BusinessDetail | null> {
  return (await findBusiness(db, slug, false))?.business ?? null;
}

/** A business page's data: the business, the NEARBY_COUNT other approved businesses nearest to it (nearest first), and its guest reviews' first page. */
export interface BusinessPage {
  business: BusinessDetail;
  nearby: NearbyBusiness[];
  reviews: BusinessReviews;
}

/** No guest reviews (a listing not yet public, or an answer without them). */
export const NO_REVIEWS: BusinessReviews = { summary: summaryOf(undefined), reviews: [] };

export async function getBusinessPage(db: D1Database, slug: string): Promise<BusinessPage | null> {
  return findBusiness(db, slug, true);
}

/** Who is looking at a page that is not public: a signed-in member's id, and whether an admin is signed in. */
export interface PrivateViewer {
  memberId: number | null;
  admin: boolean;
}

/**
 * An unapproved business (a listing waiting for review), for its submitter, its owner and the
 * admin alone; null for anyone else, exactly as for a slug that does not exist.
 */
export async function getUnapprovedBusinessFor(db: D1Database, slug: string, viewer: PrivateViewer): Promise<BusinessDetail | null> {
  if (viewer.memberId === null && !viewer.admin) return null;
  const row = await db.prepare(UNAPPROVED_DETAIL_SQL).bind(slug).first<Record<string, unknown>>();
  if (!row) return null;
  const mine = viewer.memberId !== null && (row.submitted_by === viewer.memberId || row.owner_id === viewer.memberId);
  return mine || viewer.admin ? toDetail(row) : null;
}
