import { ratingLabel } from "~/lib/reviews/review-format";

const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/** Five drawn stars, `rating` of them filled (rounded), read as "Rated 4 out of 5" (or `label`). */
export function ReviewStars({ rating, label, className = "h-4 w-4" }: { rating: number; label?: string; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={label ?? ratingLabel(rating)} className="inline-flex items-center gap-0.5 align-middle">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} aria-hidden="true" viewBox="0 0 24 24" className={`${className} ${n <= filled ? "fill-amber-500 stroke-amber-500" : "fill-none stroke-slate-400 dark:stroke-slate-500"}`} strokeWidth={1.5} strokeLinejoin="round">
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}
