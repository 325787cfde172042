import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { toBusinessRow, type BusinessRecord } from "~/lib/business/business-record";
import { upsertBusinesses } from "~/import/commit.server";
import { demoBusinesses } from "../../../scripts/demo-data";

/** A business record with sensible defaults (a Zürich hotel). */
export function record(overrides: Partial<BusinessRecord> & { name: string; placeId: string | null }): BusinessRecord {
  return {
    category: "Hotel", type: "Hotel", fullAddress: "Bahnhofstrasse 1, 8001 Zürich, Switzerland", street: "Bahnhofstrasse 1",
    city: "Zürich", postalCode: "8001", country: "Switzerland", countryCode: "CH", phone: "+41 44 000 00 00",
    latitude: 47.37, longitude: 8.54, rating: 4.5, reviews: 10, reviewsLink: null, photo: null, logo: null, locatedIn: null,
    workingHours: JSON.stringify({ Monday: "9AM-5PM", Tuesday: "9AM-5PM", Wednesday: "9AM-5PM", Thursday: "9AM-5PM", Friday: "9AM-5PM", Saturday: "Closed", Sunday: "Closed" }),
    verified: true, about: JSON.stringify({ Amenities: { "Free Wi-Fi": true, Pool: true, Spa: false } }),
    timeZone: "Europe/Zurich", url: null, ...overrides,
  };
}

export async function insert(...records: BusinessRecord[]) {
  await upsertBusinesses(env.DB, records.map((r) => toBusinessRow(r)));
}

/** The first `count` demo businesses (realistic names, cities, hours; index 7 is adversarial). */
export async function insertDemo(count: number, start = 0) {
  const rows = [...demoBusinesses(start, count)].map((b) => toBusinessRow(b));
  for (let i = 0; i < rows.length; i += 200) await upsertBusinesses(env.DB, rows.slice(i, i + 200));
}

export async function slugOf(placeId: string): Promise<string> {
  const row = await env.DB.prepare(`SELECT slug FROM businesses WHERE place_id = ?1`).bind(placeId).first<{ slug: string }>();
  if (!row) throw new Error(`no business ${placeId}`);
  return row.slug;
}

/** A public page's HTML as a visitor reads its text (React's text separators aside); it must answer 200. */
export async function pageText(path: string): Promise<string> {
  const response = await SELF.fetch(`https://example.com${path}`);
  expect(response.status, path).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}
