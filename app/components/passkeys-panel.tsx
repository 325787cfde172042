import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import type { PasskeySummary } from "~/lib/members/passkeys";
import { useHydrated } from "./use-hydrated";

const primary = "rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60";
const secondary = "rounded-lg border border-slate-300 dark:border-slate-600 px-4 py-2 font-semibold disabled:opacity-60";

type Answer = { success: boolean; message?: string };

/** POSTs (or sends `method`) JSON to a passkey call and reads its JSON answer, whatever its status. */
async function call<T>(path: string, body?: unknown, method = "POST"): Promise<T & Answer> {
  const noAnswer = { success: false, message: "The site did not answer. Please try again." };
  const response = await fetch(path, {
    method,
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
  return (response ? await response.json().catch(() => noAnswer) : noAnswer) as T & Answer;
}

/** What a person should read when the browser's passkey prompt fails. */
function promptFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError") return "The passkey prompt was closed or timed out.";
  if (name === "InvalidStateError") return "This device already holds a passkey for your account.";
  return "This browser could not use a passkey here.";
}

function day(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
}

/**
 * "Passkeys" on a signed-in member's account page: the passkeys they added, with their dates, a
 * button to add one on this device, and one to remove each. Drawn after hydration, since it
 * needs the browser's WebAuthn.
 */
export function PasskeysPanel() {
  const hydrated = useHydrated();
  const [passkeys, setPasskeys] = useState<PasskeySummary[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const load = async () => {
    const answer = await call<{ passkeys?: PasskeySummary[] }>("/api/account/passkeys", undefined, "GET");
    if (answer.success && answer.passkeys) setPasskeys(answer.passkeys);
    else setError(answer.message ?? "Your passkeys could not be loaded.");
  };
  useEffect(() => void load(), []);

  const add = async () => {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const asked = await call<{ options: Parameters<typeof startRegistration>[0]["optionsJSON"] }>("/api/account/passkeys/register-options");
      if (!asked.success) return setError(asked.message ?? "Please try again.");
      let created;
      try {
        created = await startRegistration({ optionsJSON: asked.options });
      } catch (failure) {
        return setError(promptFailure(failure));
      }
      const added = await call("/api/account/passkeys/register", created);
      if (!added.success) return setError(added.message ?? "Please try again.");
      setStatus("Passkey added. You can sign in with it on this device from now on.");
      await load();
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkey: PasskeySummary) => {
    if (!window.confirm("Remove this passkey? You can still sign in with an e-mail code.")) return;
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const removed = await call(`/api/account/passkeys/${encodeURIComponent(passkey.id)}`, undefined, "DELETE");
      if (removed.success) setStatus("Passkey removed.");
      else setError(removed.message ?? "Please try again.");
      await load();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-8 border-t border-slate-200 dark:border-slate-700 pt-6" data-testid="passkeys-panel">
      <h2 className="text-lg font-semibold">Passkeys</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Sign in with your device's fingerprint, face or screen lock instead of a code. The e-mail code still works.</p>
      {passkeys === null ? null : passkeys.length === 0 ? (
        <p className="mt-3">You have no passkeys yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <span>
                Passkey added {day(passkey.createdAt)}
                <span className="block text-sm text-slate-600 dark:text-slate-300">{passkey.lastUsedAt ? `Last used ${day(passkey.lastUsedAt)}` : "Not used to sign in yet"}</span>
              </span>
              <button type="button" className={secondary} disabled={busy} onClick={() => void remove(passkey)} aria-label={`Remove the passkey added ${day(passkey.createdAt)}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? <p role="alert" className="mt-3 text-red-700 dark:text-red-400">{error}</p> : null}
      {status ? <p role="status" className="mt-3 text-green-700 dark:text-green-400">{status}</p> : null}
      {hydrated && !browserSupportsWebAuthn() ? (
        <p className="mt-3 text-sm">This browser cannot make passkeys.</p>
      ) : (
        <button type="button" className={`${primary} mt-3`} disabled={!hydrated || busy} onClick={() => void add()}>
          Add a passkey
        </button>
      )}
    </div>
  );
}

/** "Sign in with a passkey" on the signed-out sign-in form: shown once the page's script runs, in browsers that have passkeys. */
export function PasskeySignIn() {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hydrated || !browserSupportsWebAuthn()) return null;

  const signIn = async () => {
    setBusy(true);
    setError(null);
    try {
      const asked = await call<{ options: Parameters<typeof startAuthentication>[0]["optionsJSON"] }>("/api/account/passkeys/login-options");
      if (!asked.success) return setError(asked.message ?? "Please try again.");
      let answered;
      try {
        answered = await startAuthentication({ optionsJSON: asked.options });
      } catch (failure) {
        return setError(promptFailure(failure));
      }
      const signedIn = await call("/api/account/passkeys/login", answered);
      if (!signedIn.success) return setError(signedIn.message ?? "Please try again.");
      // A full load: the page and the header both read the new session.
      window.location.assign("/account");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-6 border-t border-slate-200 dark:border-slate-700 pt-6">
      <button type="button" className={secondary} disabled={busy} onClick={() => void signIn()}>
        Sign in with a passkey
      </button>
      {error ? <p role="alert" className="mt-3 text-red-700 dark:text-red-400">{error}</p> : null}
    </div>
  );
}
