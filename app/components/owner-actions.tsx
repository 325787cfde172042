import { Link } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { HumanCheckFields } from "./human-check-fields";
import { signedInHere } from "./member-link";
import { ReportControl } from "./review-member-actions";

const box = "rounded-2xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-6";
const input = "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100";
const button = "rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60";

type Sent = { ok: true; text: string } | { ok: false; text: string } | null;

/** POSTs JSON and says what happened in words a person reads: the first field error or the message. */
async function postJson(path: string, body: unknown): Promise<{ ok: boolean; status: number; answer: Record<string, unknown> }> {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, answer };
}

function refusal(answer: Record<string, unknown>): string {
  const errors = answer.errors as Record<string, string> | undefined;
  return (errors && Object.values(errors)[0]) || (answer.message as string | undefined) || "Something went wrong: please try again";
}

/**
 * The member's part of a business page, shown after hydration so the page's HTML stays the same
 * for everyone: "Own this business? Claim it", and on a claimed listing a form to write to its owner.
 */
export function OwnerActions({ slug, claimed }: { slug: string; claimed: boolean }) {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const [claiming, setClaiming] = useState(false);
  const [sent, setSent] = useState<Sent>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSignedIn(signedInHere()), []);
  const back = `/account?next=${encodeURIComponent(`/business/${slug}`)}`;

  /** A form's submit: posts its fields to `path` and says what happened in the member's words. */
  const sendTo = (path: string, saying: (answer: Record<string, unknown>) => string) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const { ok, status, answer } = await postJson(path, Object.fromEntries(form));
    setBusy(false);
    if (status === 401) return setSignedIn(false);
    setSent(ok ? { ok: true, text: saying(answer) } : { ok: false, text: refusal(answer) });
  };
  const claim = sendTo(`/api/businesses/${slug}/claim`, (answer) =>
    (answer.claim as { status?: string } | undefined)?.status === "approved"
      ? "Your claim is approved: you can edit this listing from your account."
      : "Thank you: a moderator reviews your claim and we will e-mail you.",
  );
  const write = sendTo(`/api/businesses/${slug}/messages`, () => "Your message was sent to the owner. Their answer comes to your e-mail.");

  const note = sent ? (
    <p role="status" className={`mt-3 text-sm ${sent.ok ? "text-green-700 dark:text-green-300" : "text-red-700 dark:text-red-300"}`}>{sent.text}</p>
  ) : null;

  return (
    <section className={box} aria-labelledby="owner-heading" data-testid="owner-actions">
      <h2 id="owner-heading" className="text-xl font-semibold">{claimed ? "Write to the owner" : "Own this business?"}</h2>
      {claimed ? (
        signedIn ? (
          <form onSubmit={write} className="mt-3 space-y-3 text-sm">
            <label className="block">Subject<input name="subject" required minLength={3} maxLength={150} className={input} /></label>
            <label className="block">Message<textarea name="text" required minLength={10} maxLength={2000} rows={4} className={input} /></label>
            <button type="submit" disabled={busy} className={button}>Send to the owner</button>
            {note}
          </form>
        ) : (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
            The owner manages this listing. <Link to={back} className="font-medium text-brand-700 underline dark:text-sky-300">Sign in</Link> to send them a message.
          </p>
        )
      ) : null}
      {!claimed || signedIn ? (
        claiming && signedIn ? (
          <form onSubmit={claim} className="mt-3 space-y-3 text-sm" data-testid="claim-form">
            <label className="block">Your position<input name="position" required minLength={2} maxLength={100} placeholder="Owner, manager…" className={input} /></label>
            <label className="block">Your phone (optional)<input name="phone" type="tel" maxLength={40} className={input} /></label>
            <label className="block">Anything the moderator should know (optional)<textarea name="message" maxLength={1000} rows={3} className={input} /></label>
            <HumanCheckFields />
            <button type="submit" disabled={busy} className={button}>Send my claim</button>
            {note}
          </form>
        ) : signedIn === false ? (
          <p className="mt-3 text-sm"><Link to={back} className="font-medium text-brand-700 underline dark:text-sky-300">Own this business? Claim it</Link></p>
        ) : (
          <button type="button" className="mt-3 text-sm font-medium text-brand-700 underline dark:text-sky-300" onClick={() => setClaiming(true)} disabled={signedIn === null}>
            Own this business? Claim it
          </button>
        )
      ) : null}
      {signedIn !== null ? (
        <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700" data-testid="report-listing">
          <ReportControl path={`/api/businesses/${slug}/report`} what="this listing" slug={slug} signedIn={signedIn} onSignedOut={() => setSignedIn(false)} />
        </div>
      ) : null}
    </section>
  );
}
