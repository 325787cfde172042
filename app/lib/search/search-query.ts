/**
 * FTS5 MATCH expressions built from visitor text. Every token is quoted (so FTS5 operators,
 * quotes and column syntax in the input are plain words) and the last one is a prefix query,
 * so "grand hot" finds "Grand Hotel". Pure.
 */

import { countryCodeFromName, countryNames } from "../directory/country-names";
import { wordParts } from "./search-inner-words";
import { foldForSearch } from "./search-fold";

/** More tokens than this add nothing but work. */
export const MAX_SEARCH_TOKENS = 8;

/** A word has a letter or a digit; marks on its own do not make one. */
const WORD = /[\p{L}\p{N}]/u;

/**
 * Words of the text: letters and digits of any script with their marks, lower-cased. Marks stay
 * inside the word, as the index's tokenizer keeps them: "İstanbul" lower-cases to "i" + U+0307
 * + "stanbul" and a Devanagari vowel sign sits between consonants, so splitting at marks cut
 * those words in two and found nothing. Then folded as the index's added copy is
 * (foldForSearch, after lower-casing so that a capital Σ ending a word is ς first): "L'Aquila" is
 * "laquila", "IŞIK" is "işik" (the index reads ş as s) and finds "Işık".
 */
export function searchTokens(text: string): string[] {
  return foldForSearch(text.toLowerCase())
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((token) => WORD.test(token))
    .slice(0, MAX_SEARCH_TOKENS);
}

/**
 * One word's term: `"hot"*` or `"hotel"`. A word of a script written without spaces is also the
 * phrase of its parts (bigrams, or dictionary words), which the index holds for names (decision
 * 070), so "外滩酒店" is found inside "上海外滩酒店"; the word itself still finds what has no
 * inner words (another column, a business stored before them).
 */
function wordTerm(word: string, prefix: boolean): string {
  const typed = `"${word}"${prefix ? "*" : ""}`;
  const parts = wordParts(word)?.join(" ");
  return parts && parts !== word ? `(${typed} OR "${parts}")` : typed;
}

/**
 * `"grand" AND "hot"*` for "Grand hot", or null when the text has no word. AND is written out:
 * FTS5 takes no implicit AND next to a bracketed term.
 */
export function matchExpression(text: string, { prefixLast = true } = {}): string | null {
  const tokens = searchTokens(text);
  if (tokens.length === 0) return null;
  return tokens.map((t, i) => wordTerm(t, prefixLast && i === tokens.length - 1)).join(" AND ");
}

/** FTS5 columns of businesses_fts a location can narrow by. */
export type LocationColumns = "city" | "country" | "city country";

/**
 * English words a visitor puts between the words that matter ("hotel in zurich", "inn at the
 * park"): not required to match, unless the text has nothing else.
 */
const FILLER_WORDS = new Set(["a", "an", "and", "at", "by", "for", "in", "near", "of", "on", "the", "to", "with"]);

/** `words` without filler words, unless that leaves none. */
export function meaningfulWords(words: string[]): string[] {
  const meaningful = words.filter((word) => !FILLER_WORDS.has(word));
  return meaningful.length > 0 ? meaningful : words;
}

/** The words of a visitor's search that must match. */
export function visitorWords(text: string): string[] {
  return meaningfulWords(searchTokens(text));
}

/**
 * A word and its English singular or plural, so that "Beach Resorts" finds "Sunset Beach
 * Resort" and "hotel" finds a business whose category is "hotels". Plain a–z words of three
 * letters or more only; a guessed form that is not a word ("house" from "houses" is right,
 * "hous" is not) costs nothing, as no business holds it. Pure.
 */
export function wordForms(word: string): string[] {
  if (!/^[a-z]{3,}$/.test(word)) return [word];
  const forms = [word];
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) {
    if (/[^aeiou]ies$/.test(word) && word.length > 4) forms.push(word.slice(0, -3) + "y");
    else if (/(s|x|z|ch|sh)es$/.test(word)) forms.push(word.slice(0, -2), word.slice(0, -1));
    else forms.push(word.slice(0, -1));
  } else if (!word.endsWith("s")) {
    if (/[^aeiou]y$/.test(word)) forms.push(word.slice(0, -1) + "ies");
    else if (/(x|z|ch|sh)$/.test(word)) forms.push(word + "es");
    else forms.push(word + "s");
  } else {
    forms.push(word + "es");
  }
  return forms;
}

/** The most words a country's name is looked for in ("united arab emirates"). */
const MAX_COUNTRY_NAME_WORDS = 3;

/**
 * Consecutive words of a visitor's search, `length` of them from `start`, that name a country in
 * a language the site knows ("ghana", "türkiye", "almanya", "south africa"), longest first, with
 * the country's code and every name of it: its businesses may hold any of those in the country
 * column instead of the words typed (each file writes the country its own way, "Turkey",
 * "TÜRKİYE" or "TR", or leaves only the code).
 */
