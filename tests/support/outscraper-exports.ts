/**
 * Google-Maps exports in the Outscraper layouts, generated: the project's own stand-ins for the
 * real files in ../shared/fixtures/real, with the same columns and the same hard cases (quoted
 * newlines, "56.0" review counts, lower-case and overnight hours, Python-style booleans, a literal
 * "None" postal code, typed XLSX cells, a row with neither country nor address). Pure: runs in
 * Node and inside workerd.
 */
import * as XLSX from "@e965/xlsx";

/** The 2025 Outscraper CSV header (106 columns), as in the real Zurich export. */
export const OUTSCRAPER_CSV_COLUMNS = (
  "query,name,name_for_emails,site,subtypes,category,type,phone,full_address,borough,street,city,postal_code,state,us_state," +
  "country,country_code,latitude,longitude,h3,time_zone,plus_code,area_service,rating,reviews,reviews_link,reviews_tags," +
  "reviews_per_score,reviews_per_score_1,reviews_per_score_2,reviews_per_score_3,reviews_per_score_4,reviews_per_score_5," +
  "photos_count,photo,street_view,located_in,working_hours,working_hours_old_format,other_hours,popular_times,business_status," +
  "about,range,posts,logo,description,typical_time_spent,verified,owner_id,owner_title,owner_link,reservation_links," +
  "booking_appointment_link,menu_link,order_links,location_link,location_reviews_link,place_id,google_id,cid,kgmid,reviews_id," +
  "located_google_id,email_1,email_1_full_name,email_1_first_name,email_1_last_name,email_1_title,email_1_phone,email_2," +
  "email_2_full_name,email_2_first_name,email_2_last_name,email_2_title,email_2_phone,email_3,email_3_full_name," +
  "email_3_first_name,email_3_last_name,email_3_title,email_3_phone,phone_1,phone_2,phone_3,facebook,instagram,linkedin," +
  "tiktok,medium,reddit,skype,snapchat,telegram,whatsapp,twitter,vimeo,youtube,github,crunchbase,website_title," +
  "website_generator,website_description,website_keywords,website_has_fb_pixel,website_has_google_tag"
).split(",");

/** The XLSX layout adds the enrichers' columns (120 in all), as in the real Quezon City export. */
export const OUTSCRAPER_XLSX_COLUMNS = OUTSCRAPER_CSV_COLUMNS.flatMap((column) =>
  column === "phone" || /^phone_\d$/.test(column)
    ? [column, `${column}.phones_enricher.carrier_name`, `${column}.phones_enricher.carrier_type`]
    : /^email_\d$/.test(column)
      ? [column, `${column}.emails_validator.status`, `${column}.emails_validator.status_details`]
      : [column],
);

type Cell = string | number | boolean | null;

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const week = (hours: string[]) => Object.fromEntries(WEEK.map((day, i) => [day, hours[i % hours.length]!]));

/** Opening hours in every style the real exports use. */
const HOURS_STYLES: Record<string, string>[] = [
  { ...week(["11:45am-2pm,6-11:45pm"]), Monday: "Closed", Saturday: "6-11:45pm", Sunday: "Closed" },
  week(["4-11pm"]),
  week(["11am-12am", "11am-2am"]),
  week(["Open 24 hours"]),
  week(["4PM-2AM", "12-6AM,2PM-12AM"]),
  week(["11AM-10PM"]),
];

const ABOUT = {
  "Service options": { "Outdoor seating": true, "Dine-in": true, Delivery: false },
  Offerings: { "Kids' menu": true, "Vegetarian options": true },
  Accessibility: { "Wheelchair-accessible entrance": false },
  Amenities: { "Free Wi-Fi": true },
};

const ZURICH_NAMES = ["Bistrot à Paris", "Mère Catherine", "Weisses Rössli", "Zunfthaus zur Zimmerleuten", "Café Schöne Aussicht", "Hôtel Storchen"];
const QUEZON_NAMES = ["Esmeralda Kitchen", "Café Doña Rosa", "Restawran ng Español", "Lola’s Lechon House", "Kusina ni Aling Nena"];

