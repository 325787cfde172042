import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** Quick loads (most come from the edge cache) show no bar: it would only flicker. */
const SHOW_AFTER_MS = 150;

/**
 * A thin bar across the top while another page loads. Lists show their own skeletons when paged
 * (useListPending); every other move (a card to its business page, the home page to a list, a
 * country's category pager) kept the old page still, with no sign, for as long as its data took.
 */
export function PageLoadingBar({ label }: { label: string }) {
  const loading = useNavigation().state === "loading";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!shown) return null;
  return (
    <div role="progressbar" aria-label={label} className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-full bg-brand-600 motion-safe:animate-pulse" />
    </div>
  );
}
