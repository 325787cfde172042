// Secrets (wrangler secret put / .dev.vars locally): not in wrangler.toml, so `wrangler types`
// does not see them.
declare namespace Cloudflare {
  interface Env {
    ADMIN_USERNAME?: string;
    ADMIN_PASSWORD?: string;
    /** Signs the admin session cookie (HMAC-SHA256); without it no admin can sign in. */
    SESSION_SECRET?: string;
    /** "development" locally (from .dev.vars): over plain http the session cookie is `admin_session` without Secure, and no HSTS. */
    ENVIRONMENT?: string;
    /** "1" only when `npm run bench` starts wrangler dev: D1 figures per answer (workers/bench-metrics.ts). */
    BENCH_METRICS?: string;
    /** Rows and seconds of work per import queue delivery (defaults 20,000 and 20), rest before a send (default 0): decision 063. */
    IMPORT_STEP_ROWS?: string;
    IMPORT_STEP_SECONDS?: string;
    IMPORT_SEND_PAUSE_MS?: string;
    /** Cloudflare's send_email binding (`[[send_email]] name = "EMAIL"`): how the real site sends e-mail. */
    EMAIL?: { send(message: { from: string; to: string; subject: string; text: string; html: string; replyTo?: string }): Promise<unknown> };
    /** The address the site's e-mail comes from, on the real site. */
    MAIL_FROM?: string;
    /** Cloudflare Turnstile on sign-in, submit and claim (the real site): the widget's site key (a var) and the secret that checks its answers. Without the secret, the honeypot and the rate limits stand in. */
    TURNSTILE_SITE_KEY?: string;
    TURNSTILE_SECRET?: string;
  }
}
