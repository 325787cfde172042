import { type PlatformProxy } from "wrangler";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** The nonce of this answer's Content-Security-Policy for Remix's inline scripts (admin pages), else null. */
    cspNonce?: string | null;
  }
}
