/**
 * URL slugs. Spec rule: "lowercase, trim, remove accents and punctuation, join words with
 * single hyphens". Pure; works in the browser and in the Worker.
 *
 * - Accents are removed with NFKD and by dropping the generic combining diacritical marks
 *   (the marks Latin, Greek and Cyrillic letters decompose into). Marks that other scripts
 *   need (Devanagari vowel signs, Japanese voicing marks…) are kept, and the result is
 *   recomposed with NFC so Hangul and kana come back whole.
 * - Letters that NFKD does not decompose are folded: ß→ss, æ→ae, ø→o, đ/ð→d, ł→l, ı→i,
 *   œ→oe, þ→th, ħ→h, ŧ→t.
 * - Letters and digits of any script are kept ("Москва" → "москва", "外滩 39" → "外滩-39").
 * - Apostrophes (and the Catalan middle dot) are removed without splitting the word:
 *   "Kids' menu" → "kids-menu", "Rössli's" → "rosslis".
 * - Anything else (spaces, punctuation, symbols, emoji) separates words.
 */

const GENERIC_COMBINING_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/**
 * Letters that NFKD does not decompose, lower and upper case, and what they fold to (lower case).
 * Search folds the same letters in both cases (app/lib/search/search-fold.ts).
 */
export const LETTER_FOLDS: readonly (readonly [lower: string, upper: string, folded: string])[] = [
  ["ı", "İ", "i"],
  ["ß", "ẞ", "ss"],
  ["æ", "Æ", "ae"],
  ["œ", "Œ", "oe"],
  ["ø", "Ø", "o"],
  ["ł", "Ł", "l"],
  ["đ", "Đ", "d"],
  ["ð", "Ð", "d"],
  ["þ", "Þ", "th"],
  ["ħ", "Ħ", "h"],
  ["ŧ", "Ŧ", "t"],
];
const FOLDS = new Map(LETTER_FOLDS.map(([lower, , folded]) => [lower, folded]));
const FOLDABLE = new RegExp(`[${LETTER_FOLDS.map(([lower]) => lower).join("")}]`, "g");

/**
 * Apostrophe-like characters and the Catalan middle dot: removed, they do not split words. Search
 * joins words at the same characters (app/lib/search/search-fold.ts).
 */
export const JOINER_CHARACTERS = "'’‘‛´`ʼʻʹ′·";
const JOINERS = new RegExp(`[${JOINER_CHARACTERS}]`, "g");


/** Invisible format characters (soft hyphen, zero-width joiners…): removed. */
const FORMAT_CHARS = /\p{Cf}/gu;

const SEPARATORS = /[^\p{L}\p{N}\p{M}]+/gu;

/**
 * Lower case without accents, the folds above applied: what a slug is made of, and how names
 * are compared when a visitor types them ("TÜRKİYE", "turkiye" and "Türkiye" are the same).
 */
export function foldLetters(text: string): string {
  // Lower case after NFKD: styled letters ("𝒯𝒶𝒿", U+1D4AF…) have no lower case of their own and
  // only become "T", "a", "j" there.
  return withoutAccents(text)
    .toLowerCase()
    .replace(FOLDABLE, (c) => FOLDS.get(c) ?? c);
}

/** ASCII only: NFKD and NFC leave it as it is (most names, cities and categories of an import). */
const ASCII_ONLY = /^[\u0000-\u007f]*$/;

/** The text decomposed (NFKD), its generic combining marks removed and composed again (NFC), case kept. */
export function withoutAccents(text: string): string {
  if (ASCII_ONLY.test(text)) return text;
  return text.normalize("NFKD").replace(GENERIC_COMBINING_MARKS, "").normalize("NFC");
}

export function slugify(text: string): string {
  return foldLetters(text.replace(JOINERS, "").replace(FORMAT_CHARS, "").trim())
    .replace(SEPARATORS, "-")
    .replace(/^-+|-+$/g, "");
}

/** Longest name part of a business slug, in characters (cut at a word boundary). */
const MAX_NAME_PART = 80;

function limitLength(slug: string, max: number): string {
  const chars = Array.from(slug);
  if (chars.length <= max) return slug;
  const cut = chars.slice(0, max).join("");
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}

const SUFFIX_SPACE = 36 ** 6;

/**
 * Deterministic 6-character lowercase base36 tag of an identity (FNV-1a 32-bit over the
 * UTF-8 bytes, reduced modulo 36^6, zero-padded).
 */
export function suffix6(identity: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(identity)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % SUFFIX_SPACE).toString(36).padStart(6, "0");
}

/**
 * Slug of a business: its name slug (or "business" when the name has no letters or digits,
 * cut to 80 characters at a word boundary), a hyphen and a 6-character tag of its identity
 * (place id, or name|address). Two identities share a tag about once in 2 billion, but a chain's
 * thousands of same-named branches do meet one: the later business then takes its second slug
 * (`second`: a tag of the identity with a marker appended), which keeps the same shape.
 */
export function businessSlug(name: string, identity: string, { second = false } = {}): string {
  const base = limitLength(slugify(name), MAX_NAME_PART) || "business";
  return `${base}-${suffix6(second ? `${identity}\u0000second` : identity)}`;
}

/**
 * The slug with a trailing "-" + 6 lowercase alphanumerics removed (the spec's retry for a
 * business lookup that failed), or null when the slug does not end that way.
 */
export function slugWithoutSuffix(slug: string): string | null {
  const match = /^(.+)-[a-z0-9]{6}$/u.exec(slug);
  const base = match?.[1]?.replace(/-+$/, "");
  return base ? base : null;
}

export function citySlug(city: string): string {
  return slugify(city);
}

export function categorySlug(typeOrCategory: string): string {
  return slugify(typeOrCategory);
}
