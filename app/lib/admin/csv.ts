/**
 * CSV writing for the business export: RFC 4180 (comma, CRLF, fields with a comma, quote, CR or
 * LF quoted, quotes doubled), UTF-8 with a byte-order mark so that Excel reads accents right,
 * and spreadsheet formula injection neutralised: a text cell starting with =, +, -, @, tab or
 * CR gets a leading apostrophe, which the import takes off again (withoutFormulaGuard), so an
 * exported file uploaded back stores what it was exported from. Real numbers (a negative
 * longitude) stay numbers.
 */
export const UTF8_BOM = "\uFEFF";
export const CSV_LINE_END = "\r\n";

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Text as it was before csvCell's guard: one leading apostrophe before what the guard guards is taken off. */
export function withoutFormulaGuard(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",") + CSV_LINE_END;
}
