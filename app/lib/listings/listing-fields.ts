/**
 * A listing as members write it (Submit Hotel, an owner's change): the fields of POST
 * /api/listings and PATCH /api/listings/{id}, their rules and messages, and how they map onto a
 * business. Member text is plain text: control characters stripped, one line where one line is
 * meant, lengths bounded, links only http(s). Pure.
 */
import { DESCRIPTION_KEY, parseAmenities } from "~/lib/business/amenities";
import { DAY_NAMES, parseWorkingHours, type DayName } from "~/lib/business/opening-hours";
import { httpUrl } from "~/lib/business/web-url";
import { isCountryCodeInUse } from "~/lib/directory/country-names";
import { oneLine } from "~/lib/email/mail-message";
import { z } from "~/lib/web/zod";

export const LISTING_NAME_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const MAX_AMENITIES = 30;
const AMENITY_MAX = 60;
const HOURS_TEXT_MAX = 60;

/** Text kept on several lines (a description): control characters but line breaks and tabs removed, line breaks as "\n". */
export function plainText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trim();
}

/** A one-line text field: control characters (CR and LF among them) become spaces. */
const line = (min: number, max: number, tooShort: string, label: string) =>
  z.string(tooShort).transform(oneLine).pipe(z.string().min(min, tooShort).max(max, `${label} must be at most ${max} characters`));

/** A number field as JSON sends it, or as text from a form. */
const coordinate = (min: number, max: number, message: string) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() ? Number(value) : value), z.number(message).min(min, message).max(max, message));

/** A JSON field of a multipart form arrives as text. */
const fromJsonText = (value: unknown) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const WORKING_HOURS_MESSAGE = `Opening hours must give each day (${DAY_NAMES[0]} to ${DAY_NAMES[6]}) its hours as text or "Closed"`;

/** The rules of each field, by its name in the API. */
const FIELD_RULES = {
  name: line(2, LISTING_NAME_MAX, "Name must be at least 2 characters", "Name"),
  category: z.string("Choose a category").trim().regex(/^[a-z0-9-]{1,100}$/, "Choose a category"),
  fullAddress: line(5, 300, "Enter the full address", "Address"),
  city: line(1, 100, "Enter the city", "City"),
  countryCode: z
    .string("Choose a country")
    .trim()
    .toUpperCase()
    .refine((code) => isCountryCodeInUse(code), "Choose a country"),
  latitude: coordinate(-90, 90, "Set the position: click the map or type a latitude between -90 and 90"),
  longitude: coordinate(-180, 180, "Set the position: click the map or type a longitude between -180 and 180"),
  phone: line(0, 40, "Enter a phone number", "Phone").refine((phone) => phone === "" || /\d{3}/.test(phone), "Enter a phone number with its digits"),
  website: line(0, 500, "Enter a website address", "Website").refine(
    (url) => url === "" || httpUrl(url) !== null,
    "Enter a website address starting with http:// or https://",
  ),
  email: line(0, 254, "Enter an e-mail address", "E-mail").refine((email) => email === "" || z.email().safeParse(email).success, "Enter a valid e-mail address"),
  workingHours: z.preprocess(
    fromJsonText,
    z
      .record(z.string(), z.string(WORKING_HOURS_MESSAGE).transform(oneLine).pipe(z.string().min(1, WORKING_HOURS_MESSAGE).max(HOURS_TEXT_MAX, WORKING_HOURS_MESSAGE)), WORKING_HOURS_MESSAGE)
      .refine((week) => Object.keys(week).every((day) => (DAY_NAMES as readonly string[]).includes(day)), WORKING_HOURS_MESSAGE),
  ),
  amenities: z.preprocess(
    (value) => (typeof value === "string" ? (value.trim().startsWith("[") ? fromJsonText(value) : [value]) : value),
    z
      .array(z.string().transform(oneLine).pipe(z.string().min(1).max(AMENITY_MAX)), `Amenities must be a list of names of at most ${AMENITY_MAX} characters`)
      .max(MAX_AMENITIES, `At most ${MAX_AMENITIES} amenities`)
      .transform((names) => [...new Set(names)]),
  ),
  description: z.string("Description must be text").transform(plainText).pipe(z.string().max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)),
} as const;

