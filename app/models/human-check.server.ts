/**
 * Is a person sending this (sign-in, Submit Hotel, a claim)? On the real site Cloudflare Turnstile
 * answers, through its siteverify call; wherever no secret is configured (npm start, the tests) a
 * honeypot field and the rate limits stand in. Cloudflare's documented test secrets (always
 * passes, always fails) are answered here as siteverify answers them, so the tests force both
 * outcomes through this same function without reaching the internet.
 */

/** The hidden field only bots fill in (every member form carries it). */
export const HONEYPOT_FIELD = "fax_number";
/** Where the widget's token travels: the form field the widget writes, or this header from the page's script. */
export const TURNSTILE_FIELD = "cf-turnstile-response";
export const TURNSTILE_HEADER = "CF-Turnstile-Response";

const ALWAYS_PASSES = "1x0000000000000000000000000000000AA";
const ALWAYS_FAILS = "2x0000000000000000000000000000000AA";
const SITEVERIFY = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

export const NOT_HUMAN_MESSAGE = "Please confirm you are a person (the check under the form) and try again";

/** `honeypot`: the hidden field was filled, which only a bot does (a caller may answer as if it worked). */
export type HumanCheck = { ok: true } | { ok: false; message: string; honeypot: boolean };

/** The human check of one request: its body's honeypot and token (the fields are removed from `body`), or the token header. */
export async function checkHuman(env: Pick<Env, "TURNSTILE_SECRET">, request: Request, body: Record<string, unknown>): Promise<HumanCheck> {
  const honeypot = body[HONEYPOT_FIELD];
  const token = body[TURNSTILE_FIELD] ?? request.headers.get(TURNSTILE_HEADER);
  delete body[HONEYPOT_FIELD];
  delete body[TURNSTILE_FIELD];
  if (typeof honeypot === "string" && honeypot.trim()) return { ok: false, message: NOT_HUMAN_MESSAGE, honeypot: true };
  const secret = env.TURNSTILE_SECRET;
  if (!secret) return { ok: true };
  const refused = { ok: false, message: NOT_HUMAN_MESSAGE, honeypot: false } as const;
  if (typeof token !== "string" || !token || token.length > 2048) return refused;
  return (await turnstileAccepts(secret, token, request.headers.get("CF-Connecting-IP"))) ? { ok: true } : refused;
}

async function turnstileAccepts(secret: string, token: string, address: string | null): Promise<boolean> {
  if (secret === ALWAYS_PASSES) return true;
  if (secret === ALWAYS_FAILS) return false;
  const form = new FormData();
  form.set("secret", secret);
  form.set("response", token);
  if (address) form.set("remoteip", address);
  try {
    const answer = await fetch(SITEVERIFY, { method: "POST", body: form, signal: AbortSignal.timeout(5000) });
    const verdict = (await answer.json()) as { success?: boolean };
    return verdict.success === true;
  } catch (error) {
    // Turnstile unreachable: refuse (the member may try again) rather than let every bot through.
    console.error("Turnstile siteverify failed", error);
    return false;
  }
}
