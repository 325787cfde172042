import type { Business, businesses, SqlRow } from "~/db/schema";
import { parseAmenities } from "./amenities";
import { countryCodeToIndex } from "../directory/country-names";
import { geoCell } from "../map/geo-cell";
import { nameSortKey } from "./name-order";
import { foldedCopy } from "../search/search-fold";
import { nameInnerWords } from "../search/search-inner-words";
import { businessSlug, slugify } from "./slug";

/**
 * A business as the import (and the demo seeder) hands it to the database: the export's
 * fields, cleaned, under the schema's names. Derived fields (slugs) are computed by `toBusinessRow`.
 */
export type BusinessRecord = Pick<
  Business,
  | "name" | "category" | "type" | "fullAddress" | "street" | "city" | "postalCode" | "country"
  | "countryCode" | "phone" | "latitude" | "longitude" | "rating" | "reviews" | "reviewsLink"
  | "photo" | "logo" | "locatedIn" | "workingHours" | "verified" | "about" | "placeId"
  | "timeZone" | "url"
> & {
  /** The export's price level, "$" to "$$$$" (cleanPriceRange); null or absent when it has none. */
  priceRange?: string | null;
  /** Unix seconds; defaults to now. */
  createdAt?: number;
};

/**
 * The row written to `businesses` under its SQL column names (the upsert sends it by position):
 * every column but those the database keeps itself (id, approval, update time) and the
 * membership columns. The derived
 * columns among them are what derivedColumns below gives.
 */
export type BusinessRow = Omit<SqlRow<typeof businesses>, "id" | "is_approved" | "updated_at" | MembershipColumn>;

/** What only members give (the e-mail address), who submitted and who owns a business, and what the owner set: written by the listings model alone, never by an import. */
type MembershipColumn = "email" | "submitted_by" | "owner_id" | "owner_fields";

function orNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The identity a business keeps across re-imports: its place id, else name + address. */
export function businessIdentity(record: Pick<BusinessRecord, "placeId" | "name" | "fullAddress">): string {
  return record.placeId ?? `${record.name}|${record.fullAddress ?? ""}`;
}

/** businessIdentity of a stored or written business row. */
export function rowIdentity(row: Pick<BusinessRow, "place_id" | "name" | "full_address">): string {
  return businessIdentity({ placeId: row.place_id, name: row.name, fullAddress: row.full_address });
}

/**
 * The version of derivedColumns: raise it with any change to what derivedColumns returns, and the
 * upkeep cron re-derives (and so re-indexes) every stored business (app/models/derived-columns-walk.server.ts).
 */
export const DERIVED_COLUMNS_VERSION = 3;

/** The columns derivedColumns gives, in the order they are written. */
export const DERIVED_COLUMNS = [
  "name_folded", "name_inner_words", "type_folded", "category_folded", "city_folded", "country_folded",
  "search_country_code", "name_sort", "geo_cell", "amenity_names",
] as const satisfies readonly (keyof BusinessRow)[];

export type DerivedColumn = (typeof DERIVED_COLUMNS)[number];

/** A business's own fields its derived columns are computed from. */
export const DERIVED_FROM = ["name", "type", "category", "city", "country", "country_code", "latitude", "longitude", "about"] as const satisfies readonly (keyof BusinessRow)[];

export type DerivedFrom = Pick<BusinessRow, (typeof DERIVED_FROM)[number]>;

/**
 * The columns a business's writer derives in JavaScript from its own fields, written with every
 * row and by the walk when their definition changes. Most are what the search index holds beside
 * a column's text: businesses_fts indexes each column as `text, then its stored forms` (the
 * triggers of migrations/0001_summaries_and_search_text.sql only copy them):
 *   name     = name + name_folded + name_inner_words
 *   type, category, city = the text + its *_folded
 *   country  = country + country_folded + search_country_code
 * and geo_cell is the map tile of its coordinates (app/lib/map/geo-cell.ts).
 */
export function derivedColumns(business: DerivedFrom): Pick<BusinessRow, DerivedColumn> {
  return {
    name_folded: foldedCopy(business.name),
    name_inner_words: nameInnerWords(business.name),
    type_folded: foldedCopy(business.type),
    category_folded: foldedCopy(business.category),
    city_folded: foldedCopy(business.city),
    country_folded: foldedCopy(business.country),
    search_country_code: countryCodeToIndex(business.country, business.country_code),
    name_sort: nameSortKey(business.name),
    geo_cell: geoCell(business.latitude, business.longitude),
    amenity_names: amenityNames(business.about),
  };
}

/** An amenity name as ?amenity= and the stored list compare it: case does not matter ("free wi-fi"). */
export function amenityKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * Every amenity `about` holds as true (not only the 8 the detail page shows), each as amenityKey
 * between "|" ("|free wi-fi|pool|"), so one is matched as instr(amenity_names, '|pool|'); null
 * when there is none. A "|" inside a name becomes "/" (?amenity= refuses "|").
 */
export function amenityNames(about: string | null): string | null {
  const names = [...new Set(parseAmenities(about, Infinity).amenities.map((name) => amenityKey(name).replaceAll("|", "/")))];
  return names.length ? `|${names.join("|")}|` : null;
}

export function toBusinessRow(record: BusinessRecord, now = Math.floor(Date.now() / 1000)): BusinessRow {
  const type = orNull(record.type);
  const category = orNull(record.category);
  const city = orNull(record.city);
  const directoryCategory = type ?? category;
  const name = record.name.trim();
  const country = orNull(record.country);
  const countryCode = orNull(record.countryCode)?.toUpperCase() ?? null;
  return {
    name,
    slug: businessSlug(record.name, businessIdentity(record)),
    category,
    type,
    category_slug: directoryCategory ? slugify(directoryCategory) || null : null,
    full_address: orNull(record.fullAddress),
    street: orNull(record.street),
    city,
    city_slug: city ? slugify(city) || null : null,
    postal_code: orNull(record.postalCode),
    country,
    country_code: countryCode,
    phone: orNull(record.phone),
    latitude: record.latitude,
    longitude: record.longitude,
    rating: record.rating,
    reviews: record.reviews,
    reviews_link: orNull(record.reviewsLink),
    photo: orNull(record.photo),
    logo: orNull(record.logo),
    located_in: orNull(record.locatedIn),
    working_hours: orNull(record.workingHours),
    verified: record.verified,
    about: orNull(record.about),
    place_id: orNull(record.placeId),
    time_zone: orNull(record.timeZone),
    url: orNull(record.url),
    price_range: record.priceRange ?? null,
    ...derivedColumns({ name, type, category, city, country, country_code: countryCode, latitude: record.latitude, longitude: record.longitude, about: orNull(record.about) }),
    created_at: record.createdAt ?? now,
  };
}