export type ListingField = keyof typeof FIELD_RULES;
export const LISTING_FIELDS = Object.keys(FIELD_RULES) as ListingField[];
const REQUIRED_FIELDS: readonly ListingField[] = ["name", "category", "fullAddress", "city", "countryCode", "latitude", "longitude"];

/** What a listing holds, by its API names; an optional field left empty is null. */
export interface ListingValues {
  name: string;
  category: string;
  fullAddress: string;
  city: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  phone: string | null;
  website: string | null;
  email: string | null;
  workingHours: Partial<Record<DayName, string>> | null;
  amenities: string[];
  description: string | null;
}

export type ListingErrors = Partial<Record<ListingField | "listing", string>>;
export type ListingRead<T> = { ok: true; values: T } | { ok: false; errors: ListingErrors };

/** An optional text field's value: empty text is "none". */
function orNull<T>(value: T): T | null {
  return value === "" || (Array.isArray(value) && value.length === 0) || (value && typeof value === "object" && Object.keys(value).length === 0) ? null : value;
}

function readFields(body: Record<string, unknown>, required: readonly ListingField[]): ListingRead<Partial<ListingValues>> {
  const errors: ListingErrors = {};
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(body)) {
    if (!(LISTING_FIELDS as string[]).includes(key)) errors.listing = `Unknown field: ${key.slice(0, 40)}`;
  }
  for (const field of LISTING_FIELDS) {
    const given = body[field];
    const absent = given === undefined || given === null || given === "";
    if (absent && !required.includes(field)) {
      if (field in body) values[field] = field === "amenities" ? [] : null;
      continue;
    }
    const parsed = FIELD_RULES[field].safeParse(given ?? "");
    if (parsed.success) values[field] = field === "amenities" ? parsed.data : orNull(parsed.data);
    else errors[field] = parsed.error.issues[0]?.message ?? "Invalid value";
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values: values as Partial<ListingValues> };
}

/** A whole submission: every bad field named at once. */
export function readListing(body: Record<string, unknown>): ListingRead<ListingValues> {
  const read = readFields(body, REQUIRED_FIELDS);
  if (!read.ok) return read;
  return { ok: true, values: { phone: null, website: null, email: null, workingHours: null, amenities: [], description: null, ...read.values } as ListingValues };
}

/** An owner's change: only the fields sent, each by the submission's rules; a required field cannot be emptied. */
export function readListingChange(body: Record<string, unknown>): ListingRead<Partial<ListingValues>> {
  const read = readFields(body, REQUIRED_FIELDS.filter((field) => field in body));
  if (read.ok && Object.keys(read.values).length === 0) return { ok: false, errors: { listing: "Change at least one field" } };
  return read;
}

/** The `about` of a listing: its amenities as one group and its description, as the detail page reads them (parseAmenities). */
export function listingAbout(amenities: readonly string[], description: string | null): string | null {
  if (amenities.length === 0 && !description) return null;
  const about: Record<string, unknown> = {};
  if (amenities.length) about.Amenities = Object.fromEntries(amenities.map((name) => [name, true]));
  if (description) about[DESCRIPTION_KEY] = description;
  return JSON.stringify(about);
}

/** A stored business's columns that a listing's values come from. */
export interface ListingColumns {
  name: string;
  categorySlug: string | null;
  fullAddress: string | null;
  city: string | null;
  countryCode: string | null;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  url: string | null;
  email: string | null;
  workingHours: string | null;
  about: string | null;
}

/** A stored business as a listing's values (what an owner's change is compared with). */
export function listingValuesOf(business: ListingColumns): ListingValues {
  const week = parseWorkingHours(business.workingHours);
  return {
    name: business.name,
    category: business.categorySlug ?? "",
    fullAddress: business.fullAddress ?? "",
    city: business.city ?? "",
    countryCode: business.countryCode ?? "",
    latitude: business.latitude ?? 0,
    longitude: business.longitude ?? 0,
    phone: business.phone,
    website: business.url,
    email: business.email,
    workingHours: week ? { ...week } : null,
    amenities: parseAmenities(business.about, Infinity).amenities,
    description: parseAmenities(business.about).text,
  };
}

