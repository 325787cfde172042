/**
 * Query-string helpers shared by the directory lists (categories, countries, cities). Pure, and
 * free of zod: components import this module, so it ends up in the browser's bundles (the zod
 * schemas of the loaders live in directory-query.server.ts).
 */
import { dropTrackingParams } from "../web/tracking-params";

/** The letter of an A–Z filter ("a" or "A" → "A"); null for anything else. */
export function parseLetter(raw: string | null | undefined): string | null {
  const letter = (raw ?? "").trim();
  return /^[a-z]$/i.test(letter) ? letter.toUpperCase() : null;
}

/** Search text as typed, trimmed and bounded (a search box never needs more than 100 characters). */
export function parseSearchText(raw: string | null | undefined): string {
  return (raw ?? "").trim().slice(0, 100);
}

/** The slug range of names beginning with `letter`: slug >= from AND slug < to. */
export function letterRange(letter: string): { from: string; to: string } {
  const from = letter.toLowerCase();
  return { from, to: String.fromCharCode(from.charCodeAt(0) + 1) };
}

/**
 * `search` with `changes` applied (null or "" removes a key). Changing anything but the page
 * drops the page, so a new search or filter starts on page 1; page 1 itself is left implicit.
 * Campaign tags (?utm_source=…) stay on the address the visitor landed on, not on its links.
 */
export function withParams(search: string, changes: Record<string, string | number | null>): string {
  const params = dropTrackingParams(new URLSearchParams(search));
  if (!("page" in changes)) params.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "" || (key === "page" && Number(value) === 1)) params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Mean businesses per entry, rounded to a whole number; 0 when there are none. */
export function averagePer(total: number, count: number): number {
  return count > 0 ? Math.round(total / count) : 0;
}
