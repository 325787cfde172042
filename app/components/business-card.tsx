import { Link } from "@remix-run/react";
import { formatDistance, formatRating, reviewsText } from "~/lib/directory/format";

/** What every business card on the public site shows (lists, category/city pages, search). */
export interface BusinessCardData {
  id: number;
  name: string;
  slug: string;
  category: string | null;
  city?: string | null;
  country?: string | null;
  fullAddress?: string | null;
  phone?: string | null;
  rating: number | null;
  reviews: number;
  verified?: boolean;
  photo?: string | null;
}

/**
 * `distanceKm` (a list read around ?near=) and `openNow` (a filtered list, whose answer is kept a
 * minute) are shown only where the list says them: a page kept for hours would say "Open now" wrongly.
 */
export function BusinessCard({
  business,
  layout = "grid",
  distanceKm = null,
  openNow = false,
}: {
  business: BusinessCardData;
  layout?: "grid" | "list";
  distanceKm?: number | null;
  openNow?: boolean;
}) {
  const place = business.fullAddress ?? [business.city, business.country].filter(Boolean).join(", ");
  const rating = formatRating(business.rating);
  const reviews = reviewsText(business.reviews);
  return (
    <article
      className={`flex rounded-lg border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-4 shadow-sm ${layout === "list" ? "flex-row items-center gap-4" : "h-full flex-col gap-2"}`}
    >
      <div className="min-w-0 flex-1">
        {/* dir="auto": a right-to-left name or address reads as written and is cut at its end. */}
        <h3 dir="auto" className="truncate text-left text-base font-semibold">
          <Link to={`/business/${encodeURIComponent(business.slug)}`} className="text-brand-700 dark:text-sky-300 hover:underline" prefetch="intent">
            {business.name}
          </Link>
        </h3>
        {business.category ? (
          <span dir="auto" className="mt-1 inline-block rounded-full bg-brand-50 dark:bg-slate-800 px-2 py-0.5 text-xs font-medium text-brand-700 dark:text-sky-300">
            {business.category}
          </span>
        ) : null}
        {business.verified ? (
          <span className="mt-1 ml-1 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
            ✓ Verified
          </span>
        ) : null}
        {place ? <p dir="auto" className="mt-1 truncate text-left text-sm text-slate-600 dark:text-slate-300">{place}</p> : null}
        {rating ? (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            <span aria-hidden="true" className="text-amber-500">★</span> {rating}
            {reviews ? <> <span className="text-slate-500 dark:text-slate-400">({reviews})</span></> : null}
          </p>
        ) : null}
        {business.phone ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{business.phone}</p> : null}
        {distanceKm !== null || openNow ? (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {distanceKm !== null ? <span data-testid="distance">{formatDistance(distanceKm)}<span className="sr-only"> away</span></span> : null}
            {distanceKm !== null && openNow ? <span aria-hidden="true"> · </span> : null}
            {openNow ? <span data-testid="open-now" className="font-medium text-emerald-800 dark:text-emerald-300">Open now</span> : null}
          </p>
        ) : null}
      </div>
      <Link
        to={`/business/${encodeURIComponent(business.slug)}`}
        className="inline-block shrink-0 self-start rounded bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-900"
        aria-label={`View details of ${business.name}`}
      >
        View Details
      </Link>
    </article>
  );
}
