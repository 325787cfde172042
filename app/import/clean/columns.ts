/**
 * Column mapping of uploaded spreadsheets: the simple upload template and the Google-Maps
 * export layouts (Outscraper and similar scrapers). Header names are matched case- and
 * accent-insensitively, ignoring spaces and punctuation; unknown columns are ignored.
 */

/** The 23 directory columns an upload can fill: the denominator of the column-extraction figure. */
export const KNOWN_COLUMNS = [
  "name", "site", "type", "category", "phone", "full_address", "street", "city", "postal_code",
  "country", "country_code", "latitude", "longitude", "rating", "reviews", "reviews_link",
  "photo", "logo", "located_in", "working_hours", "about", "verified", "place_id",
] as const;
export type KnownColumn = (typeof KNOWN_COLUMNS)[number];

/**
 * Columns read as well but outside the 23 of the figure (the time zone only sharpens opening
 * hours; the price level only feeds the ?price= filter).
 */
export const EXTRA_COLUMNS = ["time_zone", "price_range"] as const;
export type ExtraColumn = (typeof EXTRA_COLUMNS)[number];
export type MappedColumn = KnownColumn | ExtraColumn;

/** The upload template's columns, shown on the upload screen. */
export const TEMPLATE_COLUMNS = [
  "name", "address", "phone", "category", "latitude", "longitude", "rating", "reviewCount", "place_id", "country_code",
] as const;

/** Other spellings seen in templates and exports, by normalized header. */
const ALIASES: Record<string, MappedColumn> = {
  address: "full_address",
  fulladdress: "full_address",
  reviewcount: "reviews",
  reviewscount: "reviews",
  website: "site",
  url: "site",
  lat: "latitude",
  lng: "longitude",
  lon: "longitude",
  placeid: "place_id",
  countrycode: "country_code",
  postalcode: "postal_code",
  zip: "postal_code",
  reviewslink: "reviews_link",
  locatedin: "located_in",
  workinghours: "working_hours",
  timezone: "time_zone",
  // The exports' price level ("$$", "€€€", "₱₱").
  range: "price_range",
  price: "price_range",
};

/** Lower case, accents and everything but letters and digits removed: "Full Address" → "fulladdress". */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

const BY_NORMALIZED = new Map<string, MappedColumn>([
  ...[...KNOWN_COLUMNS, ...EXTRA_COLUMNS].map((c) => [normalizeHeader(c), c] as const),
  ...Object.entries(ALIASES),
]);

export interface ColumnMapping {
  /** Column index in the sheet for each recognised column (the first of repeats). */
  indexes: Partial<Record<MappedColumn, number>>;
  /** The same columns and indexes as pairs in sheet order, listed once per file for the check of every row's cells. */
  mapped: [MappedColumn, number][];
  /** Later columns of the same name ("phone" twice, "address" and "full_address"), read where the first is empty. */
  repeats: Partial<Record<MappedColumn, number[]>>;
  /** Columns up to the last one with a header: a row's filled cell past it has no column. */
  headerCount: number;
  /** Figures for the report: which of the 23 columns the file has. */
  extraction: ColumnExtraction;
}

export interface ColumnExtraction {
  extractedCount: number;
  /** Percentage of the 23 columns found, one decimal. */
  extractionRate: number;
  successful: KnownColumn[];
  missing: KnownColumn[];
}

export function mapColumns(headers: readonly string[]): ColumnMapping {
  const indexes: Partial<Record<MappedColumn, number>> = {};
  const mapped: [MappedColumn, number][] = [];
  const repeats: Partial<Record<MappedColumn, number[]>> = {};
  let headerCount = 0;
  headers.forEach((header, index) => {
    if (String(header ?? "").trim()) headerCount = index + 1;
    const column = BY_NORMALIZED.get(normalizeHeader(header ?? ""));
    if (!column) return;
    if (indexes[column] === undefined) {
      indexes[column] = index;
      mapped.push([column, index]);
    } else (repeats[column] ??= []).push(index);
  });
  const successful = KNOWN_COLUMNS.filter((c) => indexes[c] !== undefined);
  const missing = KNOWN_COLUMNS.filter((c) => indexes[c] === undefined);
  return {
    indexes,
    mapped,
    repeats,
    headerCount,
    extraction: {
      extractedCount: successful.length,
      extractionRate: Math.round((successful.length / KNOWN_COLUMNS.length) * 1000) / 10,
      successful,
      missing,
    },
  };
}

/** A sheet without a name column cannot be imported: checked before anything is written. */
export function missingNameColumnMessage(mapping: ColumnMapping): string | null {
  return mapping.indexes.name === undefined
    ? "Dosyada işletme adı sütunu (name) bulunamadı: ilk satır sütun başlıklarını içermeli."
    : null;
}
