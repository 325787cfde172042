import { countryCodeToIndex } from "./country-names";
import { geoCell } from "./geo-cell";
import { nameSortKey } from "./name-order";
import { foldedCopy } from "./search-fold";
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
  /** foldedCopy(name): indexed after the name, so "mullers" finds "Müller’s" (app/lib/search-fold.ts). */
  name_folded: string | null;
  /** nameInnerWords(name): indexed after the name so a word inside a name written without spaces is found (decisions 090, 094). */
  name_inner_words: string | null;
  /** foldedCopy(type), foldedCopy(category), foldedCopy(city), foldedCopy(country): indexed after each. */
  type_folded: string | null;
  category_folded: string | null;
  city_folded: string | null;
  country_folded: string | null;
  /** countryCodeToIndex: indexed after the country text when there is none or the site does not know its language (decisions 088, 101). */
  search_country_code: string | null;
  /** nameSortKey(name): the admin list's name order where it differs from the name (decision 102). */
  name_sort: string | null;
  /** geoCell(latitude, longitude): the map tile the business lies in, for radius, box and cluster reads. */
  geo_cell: number | null;
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
 * upkeep cron re-derives (and so re-indexes) every stored business (app/models/derived-columns-walk.server.ts).
 */
export const DERIVED_COLUMNS_VERSION = 3;

/** The columns derivedColumns gives, in the order they are written. */
export const DERIVED_COLUMNS = [
  "name_folded", "name_inner_words", "type_folded", "category_folded", "city_folded", "country_folded",
  "search_country_code", "name_sort", "geo_cell",
] as const satisfies readonly (keyof BusinessRow)[];

export type DerivedColumn = (typeof DERIVED_COLUMNS)[number];

/** A business's own fields its derived columns are computed from. */
export const DERIVED_FROM = ["name", "type", "category", "city", "country", "country_code", "latitude", "longitude"] as const satisfies readonly (keyof BusinessRow)[];

export type DerivedFrom = Pick<BusinessRow, (typeof DERIVED_FROM)[number]>;

/**
 * The columns a business's writer derives in JavaScript from its own fields, written with every
 * row and by the walk when their definition changes. Most are what the search index holds beside
 * a column's text: businesses_fts indexes each column as `text, then its stored forms` (the
 * triggers of migrations/0001_summaries_and_search_text.sql only copy them):
 *   name     = name + name_folded + name_inner_words
 *   type, category, city = the text + its *_folded
 *   country  = country + country_folded + search_country_code
 * and geo_cell is the map tile of its coordinates (app/lib/geo-cell.ts).
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
  };
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
    ...derivedColumns({ name, type, category, city, country, country_code: countryCode, latitude: record.latitude, longitude: record.longitude }),
    created_at: record.createdAt ?? now,
  };
}
