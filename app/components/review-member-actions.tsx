import { Link } from "@remix-run/react";
import { useId, useRef, useState, type FormEvent } from "react";
import { formatNumber } from "~/lib/directory/format";
import { REPORT_NOTE_MAX } from "~/lib/reviews/reply-report-fields";
import { REPLY_MAX, REPORT_REASONS } from "~/lib/reviews/review-fields";
import { REPORT_REASON_LABELS } from "~/lib/reviews/review-format";

/**
 * A signed-in member's controls on a business page, rendered after hydration only (the page's
 * HTML is the same for everyone): "Report" on a review or the listing, and an owner's "Reply as
 * the owner", "Edit reply" and "Delete reply" on the reviews of their business.
 */

const input = "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";
const primary = "rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
const secondary = "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";
const quiet = "text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-brand-700 dark:text-slate-300 dark:hover:text-sky-300";
const errorText = "mt-1 text-sm text-red-700 dark:text-red-300";

type Said = { ok: boolean; text: string } | null;

/** Sends JSON (or nothing) and reads the answer, whatever its status. */
async function sendJson(path: string, method: "POST" | "PATCH" | "DELETE", body?: unknown): Promise<{ ok: boolean; status: number; answer: Record<string, unknown> }> {
  const response = await fetch(path, {
    method,
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, answer };
}

/** The API's words for a refusal: its message, else its first field error. */
function refusal(answer: Record<string, unknown>): string {
  const errors = answer.errors as Record<string, string> | undefined;
  return (answer.message as string | undefined) || (errors && Object.values(errors)[0]) || "Something went wrong: please try again";
}

function Note({ said, testId }: { said: Said; testId: string }) {
  if (!said) return null;
  return (
    <p role="status" data-testid={testId} className={`mt-2 text-sm font-medium ${said.ok ? "text-green-800 dark:text-green-200" : "text-red-700 dark:text-red-300"}`}>
      {said.text}
    </p>
  );
}

/**
 * "Report" on a review or the listing: signed out, a link to sign in; signed in, a small form (a
 * reason, an optional note) posted to `path`. 201 thanks the member, 409 says they already did.
 */
export function ReportControl({ path, what, slug, signedIn, onSignedOut }: { path: string; what: string; slug: string; signedIn: boolean | null; onSignedOut: () => void }) {
  const id = useId();
  const reasonRef = useRef<HTMLSelectElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Said>(null);
  const [error, setError] = useState<string | null>(null);
  if (signedIn === null) return null;
  if (done) return <Note said={done} testId="report-outcome" />;
  if (!signedIn) {
    return (
      <Link to={`/account?next=${encodeURIComponent(`/business/${slug}`)}`} className={quiet}>
        Sign in to report<span className="sr-only"> {what}</span>
      </Link>
    );
  }
  if (!open) {
    return (
      <button type="button" className={quiet} onClick={() => setOpen(true)} data-testid="report-button">
        Report<span className="sr-only"> {what}</span>
      </button>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    if (!fields.reason) {
      setError("Choose a reason");
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { status, answer } = await sendJson(path, "POST", { reason: fields.reason, note: fields.note ?? "" });
      if (status === 401) return onSignedOut();
      if (status === 201) setDone({ ok: true, text: "Thank you: a moderator will look at it" });
      else if (status === 409) setDone({ ok: false, text: "You have already reported this" });
      else setError(refusal(answer));
    } catch {
      setError("Could not send your report: check your connection and try again");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-2 max-w-md space-y-3 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-700" data-testid="report-form" aria-label={`Report ${what}`}>
      <div>
        <label htmlFor={`${id}-reason`} className="font-medium">Reason</label>
        <select ref={reasonRef} id={`${id}-reason`} name="reason" defaultValue="" required className={input} aria-invalid={error === "Choose a reason" || undefined} aria-describedby={error ? `${id}-error` : undefined}>
          <option value="">Choose…</option>
          {REPORT_REASONS.map((reason) => <option key={reason} value={reason}>{REPORT_REASON_LABELS[reason]}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="font-medium">Note for the moderator (optional)</label>
        <textarea id={`${id}-note`} name="note" dir="auto" rows={2} maxLength={REPORT_NOTE_MAX} className={input} />
      </div>
      {error ? <p id={`${id}-error`} role="alert" className={errorText}>{error}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={primary}>{busy ? "Sending…" : "Send report"}</button>
        <button type="button" onClick={() => setOpen(false)} className={secondary}>Cancel</button>
      </div>
    </form>
  );
}

/** The owner's reply: a textarea with a counter, POSTed (a new reply) or PATCHed (an edit). */
function ReplyForm({ path, method, initial, onSaved, onSignedOut, onCancel }: {
  path: string;
  method: "POST" | "PATCH";
  initial: string;
  onSaved: () => void;
  onSignedOut: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const { ok, status, answer } = await sendJson(path, method, { text });
      if (ok) return onSaved();
      if (status === 401) return onSignedOut();
      const errors = answer.errors as Record<string, string> | undefined;
      if (errors?.text) {
        setFieldError(errors.text);
        field.current?.focus();
      } else setMessage(refusal(answer));
    } catch {
      setMessage("Could not send your reply: check your connection and try again");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-3 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-700" data-testid="reply-form">
      <div>
        <label htmlFor={`${id}-text`} className="font-medium">{method === "POST" ? "Your reply as the owner" : "Your edited reply"}</label>
        <textarea
          ref={field}
          id={`${id}-text`}
          name="text"
          dir="auto"
          rows={4}
          required
          maxLength={REPLY_MAX}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFieldError(null);
          }}
          className={input}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={[`${id}-count`, fieldError ? `${id}-error` : ""].filter(Boolean).join(" ")}
        />
        <p id={`${id}-count`} className="mt-1 text-slate-600 dark:text-slate-300">{formatNumber(text.length)} / {formatNumber(REPLY_MAX)} characters</p>
        {fieldError ? <p id={`${id}-error`} className={errorText}>{fieldError}</p> : null}
      </div>
      <p className="text-slate-600 dark:text-slate-300">A moderator checks your reply before it is published.</p>
      {message ? <p role="alert" className={errorText}>{message}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={primary}>{busy ? "Sending…" : method === "POST" ? "Send reply" : "Send my edit"}</button>
        <button type="button" onClick={onCancel} className={secondary}>Cancel</button>
      </div>
    </form>
  );
}

/**
 * The owner's controls on one review: "Reply as the owner" where there is no published reply,
 * "Edit reply" and "Delete reply" where there is one. `onDeleted` refreshes the list.
 */
export function OwnerReplyControls({ reviewId, reply, onDeleted, onSignedOut }: { reviewId: number; reply: string | null; onDeleted: () => void; onSignedOut: () => void }) {
  const [mode, setMode] = useState<"idle" | "write" | "edit" | "delete">("idle");
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);
  const path = `/api/reviews/${reviewId}/reply`;
  if (said?.ok) return <Note said={said} testId="reply-outcome" />;

  const remove = async () => {
    setBusy(true);
    try {
      const { ok, status, answer } = await sendJson(path, "DELETE");
      if (status === 401) return onSignedOut();
      setSaid(ok ? { ok: true, text: "Your reply was deleted" } : { ok: false, text: refusal(answer) });
      if (ok) onDeleted();
    } catch {
      setSaid({ ok: false, text: "Could not delete your reply: check your connection and try again" });
    } finally {
      setBusy(false);
      setMode("idle");
    }
  };

  if (mode === "write" || mode === "edit") {
    return (
      <ReplyForm
        path={path}
        method={mode === "write" ? "POST" : "PATCH"}
        initial={mode === "edit" ? reply ?? "" : ""}
        onSignedOut={onSignedOut}
        onCancel={() => setMode("idle")}
        onSaved={() => setSaid({ ok: true, text: mode === "write" ? "Your reply is waiting for a moderator" : "Your edit is waiting for a moderator: the published reply stays until then" })}
      />
    );
  }
  if (mode === "delete") {
    return (
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Delete your reply">
        <span>Delete your reply? It leaves the page at once.</span>
        <button type="button" disabled={busy} onClick={() => void remove()} className={primary}>{busy ? "Deleting…" : "Delete my reply"}</button>
        <button type="button" onClick={() => setMode("idle")} className={secondary}>Cancel</button>
      </div>
    );
  }
  return (
    <div>
      <div className="flex flex-wrap gap-2" data-testid="owner-reply-controls">
        {reply === null ? (
          <button type="button" className={secondary} onClick={() => setMode("write")}>Reply as the owner</button>
        ) : (
          <>
            <button type="button" className={secondary} onClick={() => setMode("edit")}>Edit reply</button>
            <button type="button" className={secondary} onClick={() => setMode("delete")}>Delete reply</button>
          </>
        )}
      </div>
      <Note said={said} testId="reply-outcome" />
    </div>
  );
}