/** One export row as column name → value; `variant` picks the hard cases in turn. */
export interface OutscraperRow {
  name: string;
  placeId: string;
  city: string;
  countryCode: string | null;
  reviews: number;
  hours: Record<string, string>;
  verified: boolean;
  /** The price level the import stores for the row's `range`. */
  priceRange: string;
  values: Record<string, Cell>;
}

function zurichRow(i: number, prefix: string): OutscraperRow {
  const name = `${ZURICH_NAMES[i % ZURICH_NAMES.length]} ${prefix}${i}`;
  const placeId = `ChIJ${prefix}zurich${String(i).padStart(6, "0")}`;
  const hotel = i % 7 === 3;
  const hours = HOURS_STYLES[i % HOURS_STYLES.length]!;
  const city = i % 11 === 5 ? "Kloten" : "Zürich";
  const noPlace = i % 50 === 49;
  const reviews = 10 + ((i * 37) % 900);
  const values: Record<string, Cell> = {
    query: hotel ? "hotels in Zurich" : "French restaurants in Zurich",
    name,
    name_for_emails: name,
    site: i % 4 === 0 ? "" : `http://www.example-${i}.ch/`,
    subtypes: "Fine dining restaurant, Italian restaurant, Swiss restaurant",
    category: hotel ? "hotels" : i % 5 === 0 ? "Schweizerisches Restaurant" : "restaurants",
    type: hotel ? "Restaurant" : "Fine dining restaurant",
    phone: `+41 44 212 ${String(10 + (i % 90)).padStart(2, "0")} 00`,
    full_address: noPlace ? "" : `Bederstrasse ${i + 1}, 8002 ${city}`,
    borough: "None",
    street: noPlace ? "" : `Bederstrasse ${i + 1}`,
    city: noPlace ? "" : city,
    postal_code: noPlace ? "" : "8002",
    state: "",
    us_state: "",
    country: noPlace ? "" : "Switzerland",
    country_code: noPlace ? "" : "CH",
    latitude: 47.36 + (i % 100) / 1000,
    longitude: 8.52 + (i % 97) / 1000,
    h3: "891f8ed90c7ffff",
    time_zone: "Europe/Zurich",
    area_service: "False",
    rating: Math.round((3 + (i % 21) / 10) * 10) / 10,
    reviews: `${reviews}.0`,
    reviews_link: `https://search.google.com/local/reviews?placeid=${placeId}&hl=en&gl=CH`,
    reviews_per_score_5: `${reviews}.0`,
    photos_count: "738.0",
    photo: `https://lh5.googleusercontent.com/p/${placeId}=w800-h500-k-no`,
    working_hours: JSON.stringify(hours).replaceAll('":"', '": "').replaceAll('","', '", "'),
    working_hours_old_format: Object.entries(hours).map(([day, text]) => `${day}:${text}`).join("|"),
    other_hours: i % 3 === 0 ? JSON.stringify([{ "Happy hours": { Monday: "4-7pm" } }]) : "",
    business_status: i % 40 === 7 ? "CLOSED_TEMPORARILY" : "OPERATIONAL",
    about: JSON.stringify(ABOUT),
    range: ["$", "$$", "$$$", "$$$$"][i % 4]!,
    logo: "",
    // Quoted newlines inside a cell, as 30 rows of the real export have.
    description: i % 10 === 0 ? `Light & creative dishes, "seasonal" wines.\nOpen on holidays.` : "A tranquil place.",
    verified: i % 3 === 0 ? "False" : "True",
    place_id: placeId,
    google_id: `0x479009f0a315bcef:0x${i.toString(16)}`,
    cid: String(13044423730852852 + i),
    email_1: `info${i}@example.ch`,
    phone_1: "41442126300",
    website_title: `${name} | Restaurant Zurich`,
    website_has_fb_pixel: "False",
    website_has_google_tag: "True",
  };
  return { name, placeId, city, countryCode: noPlace ? null : "CH", reviews, hours, verified: i % 3 !== 0, priceRange: String(values.range), values };
}

