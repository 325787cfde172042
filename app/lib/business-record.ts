import type { Business, businesses, SqlRow } from "~/db/schema";
import { countryCodeToIndex } from "./country-names";
import { nameSortKey } from "./name-order";
import { nameInnerWords } from "./search-inner-words";
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
  /** Unix seconds; defaults to now. */
  createdAt?: number;
};

/**
 * The row written to `businesses` under its SQL column names (the upsert sends it by position):
 * every column but those the database keeps itself (id, approval, update time).
 * search_bigrams: nameInnerWords(name), indexed with the name so a word inside a name written
 * without spaces is found (decisions 090, 094); search_country_code: countryCodeToIndex, indexed
 * after a country text in a language the site does not know (decision 101); name_sort:
 * nameSortKey(name), the admin list's name order where it differs from the name (decision 102).
 */
export type BusinessRow = Omit<SqlRow<typeof businesses>, "id" | "is_approved" | "updated_at">;

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
export const DERIVED_COLUMNS_VERSION = 1;

/**
 * The columns a business's writer derives in JavaScript from its name and country (SQL cannot
 * compute them): written with every row, and by the walk when their definition changes.
 */
export function derivedColumns(name: string, country: string | null, countryCode: string | null): Pick<BusinessRow, "search_bigrams" | "search_country_code" | "name_sort"> {
  return {
    search_bigrams: nameInnerWords(name),
    search_country_code: countryCodeToIndex(country, countryCode),
    name_sort: nameSortKey(name),
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
    verified: record.verified,
    about: orNull(record.about),
    place_id: orNull(record.placeId),
    time_zone: orNull(record.timeZone),
    url: orNull(record.url),
    ...derivedColumns(name, country, countryCode),
    created_at: record.createdAt ?? now,
  };
}
