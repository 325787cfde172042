/**
 * Guest reviews in words, as the business page and /account write them: the same text on the
 * server and in the browser (dates in UTC, English month names), so hydration changes nothing.
 * Pure.
 */
import type { ReportReason, ReviewSort, TripType } from "./review-fields";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A report's reasons as the Report form offers them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fake: "Fake",
  offensive: "Offensive",
  "conflict-of-interest": "Conflict of interest",
  closed: "Closed",
  "wrong-information": "Wrong information",
  other: "Other",
};

export const TRIP_TYPE_LABELS: Record<TripType, string> = {
  business: "Business",
  couple: "Couple",
  family: "Family",
  friends: "Friends",
  solo: "Solo",
};

export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: "Newest first",
  highest: "Highest rated",
  lowest: "Lowest rated",
};

/** "2026-08" → "August 2026"; anything else as written. */
export function visitMonthText(month: string): string {
  const found = /^(\d{4})-(\d{2})$/.exec(month);
  const name = found ? MONTHS[Number(found[2]) - 1] : undefined;
  return found && name ? `${name} ${found[1]}` : month;
}

/** An ISO instant as its UTC day: "4 March 2026". */
export function reviewDateText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "Rated 4 out of 5". */
export function ratingLabel(rating: number): string {
  return `Rated ${rating} out of 5`;
}

/** "1 star", "4 stars". */
export function starsText(stars: number): string {
  return stars === 1 ? "1 star" : `${stars} stars`;
}

/** A trip type's label, or the stored text for one the site does not know. */
export function tripTypeText(tripType: string): string {
  return (TRIP_TYPE_LABELS as Record<string, string>)[tripType] ?? tripType;
}

/** What the member reads about one of their reviews on /account. */
export function myReviewStatus(review: { status: string; editWaiting: boolean | number }): string {
  if (review.status === "pending") return "Waiting for review";
  if (review.status === "published") return review.editWaiting ? "Published — your edit is waiting for review" : "Published";
  if (review.status === "hidden") return "Hidden while a moderator looks at reports";
  return "Not published";
}
