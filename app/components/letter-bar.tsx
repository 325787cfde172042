import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useLinkArrival } from "./pager";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

interface LetterBarProps {
  /** List path without a letter, e.g. "/categories"; a letter's page is `${basePath}/${letter}`. */
  basePath: string;
  active: string | null;
  /** Shows an "All" link back to `basePath` first. */
  withAll?: boolean;
  label: string;
}

/**
 * A–Z browse links; the active letter is marked for sight and for screen readers. A letter (or
 * All) followed from a bar keeps the keyboard focus in that bar, on the now current link: going
 * from the whole list to a letter (or back) renders another route, and the focus fell to the
 * top of the document.
 */
export function LetterBar({ basePath, active, withAll = false, label }: LetterBarProps) {
  const item = "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-2 text-sm font-medium";
  const idle = "border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 text-slate-700 dark:text-slate-300 hover:border-brand-600 dark:hover:border-sky-400 hover:text-brand-700 dark:hover:text-sky-300";
  const current = "border-brand-700 bg-brand-700 text-white";
  const bar = useRef<HTMLElement>(null);
  const chosenHere = { letterBar: label };
  const arrival = useLinkArrival("letterBar", label);
  useEffect(() => {
    if (!arrival || bar.current?.contains(document.activeElement)) return;
    bar.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
  }, [arrival]);
  return (
    <nav ref={bar} aria-label={label} className="flex flex-wrap gap-1.5">
      {withAll ? (
        <Link to={basePath} state={chosenHere} className={`${item} ${active ? idle : current}`} aria-current={active ? undefined : "page"}>
          All
        </Link>
      ) : null}
      {LETTERS.map((letter) => (
        <Link
          key={letter}
          to={`${basePath}/${letter.toLowerCase()}`}
          state={chosenHere}
          className={`${item} ${active === letter ? current : idle}`}
          aria-current={active === letter ? "page" : undefined}
        >
          {letter}
        </Link>
      ))}
    </nav>
  );
}
