import { useId, useRef, useState, type FormEvent } from "react";
import { formatNumber } from "~/lib/directory/format";
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_TITLE_MAX, TRIP_TYPES, type ReviewErrors, type ReviewField } from "~/lib/reviews/review-fields";
import { starsText, TRIP_TYPE_LABELS } from "~/lib/reviews/review-format";
import { HumanCheckFields } from "./human-check-fields";

const input = "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";
const errorText = "mt-1 text-sm text-red-700 dark:text-red-300";

/** A review's fields as the form starts with them (an edit's: the review as written). */
export interface ReviewFormValues {
  rating: number | null;
  title: string | null;
  text: string;
  visitedOn: string | null;
  tripType: string | null;
}

/** What the server answered a sent form, as the form's owner reads it. */
export type ReviewFormAnswer = { status: number; answer: Record<string, unknown> };

const EMPTY: ReviewFormValues = { rating: null, title: null, text: "", visitedOn: null, tripType: null };
const FIELD_ORDER: ReviewField[] = ["rating", "title", "text", "visitedOn", "tripType"];

/** This month as "YYYY-MM" in the browser's calendar: the latest a visit can be. */
function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
}

/**
 * A guest review's form (rendered after hydration only): rating 1–5 as a radio group, an
 * optional title, the text with a counter, the month of the visit and the trip type. Sends JSON
 * (`method` to `path`); shows the API's field errors under their fields and its message above the
 * button. `onSaved` gets a 2xx answer, `onSignedOut` a 401.
 */
export function ReviewForm({
  path,
  method,
  initial = EMPTY,
  submitLabel,
  onSaved,
  onSignedOut,
  onCancel,
}: {
  path: string;
  method: "POST" | "PATCH";
  initial?: ReviewFormValues;
  submitLabel: string;
  onSaved: (answer: ReviewFormAnswer) => void;
  onSignedOut?: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(initial.text);
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = (field: string) => `${id}-${field}`;
  const errorId = (field: string) => `${id}-${field}-error`;
  const described = (field: ReviewField, ...more: string[]) => [...more, errors[field] ? errorId(field) : ""].filter(Boolean).join(" ") || undefined;

  /** A field changed since the answer: its message no longer applies. */
  const forget = (field: string) => setErrors((shown) => (field in shown ? Object.fromEntries(Object.entries(shown).filter(([name]) => name !== field)) : shown));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const body: Record<string, unknown> = { ...fields, rating: fields.rating ? Number(fields.rating) : undefined };
    setBusy(true);
    setMessage(null);
    try {
      const response = await fetch(path, { method, headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
      const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (response.ok) {
        setErrors({});
        onSaved({ status: response.status, answer });
        return;
      }
      if (response.status === 401 && onSignedOut) return onSignedOut();
      const refused = (answer.errors as ReviewErrors | undefined) ?? {};
      setErrors(refused);
      setMessage(refused.review ?? (answer.message as string | undefined) ?? (Object.keys(refused).length ? null : "Something went wrong: please try again"));
      // The first refused field takes the focus, so its message is read next.
      const first = FIELD_ORDER.find((field) => refused[field]);
      if (first) form.current?.querySelector<HTMLElement>(first === "rating" ? 'input[name="rating"]' : `[name="${first}"]`)?.focus();
    } catch {
      setMessage("Could not send your review: check your connection and try again");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} onSubmit={submit} onChange={(event) => forget((event.target as HTMLInputElement).name)} noValidate className="mt-4 space-y-4 text-sm" data-testid="review-form">
      <fieldset aria-describedby={errors.rating ? errorId("rating") : undefined}>
        <legend className="font-medium">Your rating</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50 dark:border-slate-600 dark:has-[:checked]:bg-amber-950">
              <input type="radio" name="rating" value={stars} defaultChecked={initial.rating === stars} required className="h-4 w-4 accent-amber-600" />
              <span>{starsText(stars)}</span>
            </label>
          ))}
        </div>
        {errors.rating ? <p id={errorId("rating")} className={errorText}>{errors.rating}</p> : null}
      </fieldset>
      <div>
        <label htmlFor={fieldId("title")} className="font-medium">Title (optional)</label>
        <input id={fieldId("title")} name="title" dir="auto" defaultValue={initial.title ?? ""} maxLength={REVIEW_TITLE_MAX} className={input} aria-invalid={errors.title ? true : undefined} aria-describedby={described("title")} />
        {errors.title ? <p id={errorId("title")} className={errorText}>{errors.title}</p> : null}
      </div>
      <div>
        <label htmlFor={fieldId("text")} className="font-medium">Your review</label>
        <textarea
          id={fieldId("text")}
          name="text"
          dir="auto"
          rows={6}
          required
          minLength={REVIEW_TEXT_MIN}
          maxLength={REVIEW_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={input}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={described("text", fieldId("text-count"))}
        />
        <p id={fieldId("text-count")} className="mt-1 text-slate-600 dark:text-slate-300" data-testid="review-text-count">
          {formatNumber(text.length)} / {formatNumber(REVIEW_TEXT_MAX)} characters (at least {REVIEW_TEXT_MIN})
        </p>
        {errors.text ? <p id={errorId("text")} className={errorText}>{errors.text}</p> : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fieldId("visitedOn")} className="font-medium">Month of your visit (optional)</label>
          <input id={fieldId("visitedOn")} name="visitedOn" type="month" min="1990-01" max={thisMonth()} placeholder="YYYY-MM" defaultValue={initial.visitedOn ?? ""} className={input} aria-invalid={errors.visitedOn ? true : undefined} aria-describedby={described("visitedOn")} />
          {errors.visitedOn ? <p id={errorId("visitedOn")} className={errorText}>{errors.visitedOn}</p> : null}
        </div>
        <div>
          <label htmlFor={fieldId("tripType")} className="font-medium">Trip type (optional)</label>
          <select id={fieldId("tripType")} name="tripType" defaultValue={initial.tripType ?? ""} className={input} aria-invalid={errors.tripType ? true : undefined} aria-describedby={described("tripType")}>
            <option value="">Choose…</option>
            {TRIP_TYPES.map((type) => <option key={type} value={type}>{TRIP_TYPE_LABELS[type]}</option>)}
          </select>
          {errors.tripType ? <p id={errorId("tripType")} className={errorText}>{errors.tripType}</p> : null}
        </div>
      </div>
      <HumanCheckFields />
      {message ? <p role="alert" className="text-red-700 dark:text-red-300" data-testid="review-form-message">{message}</p> : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
          {busy ? "Sending…" : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600">Cancel</button>
        ) : null}
      </div>
    </form>
  );
}
