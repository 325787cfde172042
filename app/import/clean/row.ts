/**
 * Cleaning and validation of one spreadsheet row into a BusinessRecord, the way real exports
 * need it: "None" and "nan" mean empty, "90744.0" postal codes, "True"/"False", numbers as
 * text, JSON or Python-dict-like text in working_hours/about, BOMs and embedded newlines.
 */
import type { BusinessRecord } from "~/lib/business/business-record";
import { withoutFormulaGuard } from "~/lib/admin/csv";
import { httpUrl, websiteUrl } from "~/lib/business/web-url";
import type { ColumnMapping, MappedColumn } from "./columns";
import { deriveCountryCode } from "./country";

const EMPTY_WORDS = new Set(["none", "nan", "null", "n/a", "undefined"]);
const LONGEST_EMPTY_WORD = Math.max(...[...EMPTY_WORDS].map((word) => word.length));

/**
 * A character from which NFC may change text: every code point below U+0300 is its own NFC and
 * none composes with what precedes it, so most cells (ASCII, Latin-1 accents) skip the ICU call.
 */
const MAY_CHANGE_IN_NFC = /[^\u0000-\u02ff]/;

/**
 * Trimmed text in Unicode NFC, or null for an empty cell or a placeholder word. NFC: "Café"
 * typed with a combining accent (NFD, as macOS writes it) is the same name, address and place
 * id as the precomposed one, so a re-import finds the business instead of adding it twice.
 * The CSV export's formula guard ("'+49 211 …") comes off, so an exported file uploaded back
 * stores what it was exported from.
 */
export function cleanText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const raw = typeof value === "string" ? value : String(value);
  let text = withoutFormulaGuard((raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw).trim()).trim();
  if (MAY_CHANGE_IN_NFC.test(text)) text = text.normalize("NFC");
  if (!text || (text.length <= LONGEST_EMPTY_WORD && EMPTY_WORDS.has(text.toLowerCase()))) return null;
  return text;
}

/**
 * Soft hyphens and word joiners copied out of web pages: invisible, yet they cut a word in two
 * for the search index ("Zü\u00ADrich" was not found as "Zürich") while the slug drops them. The
 * zero-width space stays (Thai and Khmer mark word breaks with it), as do the joiners that shape
 * a script's letters (ZWJ, ZWNJ).
 */
const INVISIBLE_BREAKS = /[\u00AD\u2060\uFEFF]/g;

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

const HTML_ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * Text a scraper copied out of a web page with its HTML escapes ("Tom &amp; Jerry&#39;s"), as a
 * visitor reads it. One level only: "&amp;amp;" becomes "&amp;". For names and places, not for
 * JSON cells or links.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(HTML_ENTITY, (entity, name: string | undefined, decimal: string | undefined, hex: string | undefined) => {
    if (name) return NAMED_ENTITIES[name.toLowerCase()]!;
    const codePoint = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
    return codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff) ? String.fromCodePoint(codePoint) : entity;
  });
}

/** Postal codes written by spreadsheets as numbers: "90744.0" → "90744". */
export function cleanPostalCode(value: unknown): string | null {
  const text = cleanText(value);
  return text ? text.replace(/^(\d+)\.0+$/, "$1") : null;
}

export function cleanNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  const text = cleanText(value);
  if (!text) return null;
  const number = Number(text.replace(",", "."));
  return Number.isFinite(number) ? number : Number.NaN;
}

/**
 * A count (reviews): a whole number, also written with thousands separators as exports and
 * spreadsheets do ("1,234", "1.234", "1 234", "1'234"); NaN when it cannot be read.
 */
