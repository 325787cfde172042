import { shownRating } from "~/lib/format";
import { firstPhoneNumber } from "~/lib/phone";
import { absoluteUrl } from "~/lib/seo";
import { httpUrl, websiteUrl } from "~/lib/web-url";
import { DAY_NAMES, parseHoursText, parseWorkingHours } from "~/lib/opening-hours";

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
  rating: number | null;
  reviews: number;
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

/** Hotel (lodging types) or LocalBusiness, with address, geo, telephone, hours and rating. */
export function businessJsonLd(business: BusinessForJsonLd, siteUrl: string) {
  const kind = LODGING.test(business.type ?? business.category ?? "") ? "Hotel" : "LocalBusiness";
  const hours = openingHoursSpecification(business.workingHours);
  const rating = shownRating(business.rating);
  const telephone = business.phone ? firstPhoneNumber(business.phone) : null;
  const image = httpUrl(business.photo);
  const sameAs = websiteUrl(business.url);
  const address = {
    ...(business.street ? { streetAddress: business.street } : {}),
    ...(business.city ? { addressLocality: business.city } : {}),
    ...(business.postalCode ? { postalCode: business.postalCode } : {}),
    ...(business.countryCode ? { addressCountry: business.countryCode } : {}),
    ...(!business.street && business.fullAddress ? { name: business.fullAddress } : {}),
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
    // Google's scale is 1–5; a value below 1 (the import takes 0–5) states a scale from 0, as
    // Google refuses a rating below its worstRating.
    ...(rating !== null && business.reviews > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: rating, reviewCount: business.reviews, bestRating: 5, worstRating: rating < 1 ? 0 : 1 } }
      : {}),
  };
}
