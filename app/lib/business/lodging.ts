/**
 * Places to stay, by directory category (the slug of a business's Google type, else of its
 * category: app/lib/business/slug.ts slugify). The home page's Featured Hotels lists these first; the
 * featured index of migration 0024 holds the same list (app/db/schema.ts FEATURED_LODGING_SQL).
 * Changing it takes a migration that rebuilds that index.
 */
export const LODGING_CATEGORY_SLUGS = [
  "hotel",
  "hostel",
  "youth-hostel",
  "motel",
  "motor-inn",
  "inn",
  "japanese-inn",
  "budget-japanese-inn",
  "ryokan",
  "resort",
  "resort-hotel",
  "boutique-hotel",
  "business-hotel",
  "budget-hotel",
  "capsule-hotel",
  "spa-hotel",
  "extended-stay-hotel",
  "apartment-hotel",
  "aparthotel",
  "serviced-apartment",
  "serviced-accommodation",
  "holiday-apartment",
  "holiday-apartment-rental",
  "holiday-home",
  "guest-house",
  "guesthouse",
  "bed-breakfast",
  "bed-and-breakfast",
  "homestay",
  "farm-stay",
  "pension",
  "lodge",
  "lodging",
] as const;

const LODGING = new Set<string>(LODGING_CATEGORY_SLUGS);

export function isLodgingCategory(categorySlug: string | null | undefined): boolean {
  return LODGING.has(categorySlug ?? "");
}
