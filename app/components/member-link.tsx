import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** The cookie member.server.ts sets beside the session, readable by this script: "a member signed in here". */
const SIGNED_IN_HINT = /(?:^|;\s*)member_signed_in=1(?:;|$)/;

/** Whether a member signed in on this browser (read after hydration only). */
export function signedInHere(): boolean {
  return SIGNED_IN_HINT.test(document.cookie);
}

/**
 * "Sign in", or the signed-in member's name, linking to /account. The page's HTML is the same
 * for everyone (the edge cache serves it); the member's part is asked of /api/account/me after
 * hydration, and only on a browser where a member signed in.
 */
export function MemberLink({ className }: { className: string }) {
  const [name, setName] = useState<string | null>(null);
  // Looked at again after a move within the app: signing in or out on /account moves without a page load.
  const { pathname } = useLocation();
  useEffect(() => {
    if (!signedInHere()) {
      setName(null);
      return;
    }
    if (name !== null) return;
    const controller = new AbortController();
    fetch("/api/account/me", { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) return;
        const { user } = (await response.json()) as { user: { email: string; displayName: string } };
        setName(user.displayName || user.email.split("@")[0]!);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [pathname, name]);
  return (
    <NavLink to="/account" className={className} data-testid="member-link">
      {name ?? "Sign in"}
    </NavLink>
  );
}
