/**
 * FTS5 MATCH expressions built from visitor text. Every token is quoted (so FTS5 operators,
 * quotes and column syntax in the input are plain words) and the last one is a prefix query,
 * so "grand hot" finds "Grand Hotel". Pure.
 */

/** More tokens than this add nothing but work. */
export const MAX_SEARCH_TOKENS = 8;

/** A word has a letter or a digit; marks on its own do not make one. */
const WORD = /[\p{L}\p{N}]/u;

/**
 * Words of the text: letters and digits of any script with their marks, lower-cased. Marks stay
 * inside the word, as the index's tokenizer keeps them: "İstanbul" lower-cases to "i" + U+0307
 * + "stanbul" and a Devanagari vowel sign sits between consonants, so splitting at marks cut
 * those words in two and found nothing.
 */
export function searchTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((token) => WORD.test(token))
    .slice(0, MAX_SEARCH_TOKENS);
}

/** `"grand" "hot"*` for "Grand hot", or null when the text has no word. */
export function matchExpression(text: string, { prefixLast = true } = {}): string | null {
  const tokens = searchTokens(text);
  if (tokens.length === 0) return null;
  return tokens.map((t, i) => `"${t}"${prefixLast && i === tokens.length - 1 ? "*" : ""}`).join(" ");
}

/** FTS5 columns of businesses_fts a location can narrow by. */
export type LocationColumns = "city" | "country" | "city country";

/**
 * The whole MATCH: the words of `q` anywhere (the last one as a prefix unless `prefixLast` is
 * false), AND (when given) the words of the location in the city and/or country column. Null
 * when neither has a word.
 */
export function searchMatch(
  q: string,
  location?: { text: string; columns: LocationColumns } | null,
  { prefixLast = true }: { prefixLast?: boolean } = {},
): string | null {
  const what = matchExpression(q, { prefixLast });
  const where = location ? matchExpression(location.text, { prefixLast: false }) : null;
  if (what && where) return `(${what}) AND ({${location!.columns}} : (${where}))`;
  if (where) return `{${location!.columns}} : (${where})`;
  return what;
}

/**
 * The admin's name search: the words of `text` in the name column (the last one a prefix), so
 * "hilton" finds "Garden Inn by Hilton". With a category chosen, the category's words must be
 * in the type or category column too, so that FTS5 intersects the two word lists itself rather
 * than the caller filtering the newest name matches one by one. Null when the text has no word.
 */
export function nameWordsMatch(text: string, category?: string | null): string | null {
  const name = matchExpression(text);
  if (!name) return null;
  const kind = category ? matchExpression(category, { prefixLast: false }) : null;
  return kind ? `{name} : (${name}) AND {type category} : (${kind})` : `{name} : (${name})`;
}
