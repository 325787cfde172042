import { useEffect, useState } from "react";

/** False in the server's HTML and until the page's script runs: controls that need it wait for it. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
