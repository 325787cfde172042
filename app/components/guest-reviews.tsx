import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatNumber, reviewsText } from "~/lib/directory/format";
import { REVIEW_SORTS, REVIEWS_PER_PAGE, type ReviewSort } from "~/lib/reviews/review-fields";
import { REVIEW_SORT_LABELS, reviewDateText, starsText, tripTypeText, visitMonthText } from "~/lib/reviews/review-format";
import type { BusinessReviews } from "~/models/business-detail.server";
import type { PublishedReview, ReviewPage, ReviewSummary } from "~/models/review.server";
import { signedInHere } from "./member-link";
import { ReviewForm } from "./review-form";
import { OwnerReplyControls, ReportControl } from "./review-member-actions";
import { ReviewStars } from "./review-stars";
import { useHydrated } from "./use-hydrated";

const box = "rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6";
const linkClass = "font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300";
const smallButton = "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800";

/** The count, average and 1–5 histogram of the approved reviews. */
function SummaryBlock({ summary }: { summary: ReviewSummary }) {
  const most = Math.max(1, ...Object.values(summary.histogram));
  return (
    <div className="mt-4 flex flex-col gap-6 sm:flex-row sm:items-center" data-testid="review-summary">
      <div className="shrink-0">
        <p className="text-4xl font-bold" data-testid="review-average">{summary.average?.toFixed(1)}</p>
        <ReviewStars rating={summary.average ?? 0} label={`Average rating ${summary.average?.toFixed(1)} out of 5`} />
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="review-count">{reviewsText(summary.count)}</p>
      </div>
      <ul className="w-full max-w-sm space-y-1 text-sm" aria-label="Ratings by stars">
        {(["5", "4", "3", "2", "1"] as const).map((stars) => {
          const n = summary.histogram[stars];
          return (
            <li key={stars} className="flex items-center gap-2">
              <span className="w-14 shrink-0">{starsText(Number(stars))}</span>
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
                <span className="block h-full rounded-full bg-amber-500" style={{ width: `${(n / most) * 100}%` }} />
              </span>
              <span className="w-10 shrink-0 text-right">{formatNumber(n)}<span className="sr-only"> {n === 1 ? "review" : "reviews"}</span></span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Who is looking, as the page learns after hydration: signed in here (null until known), and whether they own the business. */
interface Viewer {
  signedIn: boolean | null;
  owner: boolean;
}

/**
 * One approved review: stars, title, text as written (line breaks kept), visit, author, date, the
 * owner's reply; after hydration "Report", and for the business's owner the reply's controls.
 */
function ReviewItem({ review, slug, viewer, onSignedOut, onReplyDeleted }: { review: PublishedReview; slug: string; viewer: Viewer; onSignedOut: () => void; onReplyDeleted: () => void }) {
  const visit = [review.visitedOn ? `Visited ${visitMonthText(review.visitedOn)}` : null, review.tripType ? `Trip: ${tripTypeText(review.tripType)}` : null].filter(Boolean).join(" · ");
  return (
    <li className="py-5" data-testid="guest-review">
      <ReviewStars rating={review.rating} />
      {review.title ? <h3 dir="auto" className="mt-1 font-semibold">{review.title}</h3> : null}
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        <bdi>{review.author.displayName}</bdi> · <time dateTime={review.createdAt}>{reviewDateText(review.createdAt)}</time>
        {visit ? <> · {visit}</> : null}
      </p>
      <p dir="auto" className="mt-2 whitespace-pre-line text-slate-800 dark:text-slate-200">{review.text}</p>
      {review.reply ? (
        <div className="mt-3 rounded-xl border-l-4 border-brand-700 bg-slate-50 px-4 py-3 dark:border-sky-400 dark:bg-slate-800" data-testid="owner-reply">
          <p className="text-sm font-semibold">
            Response from the owner · <time dateTime={review.reply.createdAt} className="font-normal">{reviewDateText(review.reply.createdAt)}</time>
          </p>
          <p dir="auto" className="mt-1 whitespace-pre-line text-sm text-slate-800 dark:text-slate-200">{review.reply.text}</p>
        </div>
      ) : null}
      {viewer.signedIn !== null ? (
        <div className="mt-3 space-y-2" data-testid="review-member-actions">
          {viewer.owner ? <OwnerReplyControls reviewId={review.id} reply={review.reply?.text ?? null} onDeleted={onReplyDeleted} onSignedOut={onSignedOut} /> : null}
          <div>
            <ReportControl path={`/api/reviews/${review.id}/report`} what={`the review by ${review.author.displayName}`} slug={slug} signedIn={viewer.signedIn} onSignedOut={onSignedOut} />
          </div>
        </div>
      ) : null}
    </li>
  );
}

/**
 * Who is looking, asked after hydration: signed out answers at once; a member here is asked of
 * GET /api/account/businesses/{slug} whether they own the business (a 401: signed out after all).
 */
function useViewer(slug: string): [Viewer, () => void] {
  const [viewer, setViewer] = useState<Viewer>({ signedIn: null, owner: false });
  useEffect(() => {
    if (!signedInHere()) {
      setViewer({ signedIn: false, owner: false });
      return;
    }
    const controller = new AbortController();
    fetch(`/api/account/businesses/${slug}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (response.status === 401) return setViewer({ signedIn: false, owner: false });
        const answer = response.ok ? ((await response.json()) as { owner?: boolean }) : {};
        setViewer({ signedIn: true, owner: answer.owner === true });
      })
      .catch(() => {
        if (!controller.signal.aborted) setViewer({ signedIn: true, owner: false });
      });
    return () => controller.abort();
  }, [slug]);
  return [viewer, () => setViewer({ signedIn: false, owner: false })];
}

/**
 * "Write a review", after hydration only (the page's HTML is the same for everyone): a link to
 * sign in, or the form; then what became of the review.
 */
function WriteReview({ slug, onPublished }: { slug: string; onPublished: () => void }) {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const hydrated = useHydrated();
  useEffect(() => setSignedIn(signedInHere()), []);
  if (!hydrated || signedIn === null) return null;
  if (done) return <p role="status" className="mt-4 rounded-lg bg-green-50 px-4 py-3 text-sm font-medium text-green-800 dark:bg-green-950 dark:text-green-200" data-testid="review-sent">{done}</p>;
  if (!signedIn) {
    return (
      <p className="mt-4 text-sm">
        <Link to={`/account?next=${encodeURIComponent(`/business/${slug}`)}`} className={linkClass}>Sign in to write a review</Link>
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className="mt-4 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        Write a review
      </button>
    );
  }
  return (
    <div className="mt-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="text-lg font-semibold">Write a review</h3>
      <ReviewForm
        path={`/api/businesses/${slug}/reviews`}
        method="POST"
        submitLabel="Send my review"
        onSignedOut={() => setSignedIn(false)}
        onCancel={() => setOpen(false)}
        onSaved={({ answer }) => {
          const published = (answer.review as { status?: string } | undefined)?.status === "published";
          setDone(published ? "Thank you: your review is published" : "Thank you: your review is waiting for a moderator");
          if (published) onPublished();
        }}
      />
    </div>
  );
}

/**
 * The business page's "Guest reviews": written by members and approved by a moderator, never
 * mixed with the imported rating. The summary and the newest page come in the page's HTML (its
 * loader); sorting and further pages are asked of GET /api/businesses/{slug}/reviews.
 */
export function GuestReviews({ slug, initial }: { slug: string; initial: BusinessReviews }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState<ReviewPage>(() => ({ ...initial, page: 1, totalPages: Math.max(1, Math.ceil(initial.summary.count / REVIEWS_PER_PAGE)) }));
  const [sort, setSort] = useState<ReviewSort>("newest");
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<{ page: number; sort: ReviewSort } | null>(null);
  const list = useRef<HTMLHeadingElement>(null);
  const [viewer, signedOut] = useViewer(slug);
  const { summary } = shown;

  const load = async (page: number, nextSort: ReviewSort, moveFocus = true) => {
    setLoading(true);
    setFailed(null);
    try {
      const response = await fetch(`/api/businesses/${slug}/reviews?page=${page}&sort=${nextSort}`, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`reviews answered ${response.status}`);
      setShown((await response.json()) as ReviewPage);
      setSort(nextSort);
      if (moveFocus) list.current?.focus();
    } catch (error) {
      console.error("reviews failed to load", error);
      setFailed({ page, sort: nextSort });
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className={box} aria-labelledby="guest-reviews-heading" data-testid="guest-reviews">
      <h2 id="guest-reviews-heading" className="text-xl font-semibold">Guest reviews</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Written by members of this site and checked by a moderator.</p>
      {summary.count > 0 ? <SummaryBlock summary={summary} /> : <p className="mt-4 text-slate-700 dark:text-slate-300" data-testid="no-reviews">No guest reviews yet</p>}
      <WriteReview slug={slug} onPublished={() => void load(1, sort, false)} />
      {summary.count > 0 ? (
        <>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
            <h3 ref={list} tabIndex={-1} className="font-semibold outline-none">
              {shown.totalPages > 1 ? `Reviews, page ${shown.page} of ${shown.totalPages}` : "Reviews"}
            </h3>
            {hydrated && summary.count > 1 ? (
              <label className="flex items-center gap-2 text-sm">
                Sort reviews
                <select value={sort} disabled={loading} onChange={(event) => void load(1, event.target.value as ReviewSort)} className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-800">
                  {REVIEW_SORTS.map((option) => <option key={option} value={option}>{REVIEW_SORT_LABELS[option]}</option>)}
                </select>
              </label>
            ) : null}
          </div>
          <ol className="divide-y divide-slate-200 dark:divide-slate-700" aria-busy={loading || undefined} data-testid="guest-review-list">
            {shown.reviews.map((review) => <ReviewItem key={review.id} review={review} slug={slug} viewer={viewer} onSignedOut={signedOut} onReplyDeleted={() => void load(shown.page, sort, false)} />)}
          </ol>
          {hydrated ? (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
              {loading ? "Loading reviews…" : failed ? (
                <>
                  Could not load the reviews.{" "}
                  <button type="button" className={linkClass} onClick={() => void load(failed.page, failed.sort)}>Try again</button>
                </>
              ) : ""}
            </p>
          ) : null}
          {hydrated && shown.totalPages > 1 ? (
            <nav aria-label="Review pages" className="mt-4 flex items-center justify-between gap-3">
              <button type="button" className={smallButton} disabled={loading || shown.page <= 1} onClick={() => void load(shown.page - 1, sort)}>← Previous</button>
              <span className="text-sm">Page {shown.page} / {shown.totalPages}</span>
              <button type="button" className={smallButton} disabled={loading || shown.page >= shown.totalPages} onClick={() => void load(shown.page + 1, sort)}>Next →</button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
