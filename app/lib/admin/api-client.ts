import { fetchQuery } from "./query-retry";

/**
 * The spec's shared request behaviour for calls from admin screens: credentials sent, a JSON
 * body only when data is given, and a non-OK answer thrown as "{status}: {body text}" (or the
 * status text when the body is empty).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's `message` field when the body was JSON with one. */
    readonly serverMessage: string | null,
    /** The Retry-After header of a 429, in seconds, when it gave one. */
    readonly retryAfterSeconds: number | null = null,
    /** The sign-in needs the second factor's code (a 401 of the login call). */
    readonly secondFactorRequired = false,
  ) {
    super(message);
  }
}

export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  // Reads are queries (retried on failure); changes are mutations (never retried).
  const response = method === "GET" ? await fetchQuery(fetch, path, init) : await fetch(path, init);
  if (!response.ok) {
    const text = await response.text();
    let serverMessage: string | null = null;
    let secondFactorRequired = false;
    try {
      const parsed = JSON.parse(text) as { message?: unknown; secondFactorRequired?: unknown };
      if (typeof parsed.message === "string") serverMessage = parsed.message;
      secondFactorRequired = parsed.secondFactorRequired === true;
    } catch {
      // Not JSON: the text itself is the message.
    }
    followEndedSession(response, path);
    const retryAfter = Number(response.headers.get("Retry-After") ?? NaN);
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, serverMessage, Number.isFinite(retryAfter) ? retryAfter : null, secondFactorRequired);
  }
  return (await response.json()) as T;
}

/** What a toast says of a failed call: the server's own message when it gave one, not its JSON. */
export function plainErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A 401 from a call other than the login itself means the session ended (expired, or logged out
 * elsewhere): back to the login page. Every call that can answer 401 is an admin one, under
 * /api/admin/ or not (the earlier variants' /api/businesses/{id}, /api/export-csv, /api/upload-excel).
 */
export function followEndedSession(response: { status: number }, path: string): void {
  if (response.status === 401 && !path.startsWith("/api/admin/login")) sendToLogin();
}

let leavingForLogin = false;

/** The page is being left for the login page (a page guarding its work lets it go unasked). */
export function isLeavingForLogin(): boolean {
  return leavingForLogin;
}

/** Back to the login page, and after it to where the administrator was. */
function sendToLogin() {
  leavingForLogin = true;
  setAdminAuthFlag(false);
  window.location.assign(`/admin/login?redirectTo=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

/** The admin "logged in" UI hint (never access: the server checks the session). */
export const ADMIN_AUTH_FLAG = "adminAuth";
export function setAdminAuthFlag(on: boolean) {
  if (on) localStorage.setItem(ADMIN_AUTH_FLAG, "true");
  else localStorage.removeItem(ADMIN_AUTH_FLAG);
}