export function cleanCount(value: unknown): number | null {
  const text = typeof value === "string" ? cleanText(value) : null;
  if (text && /^\d{1,3}([,.\s'\u00a0\u202f]\d{3})+$/.test(text)) return Number(text.replace(/\D/g, ""));
  const number = cleanNumber(value);
  if (number === null || Number.isNaN(number)) return number;
  // A negative written out is a broken cell; a negative number cell counts as none, as before.
  if (number < 0) return typeof value === "number" ? 0 : Number.NaN;
  return Math.round(number);
}

/** Excel's error values, as a sheet or an Excel-written CSV holds them where a formula failed. */
const EXCEL_ERROR = /^\s*#(?:REF!|DIV\/0!|VALUE!|N\/A|NAME\?|NUM!|NULL!|SPILL!|CALC!|GETTING_DATA)\s*$/i;

/** Runs for every mapped cell of every row: the "#" test first keeps ordinary cells cheap. */
function isExcelError(value: unknown): value is string {
  return typeof value === "string" && value.includes("#") && EXCEL_ERROR.test(value);
}

/** The longest business name kept: longer text is a broken cell, not a name. */
const MAX_NAME_LENGTH = 500;

/**
 * The export's price level (`range`): one to four of the same currency sign ("$$", "€€€", "₱₱"),
 * stored as as many "$" so that ?price=$$ means the same level in every country; null for an
 * empty cell or any other text (an amount such as "$10–20" is no level, and no reason to refuse
 * the business).
 */
export function cleanPriceRange(value: unknown): string | null {
  const text = cleanText(value);
  if (!text) return null;
  const signs = [...text];
  return signs.length <= 4 && /^\p{Sc}$/u.test(signs[0]!) && signs.every((sign) => sign === signs[0]) ? "$".repeat(signs.length) : null;
}

export function cleanBoolean(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  const text = cleanText(value)?.toLowerCase();
  return text === "true" || text === "1" || text === "yes" || text === "evet";
}

/** What Python's repr() writes after a backslash for a character it escapes. */
const PYTHON_ESCAPES: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', n: "\n", r: "\r", t: "\t" };
/** Hex digits after \x, \u and \U. */
const PYTHON_HEX_ESCAPES: Record<string, number> = { x: 2, u: 4, U: 8 };

/**
 * The character a Python escape at `text[i]` (the backslash) stands for, and its length. repr()
 * writes U+202F, which Google's opening hours put before AM/PM, as \u202f; an escape Python does
 * not know keeps its backslash, as in Python.
 */
function pythonEscape(text: string, i: number): { value: string; length: number } {
  const kind = text[i + 1]!;
  const simple = PYTHON_ESCAPES[kind];
  if (simple !== undefined) return { value: simple, length: 2 };
  const digits = PYTHON_HEX_ESCAPES[kind];
  const hex = digits ? text.slice(i + 2, i + 2 + digits) : "";
  const codePoint = digits && /^[0-9a-fA-F]+$/.test(hex) && hex.length === digits ? Number.parseInt(hex, 16) : NaN;
  if (codePoint <= 0x10ffff) return { value: String.fromCodePoint(codePoint), length: 2 + digits! };
  return { value: "\\" + kind, length: 2 };
}

/**
 * Python-literal text (single quotes, True/False/None, backslash escapes), as some scrapers
 * write dicts, turned into JSON: strings are re-quoted character by character so apostrophes
 * inside survive.
 */
export function pythonLiteralToJson(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"') {
      let value = "";
      i++;
      while (i < text.length && text[i] !== ch) {
        if (text[i] === "\\" && i + 1 < text.length) {
          const escape = pythonEscape(text, i);
          value += escape.value;
          i += escape.length;
        } else {
          value += text[i++];
        }
      }
      if (i >= text.length) throw new Error("unterminated string");
      i++;
      out += JSON.stringify(value);
    } else if (text.startsWith("True", i)) {
      out += "true";
      i += 4;
    } else if (text.startsWith("False", i)) {
      out += "false";
      i += 5;
    } else if (text.startsWith("None", i)) {
      out += "null";
      i += 4;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/**
 * A JSON cell (working_hours, about) as compact JSON text. Plain text that is not meant as
 * JSON (e.g. "Mo-Fr 9-17") is kept as it is; text that starts like JSON but does not parse
 * is a broken cell and rejects the row.
 */
export function cleanJsonCell(value: unknown): { ok: true; value: string | null } | { ok: false } {
  const text = cleanText(value);
  if (!text) return { ok: true, value: null };
  if (!/^[[{]/.test(text)) return { ok: true, value: text };
  for (const candidate of [() => text, () => pythonLiteralToJson(text)]) {
    try {
      return { ok: true, value: JSON.stringify(JSON.parse(candidate())) };
    } catch {
      // try the next reading
    }
  }
  return { ok: false };
}

export type CleanedRow = { ok: true; record: BusinessRecord } | { ok: false; name: string | null; reason: string };

/** Reads one row by the file's column mapping; a row-level problem gives the reason it is skipped. */
export function cleanRow(cells: readonly unknown[], mapping: ColumnMapping): CleanedRow {
  const cell = (column: MappedColumn) => {
    const index = mapping.indexes[column];
    if (index === undefined) return null;
    const first = cells[index];
    const repeats = mapping.repeats[column];
    if (!repeats || cleanText(first) !== null) return first;
    const repeat = repeats.find((i) => cleanText(cells[i]) !== null);
    return repeat === undefined ? first : cells[repeat];
  };
  // Names and places as a visitor reads them (see decodeHtmlEntities).
  const label = (column: MappedColumn) => {
    const text = cleanText(cell(column));
    if (text === null) return null;
    // Cleaned again only when decoding or dropping breaks changed it (it may now be blank or padded).
    const shown = decodeHtmlEntities(text).replace(INVISIBLE_BREAKS, "");
    return shown === text ? text : cleanText(shown);
  };
  // A type, category, city or country files a business in the directory by its slug: one with no
  // letter or digit ("!!!", "&", "-") would file it nowhere, or name a list "&", so it is empty.
  const directoryLabel = (column: MappedColumn) => {
    const text = label(column);
    return text !== null && WORD_CHARACTER.test(text) ? text : null;
  };
  const name = label("name")?.replace(/\s+/g, " ") ?? null;
  if (!name) return { ok: false, name: null, reason: "işletme adı boş" };
  if (name.length > MAX_NAME_LENGTH) return { ok: false, name: `${name.slice(0, 40)}…`, reason: `işletme adı ${MAX_NAME_LENGTH} karakterden uzun` };
  // An unquoted comma in a CSV cell shifts every later cell one column right: refuse, never store shifted data.
  if (cells.length > mapping.headerCount && cells.slice(mapping.headerCount).some((c) => cleanText(c) !== null)) {
    return { ok: false, name, reason: `satırda başlıktaki ${mapping.headerCount} sütundan fazla dolu hücre var (tırnak içine alınmamış bir virgül olabilir)` };
  }
  for (const [column, index] of mapping.mapped) {
    const value = cells[index];
    if (isExcelError(value)) return { ok: false, name, reason: `${column} hücresinde Excel hatası ${value.trim()}` };
  }
  const latitude = cleanNumber(cell("latitude"));
  const longitude = cleanNumber(cell("longitude"));
  if (Number.isNaN(latitude) || Number.isNaN(longitude)) {
    return { ok: false, name, reason: "koordinat sayı değil" };
  }
  if ((latitude !== null && Math.abs(latitude) > 90) || (longitude !== null && Math.abs(longitude) > 180)) {
    return { ok: false, name, reason: `geçersiz koordinat (${latitude}, ${longitude})` };
  }
  // 0, 0 is where a failed geocode lands ("Null Island"): no point rather than a pin in the sea.
  const nowhere = latitude === 0 && longitude === 0;
  const rating = cleanNumber(cell("rating"));
  if (Number.isNaN(rating) || (rating !== null && (rating < 0 || rating > 5))) {
    return { ok: false, name, reason: "geçersiz puan (rating)" };
  }
  const reviews = cleanCount(cell("reviews"));
  if (Number.isNaN(reviews)) return { ok: false, name, reason: "yorum sayısı (reviews) sayı değil" };
  const workingHours = cleanJsonCell(cell("working_hours"));
  if (!workingHours.ok) return { ok: false, name, reason: "working_hours bozuk JSON" };
  const about = cleanJsonCell(cell("about"));
  if (!about.ok) return { ok: false, name, reason: "about bozuk JSON" };
  const fullAddress = label("full_address");
  const country = directoryLabel("country");
  return {
    ok: true,
    record: {
      name,
      category: directoryLabel("category"),
      type: directoryLabel("type"),
      fullAddress,
      street: label("street"),
      city: directoryLabel("city"),
      postalCode: cleanPostalCode(cell("postal_code")),
      country,
      countryCode: deriveCountryCode({ countryCode: cleanText(cell("country_code")), country, fullAddress }),
      phone: cleanText(cell("phone")),
      latitude: nowhere ? null : latitude,
      longitude: nowhere ? null : longitude,
      rating,
      reviews: reviews ?? 0,
      reviewsLink: httpUrl(cleanText(cell("reviews_link"))),
      photo: httpUrl(cleanText(cell("photo"))),
      logo: httpUrl(cleanText(cell("logo"))),
      locatedIn: label("located_in"),
      workingHours: workingHours.value,
      verified: cleanBoolean(cell("verified")),
      about: about.value,
      placeId: cleanText(cell("place_id")),
      timeZone: cleanText(cell("time_zone")),
      priceRange: cleanPriceRange(cell("price_range")),
      url: websiteUrl(cleanText(cell("site"))),
    },
  };
}
