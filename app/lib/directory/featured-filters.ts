/**
 * The home page's featured filter chips. Star chips are rating bands (Google ratings have no
 * hotel stars: "5-star" = rated 4.5 or more, "4-star" = 4.0 up to 4.5); the word chips pick
 * businesses whose name, type or category holds the word. See docs/conventions.md (011).
 */
import { FEATURED_PRIOR_RATING, FEATURED_PRIOR_REVIEWS } from "../../db/featured-order";

export const FEATURED_FILTERS = ["all", "5-star", "4-star", "boutique", "business", "luxury"] as const;
export type FeaturedFilter = (typeof FEATURED_FILTERS)[number];

export function isFeaturedFilter(value: string | null | undefined): value is FeaturedFilter {
  return (FEATURED_FILTERS as readonly string[]).includes(value ?? "");
}

export const FEATURED_FILTER_LABELS: Record<FeaturedFilter, string> = {
  all: "All",
  "5-star": "5-Star",
  "4-star": "4-Star",
  boutique: "Boutique",
  business: "Business",
  luxury: "Luxury",
};

/** Rating band of a star chip (inclusive minimum, exclusive maximum), null for the other chips. */
export function ratingBand(filter: FeaturedFilter): { min: number; max: number } | null {
  if (filter === "5-star") return { min: 4.5, max: 5.01 };
  if (filter === "4-star") return { min: 4.0, max: 4.5 };
  return null;
}

export { FEATURED_PRIOR_RATING, FEATURED_PRIOR_REVIEWS };

/** The rating the featured list is ordered by (its SQL is built from the same prior). */
export function featuredScore(rating: number, reviews: number): number {
  return (rating * reviews + FEATURED_PRIOR_RATING * FEATURED_PRIOR_REVIEWS) / (reviews + FEATURED_PRIOR_REVIEWS);
}
