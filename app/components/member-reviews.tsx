import { Link, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { myReviewStatus } from "~/lib/reviews/review-format";
import { ReviewForm, type ReviewFormValues } from "./review-form";
import { ReviewStars } from "./review-stars";
import { useHydrated } from "./use-hydrated";

const box = "rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-900";
const link = "font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300";
const smallButton = "rounded-lg border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

/** One of the member's reviews as /account lists it. */
export interface MyReview {
  id: number;
  rating: number;
  title: string | null;
  status: "pending" | "published" | "rejected" | "hidden";
  reason: string | null;
  editWaiting: boolean;
  slug: string;
  name: string;
  /** What the edit form starts from. */
  form: ReviewFormValues;
}

/** One review: its business, rating and status; after hydration "Edit" (inline, PATCH) and "Delete" (asked twice). */
function MyReviewItem({ review }: { review: MyReview }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const remove = async () => {
    setNote(null);
    try {
      const response = await fetch(`/api/reviews/${review.id}`, { method: "DELETE", headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      if (!response.ok) {
        setConfirming(false);
        return setNote({ ok: false, text: answer.message ?? "Could not delete the review: please try again" });
      }
      revalidator.revalidate();
    } catch {
      setNote({ ok: false, text: "Could not delete the review: check your connection and try again" });
    }
  };

  return (
    <li className="py-3 text-sm" data-testid="my-review" data-id={review.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0">
          <Link to={`/business/${review.slug}`} dir="auto" className={link}>{review.name}</Link>{" "}
          <ReviewStars rating={review.rating} className="h-3.5 w-3.5" />
        </span>
        {hydrated && !editing ? (
          <span className="flex gap-2">
            <button type="button" className={smallButton} onClick={() => { setEditing(true); setConfirming(false); setNote(null); }}>Edit<span className="sr-only"> the review of {review.name}</span></button>
            <button type="button" className={smallButton} onClick={() => setConfirming(true)}>Delete<span className="sr-only"> the review of {review.name}</span></button>
          </span>
        ) : null}
      </div>
      {review.title ? <p dir="auto" className="mt-1 font-medium">{review.title}</p> : null}
      <p className="mt-1 text-slate-700 dark:text-slate-300" data-testid="my-review-status">{myReviewStatus(review)}</p>
      {review.status === "rejected" && review.reason ? <p className="mt-1 text-slate-600 dark:text-slate-300" data-testid="my-review-reason">Reason: {review.reason}</p> : null}
      {confirming ? (
        <p className="mt-2 flex flex-wrap items-center gap-2">
          <span>Delete this review? It is removed at once.</span>
          <button type="button" className="rounded-lg border border-red-700 px-3 py-1 text-sm font-semibold text-red-700 dark:border-red-400 dark:text-red-400" onClick={() => void remove()}>Yes, delete it</button>
          <button type="button" className={smallButton} onClick={() => setConfirming(false)}>Keep it</button>
        </p>
      ) : null}
      {note ? <p role={note.ok ? "status" : "alert"} className={`mt-2 ${note.ok ? "text-green-700 dark:text-green-300" : "text-red-700 dark:text-red-300"}`}>{note.text}</p> : null}
      {editing ? (
        <ReviewForm
          path={`/api/reviews/${review.id}`}
          method="PATCH"
          initial={review.form}
          submitLabel="Send my edit for review"
          onCancel={() => setEditing(false)}
          onSaved={({ answer }) => {
            const published = (answer.review as { status?: string } | undefined)?.status === "published";
            setEditing(false);
            setNote({ ok: true, text: published ? "Thank you: your edit is waiting for a moderator; the published review stays until then" : "Thank you: your review is waiting for a moderator" });
            revalidator.revalidate();
          }}
        />
      ) : null}
    </li>
  );
}

/** /account's "My reviews". Member text is plain text. */
export function MemberReviews({ reviews }: { reviews: MyReview[] }) {
  return (
    <section className={box} aria-labelledby="my-reviews-heading" data-testid="my-reviews">
      <h2 id="my-reviews-heading" className="text-xl font-semibold">My reviews</h2>
      {reviews.length ? (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {reviews.map((review) => <MyReviewItem key={review.id} review={review} />)}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">You have not reviewed a business yet. Open a business's page to write one.</p>
      )}
    </section>
  );
}
