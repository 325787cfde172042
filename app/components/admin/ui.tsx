import { forwardRef, useEffect, useId, useRef, type ButtonHTMLAttributes, type MouseEvent, type ReactNode, type RefObject } from "react";

/** Small building blocks shared by the admin screens (light and dark). */
export function Card({ title, action, children, className = "" }: { title?: ReactNode; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-800 ${className}`}>
      {title ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function StatTile({ label, value, hint, tone = "blue" }: { label: string; value: ReactNode; hint?: ReactNode; tone?: "blue" | "green" | "amber" | "violet" }) {
  const tones = {
    blue: "bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-300",
    green: "bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300",
    amber: "bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300",
    violet: "bg-violet-50 text-violet-700 dark:bg-violet-950 dark:text-violet-300",
  };
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-800">
      <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
      <p className={`mt-2 inline-block rounded-md px-2 py-0.5 text-2xl font-bold ${tones[tone]}`}>{value}</p>
      {hint ? <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}

const FIGURE_TONES = {
  slate: "text-slate-900 dark:text-slate-100",
  green: "text-green-700 dark:text-green-400",
  amber: "text-amber-700 dark:text-amber-400",
  red: "text-red-700 dark:text-red-400",
} as const;

/** A small labelled figure inside a card (upload reports, the sitemap panel); place it in a `<dl>`. */
export function MiniFigure({ label, value, tone = "slate" }: { label: string; value: ReactNode; tone?: keyof typeof FIGURE_TONES }) {
  return (
    <div className="min-w-0 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-900/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className={`text-lg font-semibold break-words ${FIGURE_TONES[tone]}`}>{value}</dd>
    </div>
  );
}

/** Marks figures the platform does not measure, so nobody mistakes them for real ones. */
export function SampleBadge() {
  return (
    <span lang="tr" className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-slate-600 uppercase dark:bg-slate-700 dark:text-slate-300">
      örnek veri
    </span>
  );
}

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-wait aria-disabled:opacity-50",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-wait aria-disabled:opacity-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-wait aria-disabled:opacity-50",
} as const;

/**
 * A button busy with its own work is aria-disabled, not disabled, and ignores presses meanwhile:
 * a disabled button loses the keyboard focus to the page, and the administrator who pressed it
 * would start again from the top. The press is dropped here, so no handler has to remember to.
 */
export const BusyButton = forwardRef<HTMLButtonElement, Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "aria-disabled"> & { busy: boolean }>(
  function BusyButton({ busy, onClick, ...attributes }, ref) {
    const press = (event: MouseEvent<HTMLButtonElement>) => {
      if (!busy) onClick?.(event);
    };
    return <button ref={ref} type="button" {...attributes} aria-disabled={busy} onClick={press} />;
  },
);

export const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * The keyboard rules of a panel over the page while `active`: focus moves to the first element
 * matching `firstFocus` inside it, Tab and Shift+Tab stay inside it, Escape calls `onEscape`, and
 * focus returns where it was when the panel closes.
 */
export function useFocusTrap(panel: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void, firstFocus = FOCUSABLE) {
  useEffect(() => {
    if (!active) return;
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>(firstFocus)?.focus();
    return () => opener?.focus();
  }, [active, panel, firstFocus]);

  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onEscape();
      if (event.key !== "Tab" || !panel.current) return;
      const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const inside = panel.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active, panel, onEscape]);
}

/** A dialog's first field, not its close button (the panel's first child is the title row). */
const FIRST_FIELD = `:scope > :not(:first-child) :is(${FOCUSABLE})`;

/** A modal dialog; Escape or × closes it, except while `busy` (an export under way). */
export function AdminDialog({ title, busy, onClose, footer, children }: { title: string; busy: boolean; onClose: () => void; footer: ReactNode; children: ReactNode }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, () => (busy ? undefined : onClose()), FIRST_FIELD);

  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <div ref={panel} className="max-h-[90vh] w-full max-w-3xl overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl dark:bg-slate-800">
        <div className="mb-4 flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-semibold">{title}</h2>
          <button type="button" onClick={onClose} disabled={busy} aria-label="Kapat" className="text-xl text-slate-500 disabled:opacity-40 dark:text-slate-400">×</button>
        </div>
        {children}
        <div className="flex justify-end gap-2">{footer}</div>
      </div>
    </div>
  );
}
