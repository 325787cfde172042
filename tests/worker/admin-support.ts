import { env, SELF } from "cloudflare:test";
import { toBusinessRow, type BusinessRecord } from "~/lib/business/business-record";
import { upsertBusinesses } from "~/import/commit.server";

/** The site's configured origin (SITE_URL of wrangler.toml): the only Origin an admin request may carry. */
export const ORIGIN = new URL(env.SITE_URL).origin;
export const ADMIN = { username: "admin", password: "correct horse battery staple" };

export function record(overrides: Partial<BusinessRecord> & { name: string }): BusinessRecord {
  return {
    placeId: null, category: "hotels", type: "Hotel", fullAddress: `${overrides.name} street 1`, street: null, city: "Zürich",
    postalCode: null, country: "Switzerland", countryCode: "CH", phone: null, latitude: 47.37, longitude: 8.54, rating: 4.5,
    reviews: 10, reviewsLink: null, photo: null, logo: null, locatedIn: null, workingHours: null, verified: true,
    about: null, timeZone: "Europe/Zurich", url: null, ...overrides,
  };
}

export async function addBusinesses(records: BusinessRecord[]): Promise<void> {
  await upsertBusinesses(env.DB, records.map((r) => toBusinessRow(r)));
}

export async function idOf(name: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT id FROM businesses WHERE name = ?1`).bind(name).first<{ id: number }>();
  if (!row) throw new Error(`no business ${name}`);
  return row.id;
}

/** Logs in through the real endpoint; returns the Cookie header to send. */
export async function login(ip = "10.0.0.1"): Promise<string> {
  const response = await SELF.fetch(`${ORIGIN}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": ip },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.get("Set-Cookie")!;
  return setCookie.split(";")[0]!;
}

export function adminFetch(cookie: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  headers.set("Origin", ORIGIN);
  if (typeof init.body === "string") headers.set("Content-Type", "application/json");
  return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" });
}