export interface CountryWords {
  start: number;
  length: number;
  names: string[];
}

export function countryWordsOf(words: readonly string[]): CountryWords[] {
  const found: CountryWords[] = [];
  let start = 0;
  while (start < words.length) {
    const country = longestCountryAt(words, start);
    if (country) found.push(country);
    start += country?.length ?? 1;
  }
  return found;
}

function longestCountryAt(words: readonly string[], start: number): CountryWords | null {
  for (let length = Math.min(MAX_COUNTRY_NAME_WORDS, words.length - start); length > 0; length--) {
    const code = countryCodeFromName(words.slice(start, start + length).join(" "));
    if (code) return { start, length, names: [code, ...countryNames(code)] };
  }
  return null;
}

/** One word's alternatives: its forms, the last word as typed a prefix when `prefix`. */
function wordGroup(word: string, prefix: boolean): string {
  const alternatives = [wordTerm(word, prefix), ...wordForms(word).slice(1).map((form) => `"${form}"`)];
  return alternatives.length > 1 ? `(${alternatives.join(" OR ")})` : alternatives[0]!;
}

/**
 * The MATCH of a visitor's "what" text: every meaningful word in one of its forms (`"hotel" OR
 * "hotels"`), the last word as typed a prefix unless `prefixLast` is false; words naming a
 * country also match that country under any of its names in the country column. Null when
 * there is no word.
 */
export function visitorMatchExpression(text: string, { prefixLast = true } = {}): string | null {
  const words = visitorWords(text);
  if (words.length === 0) return null;
  const groups = words.map((word, i) => wordGroup(word, prefixLast && i === words.length - 1));
  // Each country's words become one group: as typed, or the country in the country column.
  for (const country of countryWordsOf(words).reverse()) {
    const typed = groups.slice(country.start, country.start + country.length);
    const asTyped = typed.length > 1 ? `(${typed.join(" AND ")})` : typed[0]!;
    const inCountryColumn = anyOf(country.names);
    const group = inCountryColumn ? `(${asTyped} OR {country} : (${inCountryColumn}))` : asTyped;
    groups.splice(country.start, country.length, group);
  }
  return groups.join(" AND ");
}

/** Where a search is narrowed: any of `texts` (a place's names) in the city and/or country column. */
export interface LocationWords {
  texts: readonly string[];
  columns: LocationColumns;
}

/**
 * A place's words, all required: as typed, except that a word of a script written without
 * spaces is a prefix, since a place's name there often ends in what it is ("東京" is stored as
 * "東京都", "서울" as "서울특별시", "กรุงเทพ" as "กรุงเทพมหานคร"); typed with such an ending, the
 * word is looked for without it too ("東京都" finds "東京"). The city and country columns hold no
 * inner words.
 */
function placeExpression(text: string): string | null {
  const tokens = searchTokens(text);
  if (tokens.length === 0) return null;
  return tokens.map((token) => (wordParts(token) ? `"${withoutPlaceEnding(token)}"*` : `"${token}"`)).join(" AND ");
}

/**
 * What a Chinese, Japanese or Korean place's name ends in to say what it is: metropolis,
 * prefecture, city, ward, town, village, province, county; Korean special and metropolitan city,
 * city, province, district. Not 道: without it 北海道 would be 北海, a Chinese city.
 */
const PLACE_ENDING = /(?:特別市|特别市|自治区|自治區|都|府|県|县|縣|省|市|区|區|町|村|특별시|광역시|특별자치시|특별자치도|시|도|구|군)$/u;

/** The place word without its ending, when at least two characters are left ("東京都" → "東京"). */
export function withoutPlaceEnding(word: string): string {
  const stem = word.replace(PLACE_ENDING, "");
  return Array.from(stem).length >= 2 ? stem : word;
}

/** `"turkey" OR "turkiye"`-style words of any of the texts; null when none has a word. */
function anyOf(texts: readonly string[]): string | null {
  const expressions = [...new Set(texts.map(placeExpression).filter((e) => e !== null))];
  if (expressions.length <= 1) return expressions[0] ?? null;
  return expressions.map((e) => `(${e})`).join(" OR ");
}

/**
 * The whole MATCH: the words of `q` anywhere (visitorMatchExpression: word forms, the last one
 * a prefix unless `prefixLast` is false), AND, for each part of the location (a city, and the
 * country typed with it), the words of one of its names in its columns. Null when neither has a
 * word.
 */
export function searchMatch(q: string, location: readonly LocationWords[] = [], { prefixLast = true }: { prefixLast?: boolean } = {}): string | null {
  const what = visitorMatchExpression(q, { prefixLast });
  const where = location.flatMap(({ texts, columns }) => {
    const words = anyOf(texts);
    return words ? [`{${columns}} : (${words})`] : [];
  });
  const all = [...(what ? [what] : []), ...where];
  if (all.length <= 1) return all[0] ?? null;
  return all.map((part) => `(${part})`).join(" AND ");
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
