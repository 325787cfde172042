import { firstPhoneNumber } from "~/lib/business/phone";
import { absoluteUrl } from "~/lib/directory/seo";
import { businessPhotoUrl, websiteUrl } from "~/lib/business/web-url";
import { DAY_NAMES, parseHoursText, parseWorkingHours } from "~/lib/business/opening-hours";

/** What the structured data of a business page needs (a subset of the business detail). */
export interface BusinessForJsonLd {
  slug: string;
  name: string;
  type: string | null;
  category: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  countryCode: string | null;
  fullAddress: string | null;
  phone: string | null;
  photo: string | null;
  url: string | null;
  latitude: number | null;
  longitude: number | null;
  workingHours: string | null;
}

const LODGING = /hotel|motel|resort|inn\b|hostel|lodging|guest ?house|bed & breakfast|apartment/i;

function clock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** schema.org OpeningHoursSpecification entries from the export's hours (unreadable days skipped). */
export function openingHoursSpecification(workingHours: unknown) {
  const week = parseWorkingHours(workingHours);
  if (!week) return [];
  const specs: { "@type": "OpeningHoursSpecification"; dayOfWeek: string; opens: string; closes: string }[] = [];
  for (const day of DAY_NAMES) {
    const text = week[day];
    const hours = text === undefined ? null : parseHoursText(text);
    if (hours === null || hours === "closed") continue;
    const intervals = hours === "open24" ? [{ start: 0, end: 1439 }] : hours;
    for (const interval of intervals) {
      specs.push({ "@type": "OpeningHoursSpecification", dayOfWeek: `https://schema.org/${day}`, opens: clock(interval.start), closes: clock(interval.end) });
    }
  }
  return specs;
}

/** Our guest reviews as the page shows them: the summary of the approved ones and those on the page. */
export interface ReviewsForJsonLd {
  summary: { count: number; average: number | null };
  reviews: { rating: number; title: string | null; text: string; createdAt: string; author: { displayName: string } }[];
}

const RATING_SCALE = { bestRating: 5, worstRating: 1 } as const;

interface RatingJsonLd {
  "@type": "Rating";
  ratingValue: number;
  bestRating: 5;
  worstRating: 1;
}

/** What reviewsJsonLd adds to a business's structured data. */
export interface ReviewsMarkup {
  aggregateRating?: Omit<RatingJsonLd, "@type"> & { "@type": "AggregateRating"; reviewCount: number };
  review?: { "@type": "Review"; reviewRating: RatingJsonLd; author: { "@type": "Person"; name: string }; datePublished: string; name?: string; reviewBody: string }[];
}

/**
 * AggregateRating and Review items from our approved guest reviews alone, never the imported
 * rating; nothing while there are none.
 */
export function reviewsJsonLd(reviews: ReviewsForJsonLd | null | undefined): ReviewsMarkup {
  const { count, average } = reviews?.summary ?? { count: 0, average: null };
  if (!reviews || count === 0 || average === null) return {};
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: average, reviewCount: count, ...RATING_SCALE },
    ...(reviews.reviews.length
      ? {
          review: reviews.reviews.map((review) => ({
            "@type": "Review",
            reviewRating: { "@type": "Rating", ratingValue: review.rating, ...RATING_SCALE },
            author: { "@type": "Person", name: review.author.displayName },
            datePublished: review.createdAt.slice(0, 10),
            ...(review.title ? { name: review.title } : {}),
            reviewBody: review.text,
          })),
        }
      : {}),
  };
}

/**
 * Hotel (lodging types) or LocalBusiness, with address, geo, telephone and hours. The imported
 * rating is never marked up: it is Google Maps', and Google's review-snippet rules forbid marking
 * up ratings gathered from another site (decision 098); the page still shows it. Our own guest
 * reviews, when approved ones exist, give aggregateRating and the page's Review items.
 */
export function businessJsonLd(business: BusinessForJsonLd, siteUrl: string, reviews?: ReviewsForJsonLd | null) {
  const kind = LODGING.test(business.type ?? business.category ?? "") ? "Hotel" : "LocalBusiness";
  const hours = openingHoursSpecification(business.workingHours);
  const telephone = business.phone ? firstPhoneNumber(business.phone) : null;
  const image = businessPhotoUrl(business.photo, siteUrl);
  const sameAs = websiteUrl(business.url);
  const address = {
    // Without a street, the whole address line stands in for it (PostalAddress has no other
    // field a reader takes as the address).
    ...(business.street || business.fullAddress ? { streetAddress: business.street || business.fullAddress } : {}),
    ...(business.city ? { addressLocality: business.city } : {}),
    ...(business.postalCode ? { postalCode: business.postalCode } : {}),
    ...(business.countryCode ? { addressCountry: business.countryCode } : {}),
  };
  return {
    "@context": "https://schema.org",
    "@type": kind,
    "@id": absoluteUrl(siteUrl, `/business/${business.slug}`),
    name: business.name,
    url: absoluteUrl(siteUrl, `/business/${business.slug}`),
    ...(image ? { image } : {}),
    ...(telephone ? { telephone } : {}),
    ...(sameAs ? { sameAs } : {}),
    // No address part known (a file with an empty address and country code): no empty PostalAddress.
    ...(Object.keys(address).length ? { address: { "@type": "PostalAddress", ...address } } : {}),
    ...(business.latitude !== null && business.longitude !== null
      ? { geo: { "@type": "GeoCoordinates", latitude: business.latitude, longitude: business.longitude } }
      : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    ...reviewsJsonLd(reviews),
  };
}
