import { useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";

/** The Turnstile site key the root loader gives public pages (null where none is configured). */
export function useTurnstileSiteKey(): string | null {
  const root = useRouteLoaderData("root") as { turnstileSiteKey?: string | null } | undefined;
  return root?.turnstileSiteKey ?? null;
}

/**
 * What a member form carries for the human check (app/models/human-check.server.ts): a hidden
 * field only bots fill in, and on the real site the Turnstile widget, which writes its token into
 * the form as "cf-turnstile-response".
 */
export function HumanCheckFields() {
  const siteKey = useTurnstileSiteKey();
  useEffect(() => {
    if (!siteKey || document.querySelector("script[data-turnstile]")) return;
    const script = document.createElement("script");
    script.src = "https://challenges.cloudflare.com/turnstile/v0/api.js";
    script.async = true;
    script.defer = true;
    script.dataset.turnstile = "1";
    document.head.appendChild(script);
  }, [siteKey]);
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>Fax number (leave empty)<input type="text" name="fax_number" tabIndex={-1} autoComplete="off" /></label>
      </div>
      {siteKey ? <div className="cf-turnstile" data-sitekey={siteKey} /> : null}
    </>
  );
}
