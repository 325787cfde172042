/**
 * Guest reviews as members write them (POST /api/businesses/{slug}/reviews, PATCH
 * /api/reviews/{id}): the fields, their rules and messages, and what a moderator is warned of.
 * Member text is plain text. Pure.
 */
import { oneLine } from "~/lib/email/mail-message";
import { plainText } from "~/lib/listings/listing-fields";
import { z } from "~/lib/web/zod";

export const REVIEW_TEXT_MIN = 30;
export const REVIEW_TEXT_MAX = 5000;
export const REVIEW_TITLE_MAX = 120;
export const REPLY_MAX = 2000;
export const REVIEWS_PER_PAGE = 10;
export const TRIP_TYPES = ["business", "couple", "family", "friends", "solo"] as const;
export type TripType = (typeof TRIP_TYPES)[number];
export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
/** Reviews of one business within an hour that make a burst. */
export const REVIEW_BURST = 5;
/** Different members' reports that hide a published review until a moderator decides. */
export const REPORTS_TO_HIDE = 3;

const optional = <T extends z.ZodType>(rules: T) => z.preprocess((value) => (value === "" || value === null ? undefined : value), rules.optional());

const FIELDS = {
  rating: z.number("Choose a rating from 1 to 5 stars").int("Choose a rating from 1 to 5 stars").min(1, "Choose a rating from 1 to 5 stars").max(5, "Choose a rating from 1 to 5 stars"),
  title: optional(z.string("The title must be text").transform(oneLine).pipe(z.string().max(REVIEW_TITLE_MAX, `The title must be at most ${REVIEW_TITLE_MAX} characters`))),
  text: z
    .string(`Write at least ${REVIEW_TEXT_MIN} characters about your stay`)
    .transform(plainText)
    .pipe(z.string().min(REVIEW_TEXT_MIN, `Write at least ${REVIEW_TEXT_MIN} characters about your stay`).max(REVIEW_TEXT_MAX, `The review must be at most ${REVIEW_TEXT_MAX} characters`)),
  visitedOn: optional(
    z
      .string("The month of your visit must be YYYY-MM")
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "The month of your visit must be YYYY-MM")
      .refine((month) => month >= "1990-01" && month <= new Date().toISOString().slice(0, 7), "The month of your visit cannot be in the future"),
  ),
  tripType: optional(z.enum(TRIP_TYPES, `Trip type must be one of: ${TRIP_TYPES.join(", ")}`)),
};

export type ReviewField = keyof typeof FIELDS;
export interface ReviewInput {
  rating: number;
  title: string | null;
  text: string;
  visitedOn: string | null;
  tripType: TripType | null;
}
export type ReviewErrors = Partial<Record<ReviewField | "review", string>>;

/** A whole review (every bad field named at once), or an edit's fields over the review it changes. */
export function readReview(body: Record<string, unknown>, over?: ReviewInput): { ok: true; review: ReviewInput } | { ok: false; errors: ReviewErrors } {
  const errors: ReviewErrors = {};
  const review: Record<string, unknown> = { ...over };
  for (const key of Object.keys(body)) if (!(key in FIELDS)) errors.review = `Unknown field: ${key.slice(0, 40)}`;
  for (const field of Object.keys(FIELDS) as ReviewField[]) {
    if (over && !(field in body)) continue;
    const parsed = FIELDS[field].safeParse(body[field]);
    if (parsed.success) review[field] = parsed.data ?? null;
    else errors[field] = parsed.error.issues[0]?.message ?? "Invalid value";
  }
  if (over && Object.keys(body).length === 0) errors.review = "Change at least one field";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, review: review as unknown as ReviewInput };
}

/** A review's text as the same-text check compares it: letters and digits, lower case, the first 300. */
export function reviewTextKey(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "").slice(0, 300);
}

/** What the text holds that a review should not: a link, an e-mail address or a phone number. */
export function contactInText(text: string): ("link" | "email" | "phone")[] {
  const found: ("link" | "email" | "phone")[] = [];
  if (/\bhttps?:\/\/|\bwww\.|\b[\p{L}\p{N}-]+\.(com|net|org|info|biz|io|co|ru|tr|de|uk)\b/iu.test(text)) found.push("link");
  if (/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/u.test(text)) found.push("email");
  if (/(?:\+?\d[\s().-]*){8,}/.test(text)) found.push("phone");
  return found;
}

export const REPORT_REASONS = ["fake", "offensive", "conflict-of-interest", "closed", "wrong-information", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
