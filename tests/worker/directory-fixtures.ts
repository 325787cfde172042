import { SELF } from "cloudflare:test";
import { toBusinessRow, type BusinessRecord } from "~/lib/business/business-record";

export const BASE = "http://example.com";

/** A page as the Worker answers it, redirects not followed; React's text separators left out of the HTML. */
export async function fetchPage(path: string, init: RequestInit = {}) {
  const response = await SELF.fetch(`${BASE}${path}`, { redirect: "manual", ...init });
  return {
    status: response.status,
    location: response.headers.get("Location"),
    cache: response.headers.get("Cache-Control") ?? "",
    html: (await response.text()).replaceAll("<!-- -->", ""),
  };
}

/** A business of the directory tests; everything not given is a plausible Swiss hotel. */
export function directoryRecord(overrides: Partial<BusinessRecord> & { name: string; placeId: string }): BusinessRecord {
  return {
    category: "hotels", type: "Hotel", fullAddress: `${overrides.name}, Bahnhofstrasse 1, Zürich`, street: "Bahnhofstrasse 1",
    city: "Zürich", postalCode: "8001", country: "Switzerland", countryCode: "CH", phone: "+41 44 000 00 00",
    latitude: 47.37, longitude: 8.54, rating: 4.5, reviews: 10, reviewsLink: null, photo: null, logo: null, locatedIn: null,
    workingHours: null, verified: true, about: null, timeZone: "Europe/Zurich", url: null, ...overrides,
  };
}

/**
 * The directory of the API tests (50 businesses):
 *  - 15 "Hotel" in Zürich (CH), 3 "Hotel" and 2 "Hostel" in Paris (FR);
 *  - 30 kiosks "Kiosk 1".."Kiosk 30", each its own category, in "Town 1".."Town 30" (CH).
 * So: 32 categories (30 beginning with K), 2 countries, 32 cities (31 in CH, 30 beginning with T).
 */
export function directoryRows() {
  const records: BusinessRecord[] = [];
  for (let i = 1; i <= 15; i++) records.push(directoryRecord({ name: `Zürich Hotel ${i}`, placeId: `zh-${i}` }));
  for (let i = 1; i <= 3; i++) {
    records.push(directoryRecord({ name: `Hôtel de Paris ${i}`, placeId: `par-${i}`, city: "Paris", country: "France", countryCode: "FR", rating: 0 }));
  }
  for (let i = 1; i <= 2; i++) {
    records.push(
      directoryRecord({ name: `Paris Hostel ${i}`, placeId: `hos-${i}`, type: "Hostel", city: "Paris", country: "France", countryCode: "FR" }),
    );
  }
  for (let i = 1; i <= 30; i++) {
    records.push(directoryRecord({ name: `Kiosk Nr ${i}`, placeId: `kiosk-${i}`, type: `Kiosk ${i}`, category: "shops", city: `Town ${i}` }));
  }
  return records.map((r, index) => toBusinessRow(r, 1_700_000_000 + index));
}
