/** Display formatting for counts, shares, countries and ratings. Pure. */

/** A number from a number or numeric text (API counts may arrive as strings); else null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** `n` in units of `unit` with one decimal, truncated (1999 → "1.9K", never overstated). */
function inUnits(n: number, unit: number): string {
  const tenths = Math.floor(n / (unit / 10));
  return (tenths / 10).toFixed(1).replace(/\.0$/, "");
}

/**
 * Counts for cards: below 1000 as is ("999"); from 1000 in thousands with K ("1K", "15.3K",
 * "719K"); from 1,000,000 in millions with M ("2.1M"). One decimal, truncated, ".0" dropped.
 * Accepts numeric strings; anything unreadable shows "0".
 */
export function formatCount(value: number | string | null | undefined): string {
  const n = toNumber(value);
  if (n === null) return "0";
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(n));
  if (abs < 1000) return `${sign}${abs}`;
  if (abs < 1_000_000) return `${sign}${inUnits(abs, 1000)}K`;
  return `${sign}${inUnits(abs, 1_000_000)}M`;
}

/** Share of a total as a percent with one decimal: "12.5%"; "0.0%" when the total is 0. */
export function marketShare(part: number | string | null | undefined, total: number | string | null | undefined): string {
  const p = toNumber(part) ?? 0;
  const t = toNumber(total) ?? 0;
  if (t <= 0) return "0.0%";
  return `${((p / t) * 100).toFixed(1)}%`;
}

let regionNames: Intl.DisplayNames | null | undefined;

function displayNames(): Intl.DisplayNames | null {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(["en"], { type: "region" });
    } catch {
      regionNames = null;
    }
  }
  return regionNames;
}

/** English name of an ISO 3166 region code ("CH" → "Switzerland", any case); else the code. */
export function countryName(code: string | null | undefined): string {
  const c = (code ?? "").trim().toUpperCase();
  if (!/^(?:[A-Z]{2}|\d{3})$/.test(c)) return c;
  try {
    const name = displayNames()?.of(c);
    return name && name !== c && name !== "Unknown Region" ? name : c;
  } catch {
    return c;
  }
}

/** Name of a country for display: the English name of its ISO code, else the stored name. */
export function displayCountry(code: string, stored: unknown): string {
  const name = countryName(code);
  return name !== code.toUpperCase() ? name : String(stored ?? code);
}

/** Country names English writes with "the": the United States, the Netherlands, the Cayman Islands. */
const COUNTRY_WITH_THE = /^(?:United |Netherlands$|Philippines$|Bahamas$|Maldives$|Gambia$|Comoros$|Seychelles$)|(?:Islands|Republic|Emirates|States|Kingdom)$/;

/** A country's name as a sentence names it after "in" or "of": "the United States", "Ghana". */
export function countryInProse(name: string): string {
  return COUNTRY_WITH_THE.test(name) ? `the ${name}` : name;
}

/**
 * The country a business is shown in: the English name of its code when it has one (imports
 * store the country text as written, "turkey" or "TR", or none at all: the upload template has
 * only country_code), else the stored text.
 */
export function businessCountry(countryCode: string | null, country: string | null): string | null {
  return countryCode ? displayCountry(countryCode, country) : country;
}

/**
 * The rating a visitor is shown: a number above 0, else null. Ratings run from 1 to 5; a 0 is an
 * import's "not rated" (even beside many reviews), so the page, its meta and JSON-LD leave it out.
 */
export function shownRating(rating: number | string | null | undefined): number | null {
  const n = toNumber(rating);
  return n !== null && n > 0 ? n : null;
}

/** Rating with one decimal ("4.5", "4.0"); null when there is no rating to show (see shownRating). */
export function formatRating(rating: number | string | null | undefined): string | null {
  return shownRating(rating)?.toFixed(1) ?? null;
}

/**
 * The review count told beside a shown rating: "1 review", "1,460 reviews"; null for none. A file
 * whose review-count cell is empty stores 0 (the upload template's reviewCount, often empty in
 * exports), and a rating comes from reviews: beside a rating, 0 means "not known", so the rating
 * is shown alone instead of "from 0 reviews" (decision 089).
 */
export function reviewsText(reviews: number): string | null {
  return reviews > 0 ? countOf(reviews, "review", "reviews") : null;
}

/** The noun for a count in English: "1 business", "2 businesses", "1.2K businesses". */
export function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/**
 * One formatter for the isolate: `toLocaleString("en-US")` built a new one on every call, about
 * 0.1 ms each in workerd, and a page writes dozens of figures.
 */
const englishNumbers = new Intl.NumberFormat("en-US");

/** A number as the public site writes it, with thousands separators: "2,981", "1,000,000". */
export function formatNumber(value: number): string {
  return englishNumbers.format(value);
}

/** A count written out with its noun: "1 country", "2,981 businesses". */
export function countOf(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${plural(count, one, many)}`;
}

/** A distance as a card shows it: "350 m" (tens of metres) under a kilometre, "1.2 km" under 10, "12 km" beyond. */
export function formatDistance(km: number): string {
  const metres = Math.max(10, Math.round((km * 1000) / 10) * 10);
  if (metres < 1000) return `${metres} m`;
  const tenths = Math.round(km * 10) / 10;
  if (tenths < 10) return `${tenths.toFixed(1)} km`;
  return `${formatNumber(Math.round(km))} km`;
}
