/**
 * Places to stay, by directory category (the slug of a business's Google type, else of its
 * category: app/lib/business/slug.ts slugify). The home page's Featured Hotels lists these first; the
 * featured index holds the same list (app/db/featured-order.ts, where it is defined).
 */
import { LODGING_CATEGORY_SLUGS } from "../../db/featured-order";

export { LODGING_CATEGORY_SLUGS };

const LODGING = new Set<string>(LODGING_CATEGORY_SLUGS);

export function isLodgingCategory(categorySlug: string | null | undefined): boolean {
  return LODGING.has(categorySlug ?? "");
}
