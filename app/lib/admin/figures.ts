/** The words and arithmetic of the back office's figures (dashboard "Moderasyon", /admin/reports). Pure. */

/** The figures cover this many UTC days, today included. */
export const FIGURE_DAYS = 30;

const DAY_SECONDS = 86_400;

/**
 * How many of the newest members the sign-up figures read at most: members has no index on
 * created_at, so the figures walk the newest rows by id (ids grow with sign-up time) and stop
 * here instead of reading the whole table; past it the figures say "at least".
 */
export const MEMBER_SCAN_LIMIT = 10_000;

/** How long an item has waited: under a day, one to three days, three to seven, more than seven. */
export const PENDING_AGES = ["under-1d", "1-3d", "3-7d", "over-7d"] as const;
export type PendingAge = (typeof PENDING_AGES)[number];

/** The upper end of each age but the last, in seconds (an item of exactly one day is "1–3 gün"). */
export const PENDING_AGE_LIMITS = { "under-1d": DAY_SECONDS, "1-3d": 3 * DAY_SECONDS, "3-7d": 7 * DAY_SECONDS } as const;

export const PENDING_AGE_LABELS: Record<PendingAge, string> = {
  "under-1d": "1 günden az",
  "1-3d": "1–3 gün",
  "3-7d": "3–7 gün",
  "over-7d": "7 günden fazla",
};

/** decided_by of a claim approved by its e-mail domain. */
export const AUTO_DECIDER = "auto";

/** Who decided, as the back office says it: the staff member's name, "Otomatik" for the automatic approvals. */
export function deciderLabel(decidedBy: string | null): string {
  if (decidedBy === AUTO_DECIDER) return "Otomatik";
  return decidedBy ?? "Bilinmiyor";
}

/** The UTC day ("YYYY-MM-DD") a unix time falls on. */
export function utcDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** The start (unix seconds) of the first of the `days` UTC days that end with today. */
export function windowStart(nowSeconds: number, days = FIGURE_DAYS): number {
  return (Math.floor(nowSeconds / DAY_SECONDS) - (days - 1)) * DAY_SECONDS;
}

/** The `days` UTC days that end with today, oldest first. */
export function windowDays(nowSeconds: number, days = FIGURE_DAYS): string[] {
  const start = windowStart(nowSeconds, days);
  return Array.from({ length: days }, (_, i) => utcDay(start + i * DAY_SECONDS));
}

/** A time to a decision in Turkish: "45 dk", "3 sa 20 dk", "2 gün 4 sa" (under a minute: "1 dk'dan az"). */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return "1 dk'dan az";
  const hours = Math.floor(minutes / 60);
  if (hours < 1) return `${minutes} dk`;
  const days = Math.floor(hours / 24);
  if (days < 1) return minutes % 60 ? `${hours} sa ${minutes % 60} dk` : `${hours} sa`;
  return hours % 24 ? `${days} gün ${hours % 24} sa` : `${days} gün`;
}

/** A share of 0–1 as Turkish writes it ("%72"). */
export function formatShare(share: number): string {
  return new Intl.NumberFormat("tr-TR", { style: "percent", maximumFractionDigits: 0 }).format(share);
}
