/**
 * Letters the search index's tokenizer (unicode61, remove_diacritics 2) keeps as they are, while
 * a visitor types them otherwise: apostrophes ("laquila" for "L'Aquila"), letters that do not
 * decompose ("isik" for "Işık", "strasse" for "Straße", "tromso" for "Tromsø") and the accents
 * of Greek and Cyrillic ("ακροπολις" for "Ακρόπολις"), which the tokenizer removes from Latin
 * letters only. The index holds a column that has any of them once more folded (its writer stores
 * the copy, foldedCopy through derivedColumns in app/lib/business/business-record.ts), and the searched
 * text is folded the same way (app/lib/search/search-query.ts). Pure.
 */
import { JOINER_CHARACTERS, LETTER_FOLDS } from "../business/slug";

/** Each character and what it folds to, upper and lower case (the index is written before lower-casing). */
export const SEARCH_FOLDS: readonly (readonly [string, string])[] = [
  ...Array.from(JOINER_CHARACTERS, (c) => [c, ""] as const),
  ...LETTER_FOLDS.flatMap(([lower, upper, folded]) => [[lower, folded], [upper, folded.toUpperCase()]] as const),
  ["ά", "α"], ["έ", "ε"], ["ή", "η"], ["ί", "ι"], ["ό", "ο"], ["ύ", "υ"], ["ώ", "ω"],
  ["ϊ", "ι"], ["ϋ", "υ"], ["ΐ", "ι"], ["ΰ", "υ"],
  ["Ά", "Α"], ["Έ", "Ε"], ["Ή", "Η"], ["Ί", "Ι"], ["Ό", "Ο"], ["Ύ", "Υ"], ["Ώ", "Ω"], ["Ϊ", "Ι"], ["Ϋ", "Υ"],
  // The index lower-cases a capital Σ to σ wherever it stands: "ΟΔΥΣΣΕΥΣ" is "οδυσσευσ".
  ["ς", "σ"],
  ["ё", "е"], ["Ё", "Е"],
];

const FOLD = new Map(SEARCH_FOLDS);
const FOLDABLE = new RegExp(`[${SEARCH_FOLDS.map(([from]) => from).join("")}]`, "gu");

/** The text with every SEARCH_FOLDS character folded: "L'Aquila Işık" → "LAquila Isik". */
export function foldForSearch(text: string): string {
  return text.replace(FOLDABLE, (c) => FOLD.get(c) ?? c);
}

/** The folded copy a business's column is indexed with after its text, or null when folding changes nothing. */
export function foldedCopy(text: string | null): string | null {
  if (!text) return null;
  const folded = foldForSearch(text);
  return folded === text ? null : folded;
}
