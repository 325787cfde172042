import { parseAmenities } from "./amenities";
import { countryCodeToIndex } from "./country-names";
import { geoCell } from "./geo-cell";
import { nameSortKey } from "./name-order";
import { nameInnerWords } from "./search-inner-words";
import { businessSlug, slugify } from "./slug";

/**
 * A business as the import (and the demo seeder) hands it to the database: the export's
 * fields, cleaned. Derived fields (slugs) are computed by `toBusinessRow`.
 */
export interface BusinessRecord {
  name: string;
  category: string | null;
  type: string | null;
  fullAddress: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  reviews: number;
  reviewsLink: string | null;
  photo: string | null;
  logo: string | null;
  locatedIn: string | null;
  workingHours: string | null;
  verified: boolean;
  about: string | null;
  placeId: string | null;
  timeZone: string | null;
  url: string | null;
  /** The export's price level, "$" to "$$$$" (cleanPriceRange); null when it has none. */
  priceRange?: string | null;
  /** Unix seconds; defaults to now. */
  createdAt?: number;
}

/** The row written to `businesses` (snake_case, as the SQL reads it from JSON). */
export interface BusinessRow {
  name: string;
  slug: string;
  category: string | null;
  type: string | null;
  category_slug: string | null;
  full_address: string | null;
  street: string | null;
  city: string | null;
  city_slug: string | null;
  postal_code: string | null;
  country: string | null;
  country_code: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  reviews: number;
  reviews_link: string | null;
  photo: string | null;
  logo: string | null;
  located_in: string | null;
  working_hours: string | null;
  verified: 0 | 1;
  about: string | null;
  place_id: string | null;
  time_zone: string | null;
  url: string | null;
  price_range: string | null;
  /** nameInnerWords(name): indexed with the name so a word inside a name written without spaces is found (decisions 090, 094). */
  search_bigrams: string | null;
  /** countryCodeToIndex: indexed after the country text when that text is in a language the site does not know (decision 101). */
  search_country_code: string | null;
  /** nameSortKey(name): the admin list's name order where it differs from the name (decision 102). */
  name_sort: string | null;
  /** geoCell(latitude, longitude): the map tile the business lies in, for radius, box and cluster reads. */
  geo_cell: number | null;
  /** amenityNames(about): the amenities ?amenity= matches. */
  amenity_names: string | null;
  created_at: number;
}

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
 * upkeep cron re-derives every stored business (app/models/derived-columns-walk.server.ts).
 */
export const DERIVED_COLUMNS_VERSION = 3;

/** The stored fields derivedColumns reads: the walk reads these to re-derive a stored business. */
export const DERIVATION_SOURCE_COLUMNS = ["name", "country", "country_code", "latitude", "longitude", "about"] as const satisfies readonly (keyof BusinessRow)[];
/** The columns derivedColumns writes. */
export const DERIVED_COLUMN_NAMES = ["search_bigrams", "search_country_code", "name_sort", "geo_cell", "amenity_names"] as const satisfies readonly (keyof BusinessRow)[];

export type DerivationSource = Pick<BusinessRow, (typeof DERIVATION_SOURCE_COLUMNS)[number]>;
export type DerivedColumns = Pick<BusinessRow, (typeof DERIVED_COLUMN_NAMES)[number]>;

/**
 * The columns a business's writer derives in JavaScript from its own fields (SQL cannot compute
 * them): written with every row, and by the walk when their definition changes.
 */
export function derivedColumns(source: DerivationSource): DerivedColumns {
  return {
    search_bigrams: nameInnerWords(source.name),
    search_country_code: countryCodeToIndex(source.country, source.country_code),
    name_sort: nameSortKey(source.name),
    geo_cell: geoCell(source.latitude, source.longitude),
    amenity_names: amenityNames(source.about),
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
    verified: record.verified ? 1 : 0,
    about: orNull(record.about),
    place_id: orNull(record.placeId),
    time_zone: orNull(record.timeZone),
    url: orNull(record.url),
    price_range: record.priceRange ?? null,
    ...derivedColumns({ name, country, country_code: countryCode, latitude: record.latitude, longitude: record.longitude, about: orNull(record.about) }),
    created_at: record.createdAt ?? now,
  };
}
