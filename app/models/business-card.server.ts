/** The business cards of category and city detail pages, fetched a page of ids at a time. */

export interface DirectoryBusinessCard {
  id: number;
  name: string;
  slug: string;
  category: string | null;
  type: string | null;
  fullAddress: string | null;
  phone: string | null;
  rating: number | null;
  reviews: number;
  verified: boolean;
  photo: string | null;
  createdAt: number;
}

export const DETAIL_PAGE_SIZE = 12;
export const MAX_DETAIL_PAGE_SIZE = 48;

/**
 * Selects the cards whose ids the `idsSql` subquery yields (newest first). The subquery walks a
 * covering index (key columns + rowid) and skips `OFFSET` entries there, so only the 12 shown
 * rows of `businesses` are ever read, however big the category or city is.
 */
export function businessCardsSql(idsSql: string): string {
  return `SELECT id, name, slug, category, type, full_address, phone, rating, reviews, verified, photo, created_at
          FROM businesses WHERE id IN (${idsSql}) ORDER BY id DESC`;
}

export function toBusinessCard(r: Record<string, unknown>): DirectoryBusinessCard {
  const type = (r.type as string | null) ?? null;
  const category = (r.category as string | null) ?? null;
  return {
    id: Number(r.id),
    name: String(r.name),
    slug: String(r.slug),
    // The directory category of a business is its type, else its category.
    category: type ?? category,
    type,
    fullAddress: (r.full_address as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    rating: r.rating === null || r.rating === undefined ? null : Number(r.rating),
    reviews: Number(r.reviews ?? 0),
    verified: Boolean(r.verified),
    photo: (r.photo as string | null) ?? null,
    createdAt: Number(r.created_at ?? 0),
  };
}