function quezonRow(i: number, prefix: string): OutscraperRow {
  const name = `${QUEZON_NAMES[i % QUEZON_NAMES.length]} ${prefix}${i}`;
  const placeId = `ChIJ${prefix}quezon${String(i).padStart(6, "0")}`;
  const hours = HOURS_STYLES[(i + 3) % HOURS_STYLES.length]!;
  // Typed cells: an integer review count in most rows, a float or nothing in some.
  const reviews = i % 20 === 4 ? 0 : 5 + ((i * 53) % 700);
  const values: Record<string, Cell> = {
    query: "https://www.google.com/maps/search/restaurants+in+quezon+city/@14.5906288,120.9916861,14z",
    name,
    name_for_emails: name,
    site: i % 2 === 0 ? "" : "https://www.facebook.com/example.ph",
    subtypes: "Restaurant, Bakery, Filipino restaurant",
    category: i % 6 === 1 ? "Restawran ng litson" : "restaurants",
    type: "Restaurant",
    phone: i % 5 === 0 ? null : `+63 917 831 ${String(1000 + i).slice(-4)}`,
    "phone.phones_enricher.carrier_name": "Globe",
    full_address: `${i + 1} Mayon St, Santa Mesa Heights, Quezon City, 1114 Metro Manila`,
    borough: "Santa Mesa Heights",
    street: `${i + 1} Mayon St`,
    city: "Quezon City",
    postal_code: i % 3 === 0 ? "None" : "1114",
    state: "Metro Manila",
    country: "Philippines",
    country_code: "PH",
    latitude: 14.6194667 + (i % 50) / 1000,
    longitude: 121.0007751 + (i % 45) / 1000,
    time_zone: "Asia/Manila",
    area_service: false,
    rating: i % 20 === 4 ? null : Math.round((3.5 + (i % 15) / 10) * 10) / 10,
    reviews: i % 20 === 4 ? null : i % 20 === 9 ? `${reviews}.0` : reviews,
    working_hours: JSON.stringify(hours),
    business_status: "OPERATIONAL",
    about: JSON.stringify(ABOUT),
    range: "₱₱",
    verified: i % 4 !== 0,
    place_id: placeId,
    cid: String(2893127450862518682n + BigInt(i)),
    facebook: "https://www.facebook.com/example.ph",
  };
  return { name, placeId, city: "Quezon City", countryCode: "PH", reviews, hours, verified: i % 4 !== 0, priceRange: "$$", values };
}

function csvCell(value: Cell): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The Zurich-style CSV: UTF-8 without BOM, LF line endings, every value text. */
export function outscraperCsv(count: number, prefix = "g"): { text: string; rows: OutscraperRow[] } {
  const rows = Array.from({ length: count }, (_, i) => zurichRow(i, prefix));
  const lines = [OUTSCRAPER_CSV_COLUMNS.join(","), ...rows.map((row) => OUTSCRAPER_CSV_COLUMNS.map((c) => csvCell(row.values[c] ?? "")).join(","))];
  return { text: `${lines.join("\n")}\n`, rows };
}

/** The Quezon-City-style XLSX: one sheet named as Outscraper names it, typed cells, shared strings. */
export function outscraperXlsx(count: number, prefix = "g"): { bytes: Uint8Array; rows: OutscraperRow[] } {
  const rows = Array.from({ length: count }, (_, i) => quezonRow(i, prefix));
  const table = [OUTSCRAPER_XLSX_COLUMNS, ...rows.map((row) => OUTSCRAPER_XLSX_COLUMNS.map((c) => row.values[c] ?? null))];
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(table), "Generated by Outscraper ©");
  const bytes = XLSX.write(workbook, { type: "array", bookType: "xlsx", bookSST: true }) as ArrayBuffer;
  return { bytes: new Uint8Array(bytes), rows };
}
