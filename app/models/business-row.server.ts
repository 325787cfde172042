import type { Business, businesses, SqlRow } from "~/db/schema";
import { businessCountry } from "~/lib/directory/format";

/**
 * The columns every business list shape carries (list item, search result, category/city card),
 * read from a D1 row: D1 answers plain objects, so each column is typed here once.
 */
export type BusinessBasics = Pick<Business, "id" | "name" | "slug" | "phone" | "rating" | "reviews">;

/** A text column of a hand-written read, named as the schema names it in SQL. */
export function textColumn(row: Record<string, unknown>, column: keyof SqlRow<typeof businesses>): string | null {
  return (row[column] as string | null | undefined) ?? null;
}

/**
 * The country a listed business is shown in (format.ts businessCountry): the row's country_code
 * and country, so the English name of its code, else the stored text.
 */
export function countryColumn(row: Record<string, unknown>): string | null {
  return businessCountry(textColumn(row, "country_code"), textColumn(row, "country"));
}

/** What a business card shows beside the basics: its address, the verified badge and its photo. */
export type CardDetails = Pick<Business, "fullAddress" | "verified" | "photo">;

export function cardDetails(row: Record<string, unknown>): CardDetails {
  return {
    fullAddress: textColumn(row, "full_address"),
    verified: Boolean(row.verified),
    photo: textColumn(row, "photo"),
  };
}

export function businessBasics(row: Record<string, unknown>): BusinessBasics {
  return {
    id: Number(row.id),
    name: String(row.name),
    slug: String(row.slug),
    phone: textColumn(row, "phone"),
    rating: row.rating === null || row.rating === undefined ? null : Number(row.rating),
    reviews: Number(row.reviews ?? 0),
  };
}
