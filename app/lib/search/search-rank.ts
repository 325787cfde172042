/**
 * Ranks search candidates by BM25 over the five indexed columns, name weighted most (decision
 * 010), computed here instead of with FTS5's bm25(): before ranking, bm25() counts every row
 * holding each query word to weigh rare words above common ones, and for a word like "hotel"
 * that count walks most of the index (24 of 25 ms at 2,000,000 businesses) though only 1,000
 * candidates are ranked. Here every query word weighs the same (each candidate holds them all)
 * and document lengths are compared with the candidates' average (decision 010). Pure.
 */
import { wordParts } from "./search-inner-words";
import { countryWordsOf, meaningfulWords, searchTokens, wordForms } from "./search-query";
import { foldForSearch } from "./search-fold";

/** The indexed columns in businesses_fts order, with their weights. */
export const SEARCH_COLUMN_WEIGHTS = [
  ["name", 10],
  ["type", 4],
  ["category", 4],
  ["city", 2],
  ["country", 2],
] as const;

export type SearchColumn = (typeof SEARCH_COLUMN_WEIGHTS)[number][0];

export type SearchCandidate = { id: number } & Record<SearchColumn, string | null>;

/** FTS5's BM25 constants. */
const K1 = 1.2;
const B = 0.75;

/**
 * Words about as the index's tokenizer (unicode61, remove_diacritics 2) sees them: letters and
 * digits of any script, lower-cased, accents removed ("Zürich" → "zurich"). The tokenizer
 * removes only Latin letters' accents (its own table), so it keeps "ακρόπολισ" where this says
 * "ακροπολις"; ranking makes the query's words and the candidates' with this one function, so
 * they still meet (and the index's folded copy holds "ακροπολισ" for both).
 */
export function indexWords(text: string): string[] {
  // Most names are plain ASCII: the Unicode path costs several times more (1,001 candidates a search).
  if (ASCII.test(text)) return text.toLowerCase().split(ASCII_SEPARATORS).filter(Boolean);
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A column's words as businesses_fts holds them: the tokenizer's, then those of its folded copy
 * ("L'Aquila" → "l", "aquila", "laquila").
 */
export function documentWords(text: string): string[] {
  const words = indexWords(text);
  const folded = foldForSearch(text);
  if (folded === text) return words;
  return [...words, ...indexWords(folded).filter((word) => !words.includes(word))];
}

const ASCII = /^[\x00-\x7f]*$/;
const ASCII_SEPARATORS = /[^a-z0-9]+/;

export interface QueryWord {
  /**
   * The word as typed, then its other forms (wordForms: "hotels", "hotel"; the parts of a word
   * of a script written without spaces, which the MATCH searched as a phrase; when it is one of
   * the words of a country's name, the country's code and one-word names, which the MATCH
   * searched in the country column).
   */
  forms: string[];
  /** The last word of a prefix query matches any word starting with it as typed. */
  prefix: boolean;
}

/** The query's words for ranking, as the MATCH used them: filler words left out, word forms, last word a prefix or not. */
export function queryWords(q: string, prefixLast: boolean): QueryWord[] {
  // The visitor's tokens as the MATCH took them, each read as indexWords reads a document; the
  // token keeps its marks, which the dictionary splitting a Thai word into its parts needs.
  const tokenOf = new Map<string, string>();
  for (const token of searchTokens(q)) {
    const word = indexWords(token).join("");
    if (word && !tokenOf.has(word)) tokenOf.set(word, token);
  }
  const words = meaningfulWords([...tokenOf.keys()]);
  const countryNamesAt = new Map<number, string[]>();
  for (const { start, length, names } of countryWordsOf(words)) {
    const oneWordNames = names.map(indexWords).filter((name) => name.length === 1).map(([name]) => name!);
    for (let i = start; i < start + length; i++) countryNamesAt.set(i, oneWordNames);
  }
  return words.map((word, i) => {
    // Parts as a document's words are: through indexWords, as the candidate's name and inner words go.
    const parts = (wordParts(tokenOf.get(word)!) ?? []).flatMap(indexWords).filter((part) => part !== word);
    const forms = [...new Set([...wordForms(word), ...parts, ...(countryNamesAt.get(i) ?? [])])];
    return { forms, prefix: prefixLast && i === words.length - 1 };
  });
}

function matches(word: string, { forms, prefix }: QueryWord): boolean {
  return prefix ? word.startsWith(forms[0]!) || forms.includes(word) : forms.includes(word);
}

/**
 * Whether a candidate holds every query word in some column, as its ranking reads it (the words
 * the derived-data test holds to the index's): the finder's check of the words on a candidate
 * it read by place or position, a few microseconds where a lookup in the index costs about 100.
 */
export function holdsEveryWord(candidate: Record<SearchColumn, string | null>, words: readonly QueryWord[]): boolean {
  const held = SEARCH_COLUMN_WEIGHTS.map(([column]) => documentWords(candidate[column] ?? ""));
  return words.every((word) => held.some((columnWords) => columnWords.some((w) => matches(w, word))));
}

/** Candidates best first: BM25 score, then newest (higher id) first. */
export function rankCandidates(candidates: readonly SearchCandidate[], words: readonly QueryWord[]): SearchCandidate[] {
  if (candidates.length === 0) return [];
  // Each distinct column text is read once: candidates share their type, category, city and
  // country, and reading every cell was most of a common word's ranking time.
  const read = new Map<string, { length: number; hits: number[] }>();
  const readText = (text: string) => {
    let known = read.get(text);
    if (!known) {
      const textWords = documentWords(text);
      known = { length: textWords.length, hits: words.map((word) => textWords.filter((w) => matches(w, word)).length) };
      read.set(text, known);
    }
    return known;
  };
  const docs = candidates.map((candidate) => {
    const columns = SEARCH_COLUMN_WEIGHTS.map(([column, weight]) => ({ weight, ...readText(candidate[column] ?? "") }));
    return { candidate, columns, length: columns.reduce((sum, c) => sum + c.length, 0) };
  });
  const averageLength = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  const scored = docs.map(({ candidate, columns, length }) => {
    const norm = K1 * (1 - B + (B * length) / averageLength);
    let score = 0;
    words.forEach((_, i) => {
      let frequency = 0;
      for (const column of columns) frequency += column.weight * column.hits[i]!;
      score += (frequency * (K1 + 1)) / (frequency + norm);
    });
    return { candidate, score };
  });
  scored.sort((a, b) => b.score - a.score || b.candidate.id - a.candidate.id);
  return scored.map((s) => s.candidate);
}
