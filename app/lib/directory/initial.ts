/**
 * The first character of a name as a reader sees it: a whole emoji, flag or accented letter.
 * One UTF-16 unit (`slice(0, 1)`, `charAt(0)`) is half of a character outside the BMP ("🍣",
 * "𠮷"); the server sends it as U+FFFD and the browser keeps the lone half, so hydration fails.
 */

// Grapheme rules do not depend on the locale; one is named so server and browser agree.
const graphemes = typeof Intl.Segmenter === "function" ? new Intl.Segmenter("en", { granularity: "grapheme" }) : null;

/** The first grapheme of `text` (its first code point where Intl.Segmenter is missing); "" for "". */
export function initial(text: string): string {
  if (graphemes) return graphemes.segment(text)[Symbol.iterator]().next().value?.segment ?? "";
  for (const codePoint of text) return codePoint;
  return "";
}
