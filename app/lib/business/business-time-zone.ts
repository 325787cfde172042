/**
 * The time zone a business's clock is read in, for the Open/Closed badge and "today" in its
 * hours. The upload template has no time_zone column, and reading such a business in UTC shows a
 * Tokyo hotel open 9AM–5PM as Closed at 11:30 in Tokyo. So: its own zone when valid, else its
 * country's when the whole country keeps one time, else its coordinates' when they are clear of a
 * zone boundary, else null (no badge, rather than a wrong one). Pure. Decision 079.
 */

import tzLookup from "@photostructure/tz-lookup";
import { openStatus } from "./opening-hours";
import { isTimeZone, offsetAt } from "./time-zone";

/**
 * Countries whose every zone keeps one time (tzdb zone.tab, offsets compared through 2025–2026),
 * by their main zone. China is one time by law (Asia/Urumqi is an unofficial local custom).
 * Left out, so read from coordinates: the US, Canada, Mexico, Brazil, Russia, Australia, Indonesia,
 * Kazakhstan (one time only since 2024), Ukraine (Crimea), Chile, Mongolia, DR Congo, Greenland,
 * Micronesia, Kiribati, French Polynesia, Papua New Guinea, US outlying islands, Antarctica.
 */
const COUNTRY_ZONES: Record<string, string> = {
  AD: "Europe/Andorra", AE: "Asia/Dubai", AF: "Asia/Kabul", AG: "America/Antigua", AI: "America/Anguilla",
  AL: "Europe/Tirane", AM: "Asia/Yerevan", AO: "Africa/Luanda", AR: "America/Argentina/Buenos_Aires",
  AS: "Pacific/Pago_Pago", AT: "Europe/Vienna", AW: "America/Aruba", AX: "Europe/Mariehamn", AZ: "Asia/Baku",
  BA: "Europe/Sarajevo", BB: "America/Barbados", BD: "Asia/Dhaka", BE: "Europe/Brussels",
  BF: "Africa/Ouagadougou", BG: "Europe/Sofia", BH: "Asia/Bahrain", BI: "Africa/Bujumbura",
  BJ: "Africa/Porto-Novo", BL: "America/St_Barthelemy", BM: "Atlantic/Bermuda", BN: "Asia/Brunei",
  BO: "America/La_Paz", BQ: "America/Kralendijk", BS: "America/Nassau", BT: "Asia/Thimphu",
  BW: "Africa/Gaborone", BY: "Europe/Minsk", BZ: "America/Belize", CC: "Indian/Cocos", CF: "Africa/Bangui",
  CG: "Africa/Brazzaville", CH: "Europe/Zurich", CI: "Africa/Abidjan", CK: "Pacific/Rarotonga",
  CM: "Africa/Douala", CN: "Asia/Shanghai", CO: "America/Bogota", CR: "America/Costa_Rica",
  CU: "America/Havana", CV: "Atlantic/Cape_Verde", CW: "America/Curacao", CX: "Indian/Christmas",
  CY: "Asia/Nicosia", CZ: "Europe/Prague", DE: "Europe/Berlin", DJ: "Africa/Djibouti", DK: "Europe/Copenhagen",
  DM: "America/Dominica", DO: "America/Santo_Domingo", DZ: "Africa/Algiers", EE: "Europe/Tallinn",
  EG: "Africa/Cairo", EH: "Africa/El_Aaiun", ER: "Africa/Asmara", ET: "Africa/Addis_Ababa",
  FI: "Europe/Helsinki", FJ: "Pacific/Fiji", FK: "Atlantic/Stanley", FO: "Atlantic/Faroe", FR: "Europe/Paris",
  GA: "Africa/Libreville", GB: "Europe/London", GD: "America/Grenada", GE: "Asia/Tbilisi",
  GF: "America/Cayenne", GG: "Europe/Guernsey", GH: "Africa/Accra", GI: "Europe/Gibraltar",
  GM: "Africa/Banjul", GN: "Africa/Conakry", GP: "America/Guadeloupe", GQ: "Africa/Malabo",
  GR: "Europe/Athens", GS: "Atlantic/South_Georgia", GT: "America/Guatemala", GU: "Pacific/Guam",
  GW: "Africa/Bissau", GY: "America/Guyana", HK: "Asia/Hong_Kong", HN: "America/Tegucigalpa",
  HR: "Europe/Zagreb", HT: "America/Port-au-Prince", HU: "Europe/Budapest", IE: "Europe/Dublin",
  IL: "Asia/Jerusalem", IM: "Europe/Isle_of_Man", IN: "Asia/Kolkata", IO: "Indian/Chagos", IQ: "Asia/Baghdad",
  IR: "Asia/Tehran", IS: "Atlantic/Reykjavik", IT: "Europe/Rome", JE: "Europe/Jersey", JM: "America/Jamaica",
  JO: "Asia/Amman", JP: "Asia/Tokyo", KE: "Africa/Nairobi", KG: "Asia/Bishkek", KH: "Asia/Phnom_Penh",
  KM: "Indian/Comoro", KN: "America/St_Kitts", KP: "Asia/Pyongyang", KR: "Asia/Seoul", KW: "Asia/Kuwait",
  KY: "America/Cayman", LA: "Asia/Vientiane", LB: "Asia/Beirut", LC: "America/St_Lucia", LI: "Europe/Vaduz",
  LK: "Asia/Colombo", LR: "Africa/Monrovia", LS: "Africa/Maseru", LT: "Europe/Vilnius",
  LU: "Europe/Luxembourg", LV: "Europe/Riga", LY: "Africa/Tripoli", MA: "Africa/Casablanca",
  MC: "Europe/Monaco", MD: "Europe/Chisinau", ME: "Europe/Podgorica", MF: "America/Marigot",
  MG: "Indian/Antananarivo", MH: "Pacific/Majuro", MK: "Europe/Skopje", ML: "Africa/Bamako", MM: "Asia/Yangon",
  MO: "Asia/Macau", MP: "Pacific/Saipan", MQ: "America/Martinique", MR: "Africa/Nouakchott",
  MS: "America/Montserrat", MT: "Europe/Malta", MU: "Indian/Mauritius", MV: "Indian/Maldives",
  MW: "Africa/Blantyre", MY: "Asia/Kuala_Lumpur", MZ: "Africa/Maputo", NA: "Africa/Windhoek",
  NC: "Pacific/Noumea", NE: "Africa/Niamey", NF: "Pacific/Norfolk", NG: "Africa/Lagos", NI: "America/Managua",
  NL: "Europe/Amsterdam", NO: "Europe/Oslo", NP: "Asia/Kathmandu", NR: "Pacific/Nauru", NU: "Pacific/Niue",
  OM: "Asia/Muscat", PA: "America/Panama", PE: "America/Lima", PH: "Asia/Manila", PK: "Asia/Karachi",
  PL: "Europe/Warsaw", PM: "America/Miquelon", PN: "Pacific/Pitcairn", PR: "America/Puerto_Rico",
  PS: "Asia/Gaza", PW: "Pacific/Palau", PY: "America/Asuncion", QA: "Asia/Qatar", RE: "Indian/Reunion",
  RO: "Europe/Bucharest", RS: "Europe/Belgrade", RW: "Africa/Kigali", SA: "Asia/Riyadh",
  SB: "Pacific/Guadalcanal", SC: "Indian/Mahe", SD: "Africa/Khartoum", SE: "Europe/Stockholm",
  SG: "Asia/Singapore", SH: "Atlantic/St_Helena", SI: "Europe/Ljubljana", SJ: "Arctic/Longyearbyen",
  SK: "Europe/Bratislava", SL: "Africa/Freetown", SM: "Europe/San_Marino", SN: "Africa/Dakar",
  SO: "Africa/Mogadishu", SR: "America/Paramaribo", SS: "Africa/Juba", ST: "Africa/Sao_Tome",
  SV: "America/El_Salvador", SX: "America/Lower_Princes", SY: "Asia/Damascus", SZ: "Africa/Mbabane",
  TC: "America/Grand_Turk", TD: "Africa/Ndjamena", TF: "Indian/Kerguelen", TG: "Africa/Lome",
  TH: "Asia/Bangkok", TJ: "Asia/Dushanbe", TK: "Pacific/Fakaofo", TL: "Asia/Dili", TM: "Asia/Ashgabat",
  TN: "Africa/Tunis", TO: "Pacific/Tongatapu", TR: "Europe/Istanbul", TT: "America/Port_of_Spain",
  TV: "Pacific/Funafuti", TW: "Asia/Taipei", TZ: "Africa/Dar_es_Salaam", UG: "Africa/Kampala",
  UY: "America/Montevideo", UZ: "Asia/Tashkent", VA: "Europe/Vatican", VC: "America/St_Vincent",
  VE: "America/Caracas", VG: "America/Tortola", VI: "America/St_Thomas", VN: "Asia/Ho_Chi_Minh",
  VU: "Pacific/Efate", WF: "Pacific/Wallis", WS: "Pacific/Apia", XK: "Europe/Belgrade", YE: "Asia/Aden",
  YT: "Indian/Mayotte", ZA: "Africa/Johannesburg", ZM: "Africa/Lusaka", ZW: "Africa/Harare",
};