export type ListingDiff = Partial<Record<ListingField, { old: unknown; new: unknown }>>;

/** The fields an owner's change really changes, old → new (the moderator's diff). */
export function listingDiff(current: ListingValues, asked: Partial<ListingValues>): ListingDiff {
  const diff: ListingDiff = {};
  for (const field of LISTING_FIELDS) {
    if (!(field in asked)) continue;
    const before = current[field];
    const after = asked[field];
    if (JSON.stringify(before ?? null) !== JSON.stringify(after ?? null)) diff[field] = { old: before ?? null, new: after ?? null };
  }
  return diff;
}

/** The owner's fields, each between "|" as businesses.owner_fields keeps them ("|phone|website|"). */
export function ownerFieldsWith(stored: string | null, fields: readonly string[]): string | null {
  const all = new Set([...(stored ?? "").split("|").filter(Boolean), ...fields]);
  return all.size ? `|${[...all].sort().join("|")}|` : null;
}


/**
 * Two names that may be one business: the same words once case, accents, punctuation and the
 * words every hotel name has are set aside ("Plaza Hotel" and "Hotel Plaza"), or one name's words
 * all within the other's.
 */
export function similarNames(a: string, b: string): boolean {
  const words = (name: string) => {
    const all = name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const telling = all.filter((word) => !COMMON_NAME_WORDS.has(word));
    return new Set(telling.length ? telling : all);
  };
  const [x, y] = [words(a), words(b)];
  if (x.size === 0 || y.size === 0) return false;
  const shared = [...x].filter((word) => y.has(word)).length;
  return shared === Math.min(x.size, y.size) || shared / new Set([...x, ...y]).size >= 0.5;
}

const COMMON_NAME_WORDS = new Set(["the", "hotel", "hotels", "inn", "and", "by", "de", "la", "le", "el", "of", "otel", "hostel", "resort", "suites", "&"]);

/** Second-level labels under which a country's registrable names sit ("co.uk", "com.tr", "ne.jp"). */
const SECOND_LEVEL = new Set(["co", "com", "net", "org", "gov", "edu", "ac", "or", "ne", "go", "gen", "biz", "info", "ltd", "plc", "nom", "web", "gob", "mil"]);

/** Mail providers anyone can have an address at: their domain proves nothing about a business. */
const FREE_MAIL = new Set([
  "gmail.com", "googlemail.com", "yahoo.com", "ymail.com", "hotmail.com", "outlook.com", "live.com", "msn.com", "icloud.com",
  "me.com", "mac.com", "aol.com", "proton.me", "protonmail.com", "gmx.com", "gmx.net", "gmx.de", "web.de", "yandex.com",
  "yandex.ru", "mail.ru", "qq.com", "163.com", "126.com", "zoho.com", "tutanota.com", "fastmail.com", "hey.com",
  "hotmail.co.uk", "yahoo.co.uk", "yahoo.fr", "yahoo.de", "hotmail.fr", "orange.fr", "free.fr", "libero.it", "mail.com",
]);

/**
 * The registrable domain of a host ("booking.hotel.co.uk" → "hotel.co.uk"): its last two labels,
 * or three under a country's second level. Null for a host that is all suffix or not a name.
 */
export function registrableDomain(host: string): string | null {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  if (labels.length < 2 || labels.some((label) => !/^[\p{L}\p{N}-]+$/u.test(label)) || /^\d+$/.test(labels.at(-1)!)) return null;
  const underCountry = labels.length >= 2 && labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!);
  const take = underCountry ? 3 : 2;
  return labels.length >= take ? labels.slice(-take).join(".") : null;
}

/** Whether a member's verified address is the business's own: its domain is the website's, and not a free-mail provider's. */
export function emailMatchesWebsite(email: string, website: string | null): boolean {
  const url = httpUrl(website);
  const domain = email.split("@")[1]?.toLowerCase();
  if (!url || !domain) return false;
  const mailDomain = registrableDomain(domain);
  if (!mailDomain || FREE_MAIL.has(domain) || FREE_MAIL.has(mailDomain)) return false;
  return mailDomain === registrableDomain(new URL(url).hostname);
}
