/**
 * The order of business names in the admin's list. SQLite compares text by code point, which
 * puts lower-case initials after "Z" and accented ones ("Çelik", "İstanbul", "Ábaco") after every
 * Latin letter. The list is ordered by `coalesce(name_sort, name) COLLATE NOCASE` (decision
 * 031): NOCASE compares ASCII letters without their case, and name_sort holds this
 * key where it differs from the name, so the many ASCII names cost no column. Pure.
 */
import { LETTER_FOLDS, withoutAccents } from "./slug";

/** Letters NFKD does not decompose, folded in their own case: "Ø" → "O", "ß" → "ss", "Æ" → "Ae". */
const CASED_FOLDS = new Map(
  LETTER_FOLDS.flatMap(([lower, upper, folded]) => [
    [lower, folded],
    [upper, folded.charAt(0).toUpperCase() + folded.slice(1)],
  ]),
);
const CASED_FOLDABLE = new RegExp(`[${[...CASED_FOLDS.keys()].join("")}]`, "g");

/** SQL of a row's place in name order (an expression of the name-order indexes). */
export const NAME_ORDER_SQL = "coalesce(name_sort, name) COLLATE NOCASE";

/**
 * The key `name` sorts by: accents removed and the letters above folded (ASCII letters keep their
 * case, which NOCASE ignores), any other letter in lower case ("Москва" beside "москва"); null
 * when that is the name itself. Also what a typed name prefix is folded with before it is looked
 * up in that order ("cel" and "Çel" find "Çelik Otel").
 */
export function nameSortKey(name: string): string | null {
  // Most names are ASCII: nothing to fold, and no key (every imported row passes here).
  if (/^[\0-\x7f]*$/.test(name)) return null;
  const key = withoutAccents(name)
    .replace(CASED_FOLDABLE, (c) => CASED_FOLDS.get(c) ?? c)
    .replace(/[^\0-\x7f]+/g, (text) => text.toLowerCase())
    // A final sigma is a sigma: a typed "ΟΔΟΣ" (lower-cased "οδος") begins "ΟΔΟΣΤΡΩΜΑ".
    .replaceAll("ς", "σ");
  return key === name ? null : key;
}

/** NAME_ORDER_SQL in JavaScript, for a list sorted in the Worker: the key with ASCII letters in one case (NOCASE). */
export function nameOrderKey(name: string, nameSort: string | null): string {
  return (nameSort ?? name).replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