/**
 * Countries on one time but for outlying islands, told apart by longitude: the Canaries, Azores
 * and Galápagos lie west of their mainland, the Chathams beyond the antimeridian from New Zealand.
 */
const OUTLYING_ISLANDS: Record<string, { zone: string; islands: string; islandsBelowLongitude: number }> = {
  ES: { zone: "Europe/Madrid", islands: "Atlantic/Canary", islandsBelowLongitude: -13 },
  PT: { zone: "Europe/Lisbon", islands: "Atlantic/Azores", islandsBelowLongitude: -20 },
  EC: { zone: "America/Guayaquil", islands: "Pacific/Galapagos", islandsBelowLongitude: -85 },
  NZ: { zone: "Pacific/Auckland", islands: "Pacific/Chatham", islandsBelowLongitude: 0 },
};

export function businessTimeZone(business: {
  timeZone: string | null;
  countryCode: string | null;
  latitude: number | null;
  longitude: number | null;
}): string | null {
  const own = business.timeZone?.trim();
  if (own && isTimeZone(own)) return own;
  const code = business.countryCode?.trim().toUpperCase() ?? "";
  const split = OUTLYING_ISLANDS[code];
  if (split) {
    // Without coordinates a Canary Islands hotel could not be told from one in Madrid.
    if (business.longitude === null) return null;
    return business.longitude < split.islandsBelowLongitude ? split.islands : split.zone;
  }
  return COUNTRY_ZONES[code] ?? zoneFromCoordinates(business.latitude, business.longitude);
}

