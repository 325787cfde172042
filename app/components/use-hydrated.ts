import { useEffect, useState, type RefObject } from "react";

/** False in the server's HTML and until the page's script runs: controls that need it wait for it. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * What a visitor typed into a form's controlled boxes before the page's script ran. Hydrating
 * leaves the typed text in the box but the component's state holds the server's value, which the
 * script would send (or put back on its next render) instead: once, as the script starts, each
 * box whose text differs from the server's (`defaultValue`) is handed to `adopt` by its name.
 */
export function useTextTypedBeforeScript(form: RefObject<HTMLFormElement>, adopt: (name: string, text: string) => void) {
  useEffect(() => {
    for (const element of Array.from(form.current?.elements ?? [])) {
      const box = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element : null;
      if (box?.name && box.value !== box.defaultValue) adopt(box.name, box.value);
    }
  }, []); // only the first render's boxes can hold text typed before the script ran
}
