import { env, SELF } from "cloudflare:test";
import { toBusinessRow, type BusinessRecord } from "~/lib/business/business-record";
import { upsertBusinesses } from "~/import/commit.server";
import { createAdminUser } from "~/models/auth.server";

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
  // Remix compares a form post's Origin with its Host, as a browser sends both.
  headers.set("Host", new URL(ORIGIN).host);
  if (typeof init.body === "string") headers.set("Content-Type", "application/json");
  return SELF.fetch(`${ORIGIN}${path}`, { ...init, headers, redirect: "manual" });
}

/** A password the staff rules accept. */
export const STRONG = "lantern-orchard-velvet-42";

/** Signs a staff member in through the real endpoint, from `ip`. */
export async function staffLogin(username: string, password: string, extra: Record<string, string> = {}, ip = "10.40.0.1") {
  return SELF.fetch(`${ORIGIN}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": ip },
    body: JSON.stringify({ username, password, ...extra }),
  });
}

/** The Cookie header of a sign-in that must have worked. */
export async function cookieOf(response: Response): Promise<string> {
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.get("Set-Cookie")!.split(";")[0]!;
}

/** A new moderator `name` signed in: their Cookie header. */
export async function moderator(email: string, name: string): Promise<string> {
  await createAdminUser(env.DB, email, STRONG, { displayName: name, role: "moderator" });
  return cookieOf(await staffLogin(email, STRONG, {}, `10.41.${email.length}.1`));
}
