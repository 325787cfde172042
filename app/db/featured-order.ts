/**
 * The terms the home page's featured order is built on (the expression index
 * businesses_featured_rank, app/db/schema.ts): the schema's own constants, below the library
 * that reads them (app/lib/business/lodging.ts, app/lib/directory/featured-filters.ts). Changing
 * one takes a migration that rebuilds that index.
 */

/**
 * Places to stay, by directory category (the slug of a business's Google type, else of its
 * category): the home page's Featured Hotels lists these first.
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

/**
 * The Bayesian prior of the featured order: a rating counts as if FEATURED_PRIOR_REVIEWS more
 * reviews of FEATURED_PRIOR_RATING stood beside its own, so 5.0 from 6 reviews (4.11) ranks below
 * 4.7 from 1,200 (4.67). A fixed prior, not the directory's mean: the index of the order
 * (app/db/schema.ts FEATURED_SCORE_SQL) cannot hold a figure that changes with every import.
 */
export const FEATURED_PRIOR_RATING = 4;
export const FEATURED_PRIOR_REVIEWS = 50;