/** About 20 km north, south, east and west of a business: all must keep its clock. */
const NEIGHBOURHOOD_DEGREES = 0.2;
/** A winter and a summer day of either hemisphere: two zones keep one clock when both agree. */
const CLOCK_SAMPLES = [Date.UTC(2026, 0, 15) / 1000, Date.UTC(2026, 6, 15) / 1000];

/**
 * A business in a country of several times (the US, Canada, Russia, Australia, Brazil…), or of
 * none given, read from its coordinates. The lookup is a coarse map of the zones (about 70 kB,
 * server only) that errs near their boundaries, so its answer is kept only where the points
 * about 20 km around keep the same clock, winter and summer: a hotel in Denver gets Denver's
 * time, one beside the Kansas line none (no badge, rather than a wrong one). (0, 0), where a
 * missing coordinate pair often lands, is no place.
 */
export function zoneFromCoordinates(latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null || (latitude === 0 && longitude === 0)) return null;
  if (Math.abs(latitude) > 85 || Math.abs(longitude) > 180) return null;
  const east = NEIGHBOURHOOD_DEGREES / Math.cos((latitude * Math.PI) / 180);
  const around: [number, number][] = [
    [latitude, longitude],
    [latitude + NEIGHBOURHOOD_DEGREES, longitude],
    [latitude - NEIGHBOURHOOD_DEGREES, longitude],
    [latitude, wrapLongitude(longitude + east)],
    [latitude, wrapLongitude(longitude - east)],
  ];
  const zones = around.map(([lat, lon]) => tzLookup(lat, lon));
  const zone = zones[0]!;
  if (!isTimeZone(zone)) return null;
  const clock = clockOf(zone);
  return zones.every((other) => other === zone || (isTimeZone(other) && clockOf(other) === clock)) ? zone : null;
}

function wrapLongitude(longitude: number): number {
  return longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude;
}

/** Each zone's clockOf, kept for the isolate: fixed sample days, so the answer never changes. */
const clocksByZone = new Map<string, string>();

/** A zone's offsets from UTC on the sample days, as one comparable text. */
function clockOf(zone: string): string {
  let clock = clocksByZone.get(zone);
  if (clock === undefined) {
    clock = CLOCK_SAMPLES.map((seconds) => offsetAt(seconds, zone)).join(" ");
    clocksByZone.set(zone, clock);
  }
  return clock;
}

/**
 * Whether a business is open at `at`, by the rule of its page's badge: its hours read on its own
 * clock (businessTimeZone); no clock or unreadable hours is not open (the page shows no badge).
 */
export function businessOpenAt(
  business: { timeZone: string | null; countryCode: string | null; latitude: number | null; longitude: number | null; workingHours: string | null },
  at: Date,
): boolean {
  const timeZone = businessTimeZone(business);
  return timeZone !== null && openStatus(business.workingHours, at, timeZone) === "open";
}
