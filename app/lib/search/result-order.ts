/**
 * The order of a filtered result set, decided in the Worker over its bounded candidates
 * (app/models/finder.server.ts). Pure.
 */
import type { SortChoice } from "./search-filters";

export interface OrderedCandidate {
  id: number;
  rating: number | null;
  reviews: number;
  /** nameOrderKey of the name, read only for a list sorted by name (else empty). */
  nameKey: string;
  /** Kilometres from `near`, null without it. */
  distanceKm: number | null;
}

const byNewest = (a: OrderedCandidate, b: OrderedCandidate) => b.id - a.id;
const byDistance = (a: OrderedCandidate, b: OrderedCandidate) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity);
/** Unrated businesses last; a rating of 0 is "not rated" (as the featured order reads it). */
const byRating = (a: OrderedCandidate, b: OrderedCandidate) => (b.rating || -1) - (a.rating || -1);
const byReviews = (a: OrderedCandidate, b: OrderedCandidate) => b.reviews - a.reviews;
const byName = (a: OrderedCandidate, b: OrderedCandidate) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : 0);

/**
 * `candidates` in the visitor's order: distance nearest first; rating best first (then more
 * reviews); reviews most first (then better rated); name A to Z; ties newest first. Relevance
 * and no sort keep the order they come in (the ranking, or the list's own).
 */
export function orderCandidates<T extends OrderedCandidate>(candidates: readonly T[], sort: SortChoice | null): T[] {
  const then = (...orders: ((a: OrderedCandidate, b: OrderedCandidate) => number)[]) => (a: T, b: T) => {
    for (const order of orders) {
      const difference = order(a, b);
      if (difference !== 0) return difference;
    }
    return 0;
  };
  if (sort === "distance") return [...candidates].sort(then(byDistance, byNewest));
  if (sort === "rating") return [...candidates].sort(then(byRating, byReviews, byNewest));
  if (sort === "reviews") return [...candidates].sort(then(byReviews, byRating, byNewest));
  if (sort === "name") return [...candidates].sort(then(byName, byNewest));
  return [...candidates];
}
