import { useLocation, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { nearMeSearch } from "~/lib/search/filter-links";
import { useHydrated } from "./use-hydrated";

/** A position up to five minutes old will do, and the browser gets ten seconds to find one. */
const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false, maximumAge: 300_000, timeout: 10_000 };

const TYPE_A_PLACE = "You can still type a city or country in the search box.";

/** What a refused, failed or slow position request means to the visitor, by its error code. */
export function positionErrorMessage(code: number): string {
  if (code === 1) return `Location access was not allowed, so the list is unchanged. To search near you, allow location for this site in your browser's settings and press "Near me" again. ${TYPE_A_PLACE}`;
  if (code === 3) return `Finding your location took too long, so the list is unchanged. Press "Near me" to try again. ${TYPE_A_PLACE}`;
  return `Your device could not tell where you are just now, so the list is unchanged. Press "Near me" to try again. ${TYPE_A_PLACE}`;
}

/**
 * "Near me": asks the browser for the visitor's position, then opens the same list around it,
 * nearest first. It needs the page's script (and a browser that can tell its position), so the
 * server's HTML has none; what happened is said in a polite live region beside it.
 */
export function NearMeButton() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [locating, setLocating] = useState(false);
  const [message, setMessage] = useState("");
  if (!hydrated || !("geolocation" in navigator)) return null;

  const locate = () => {
    setLocating(true);
    setMessage("Finding your location…");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        setMessage("Showing businesses near your location, nearest first.");
        navigate(`${pathname}${nearMeSearch(search, { latitude: coords.latitude, longitude: coords.longitude })}`);
      },
      (error) => {
        setLocating(false);
        setMessage(positionErrorMessage(error.code));
      },
      POSITION_OPTIONS,
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <button
        type="button"
        onClick={locate}
        disabled={locating}
        className="inline-flex items-center gap-2 self-start rounded-lg border border-brand-700 bg-white px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60 dark:border-sky-300 dark:bg-slate-900 dark:text-sky-300 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="12" r="7" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
        </svg>
        Near me
      </button>
      <p role="status" data-testid="near-me-status" className="max-w-md text-sm text-slate-700 empty:hidden dark:text-slate-300">
        {message}
      </p>
    </div>
  );
}
