/**
 * Which country a text names: an ISO 3166-1 code ("TR"), a name in one of many languages
 * ("Turkey", "Türkiye", "Almanya", "Deutschland", "Ελλάδα", "日本") or a common other form
 * ("Holland", "Korea", "USA"). One answer for the import (rows without country_code) and the
 * public site (country-name URLs, the countries search): decision 023. Pure.
 */
import { slugify } from "../business/slug";

/**
 * ISO 3166-1 alpha-2 codes in use, and XK (Kosovo, as Google and the EU write it). Intl still
 * names withdrawn and transitional codes after their successors (VD "Vietnam", RH "Zimbabwe",
 * NH "Vanuatu", AN "Curaçao", DD "Germany", SU "Russia", UK "United Kingdom"…): a name must
 * never lead to one of those, or a country would be listed twice.
 */
const CURRENT_CODES = new Set(
  ("AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO " +
    "FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE " +
    "JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO " +
    "MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW " +
    "PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM " +
    "TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW").split(" "),
);

/**
 * Languages whose names of every country are known: those of the exports and visitors this
 * directory gets. Each country is also known by its name in its own main language (Norge,
 * Polska, Ελλάδα, Россия, 日本), so the list need not hold every language.
 */
const LANGUAGES = ["tr", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "ar", "zh", "ja", "ko"];

/** Forms in use that no Intl name gives. */
const OTHER_NAMES: Record<string, string> = {
  "USA": "US", "United States of America": "US", "UAE": "AE", "KSA": "SA", "UK": "GB",
  "Great Britain": "GB", "Britain": "GB", "England": "GB", "Scotland": "GB", "Wales": "GB", "Northern Ireland": "GB",
  "Turkey": "TR", "Holland": "NL", "The Netherlands": "NL", "Korea": "KR", "Republic of Korea": "KR",
  "Czech Republic": "CZ", "Russian Federation": "RU", "Burma": "MM", "Ivory Coast": "CI", "East Timor": "TL",
  "Swaziland": "SZ", "Macedonia": "MK", "Vatican": "VA", "Holy See": "VA", "Macau": "MO",
  "Democratic Republic of the Congo": "CD", "DR Congo": "CD", "DRC": "CD", "Republic of the Congo": "CG",
  "The Bahamas": "BS", "The Gambia": "GM", "Saint Vincent and the Grenadines": "VC",
};

/** How names are compared: slug letters without separators ("Côte d’Ivoire", "cote-divoire"). */
function key(text: string): string {
  return slugify(text).replaceAll("-", "");
}

/** English names also as written out: "Trinidad & Tobago" → "Trinidad and Tobago", "St. Lucia" → "Saint Lucia". */
function writtenOut(name: string): string {
  return name.replaceAll("&", " and ").replace(/\bSt\.? /g, "Saint ");
}

function scriptedLanguage(locale: Intl.Locale): string {
  const { language, script } = locale.maximize();
  return `${language}-${script}`;
}

let names: Map<string, string> | null = null;
/** Code → every name of it that leads to it in `names`, as written ("Turkey", "Türkiye", "Turquie"…). */
let namesByCode: Map<string, Set<string>> | null = null;

/**
 * Name key → code (some 2,600 names), built on first use and kept for the isolate: 20–45 ms of
 * CPU once in workerd. The first name wins a key two countries share: other forms, English,
 * each country's own language, then the other languages.
 */
function nameMap(): Map<string, string> {
  if (names) return names;
  const map = new Map<string, string>();
  const byCode = new Map<string, Set<string>>();
  // Most names recur in several languages ("Burkina Faso"): each is keyed once.
  const seen = new Set<string>();
  const add = (name: string | undefined, code: string) => {
    if (!name || seen.has(name)) return;
    seen.add(name);
    const k = key(name);
    if (!k) return;
    if (!map.has(k)) map.set(k, code);
    if (map.get(k) !== code) return;
    const known = byCode.get(code);
    if (known) known.add(name);
    else byCode.set(code, new Set([name]));
  };
  for (const [name, code] of Object.entries(OTHER_NAMES)) add(name, code);
  const english = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const englishShort = new Intl.DisplayNames(["en"], { type: "region", style: "short", fallback: "none" });
  for (const code of CURRENT_CODES) {
    const name = english.of(code);
    add(name, code);
    if (name) add(writtenOut(name), code);
    add(englishShort.of(code), code);
  }
  // A country's own language and script (nb-Latn for NO, zh-Hant for TW), unless listed below.
  const listed = new Set(["en", ...LANGUAGES].map((language) => scriptedLanguage(new Intl.Locale(language))));
  const own = new Map<string, Intl.DisplayNames>();
  for (const code of CURRENT_CODES) {
    const locale = scriptedLanguage(new Intl.Locale("und", { region: code }));
    if (listed.has(locale)) continue;
    let display = own.get(locale);
    if (!display) own.set(locale, (display = new Intl.DisplayNames([locale], { type: "region", fallback: "none" })));
    add(display.of(code), code);
  }
  for (const language of LANGUAGES) {
    const display = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
    for (const code of CURRENT_CODES) add(display.of(code), code);
  }
  names = map;
  namesByCode = byCode;
  return map;
}

/** Whether `code` is a country code in use ("TR", not the withdrawn "VD"); upper case only. */
function isCountryCode(code: string): boolean {
  return CURRENT_CODES.has(code);
}

/** The code of a country name in any of the known languages or forms; null when none. */
export function countryCodeFromName(name: string | null | undefined): string | null {
  const k = name ? key(name) : "";
  return k ? (nameMap().get(k) ?? null) : null;
}

/**
 * Every name that leads to `code` ("TR": Turkey, Türkiye, Turquie, Türkei, Турция, トルコ…), for
 * finding businesses whose stored country text is any of them. Empty for an unknown code.
 */
export function countryNames(code: string): string[] {
  nameMap();
  return [...(namesByCode?.get(code) ?? [])];
}

/** A country code in use ("tr", "DE") or a country name: its code; null when it names none. */
export function countryCodeFromText(text: string | null | undefined): string | null {
  const code = text?.trim().toUpperCase() ?? "";
  if (isCountryCode(code)) return code;
  return countryCodeFromName(text);
}

/**
 * The code a business's country column is indexed with beside its text: alone when the file gave
 * no country text (the upload template has only country_code), so a search narrowed to the
 * country by any of its names finds it (decision 070); after a text in a language the site does
 * not know ("Sveitsi" beside CH), as that search looks for the code among the country's names
 * (decision 070). Null when the text names the code (or is the code), or when there is no code.
 */
export function countryCodeToIndex(country: string | null, countryCode: string | null): string | null {
  if (!countryCode) return null;
  if (!country?.trim()) return countryCode;
  return countryCodeFromText(country) === countryCode ? null : countryCode;
}

/** Every country code in use, with its English name, by name: the country list of a form. */
export function countryChoices(): { code: string; name: string }[] {
  const english = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  return [...CURRENT_CODES].map((code) => ({ code, name: english.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** Whether `code` is an upper-case country code in use ("TR"). */
export function isCountryCodeInUse(code: string): boolean {
  return isCountryCode(code);
}

/** The English name of a country code in use ("TR" → "Türkiye"); null for any other text. */
export function englishCountryName(code: string): string | null {
  return isCountryCode(code) ? (new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }).of(code) ?? null) : null;
}
