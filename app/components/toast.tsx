import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

/** The spec's toasts: one at a time, shown 5,000 ms, swipe right (50 px) to dismiss, F8 focuses them. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** The toast's language where it is not the page's: the spec's English texts in the Turkish back office. */
  lang?: string;
}

interface ShownToast extends ToastMessage {
  id: number;
}

const ToastContext = createContext<(toast: ToastMessage) => void>(() => {});
const DismissToastContext = createContext<() => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

/** Clears the toast on screen, for when what it reported no longer holds (a failed login that then succeeded). */
export function useDismissToast() {
  return useContext(DismissToastContext);
}

/** The region's own words, in the page's language (the back office is Turkish). */
const TOAST_LABELS = {
  en: { region: "Notifications (F8)", close: "Close notification" },
  tr: { region: "Bildirimler (F8)", close: "Bildirimi kapat" },
} as const;

export type ToastLanguage = keyof typeof TOAST_LABELS;

export function ToastProvider({ language, children }: { language: ToastLanguage; children: ReactNode }) {
  const [toast, setToast] = useState<ShownToast | null>(null);
  const nextId = useRef(1);
  const show = useCallback((message: ToastMessage) => setToast({ ...message, id: nextId.current++ }), []);
  const dismiss = useCallback(() => setToast(null), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <DismissToastContext.Provider value={dismiss}>
        {children}
        <ToastViewport toast={toast} onDismiss={dismiss} language={language} />
      </DismissToastContext.Provider>
    </ToastContext.Provider>
  );
}

function ToastViewport({ toast, onDismiss, language }: { toast: ShownToast | null; onDismiss: () => void; language: ToastLanguage }) {
  const labels = TOAST_LABELS[language];
  const region = useRef<HTMLOListElement>(null);
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    setOffset(0);
    if (!toast) return;
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);

  const destructive = toast?.variant === "destructive";
  return (
    <section aria-label={labels.region} className="pointer-events-none fixed right-0 bottom-0 z-50 w-full max-w-sm p-4">
      {/* The live region is on the page before any toast: a region inserted together with its
          text is not reliably read out. An error interrupts; other toasts wait their turn. */}
      {/* F8's focus shows as a ring around the toast (an empty region draws nothing). */}
      <ol ref={region} tabIndex={-1} aria-live={destructive ? "assertive" : "polite"} className="group outline-none" data-testid="toast-region">
        {toast ? (
          <li
            key={toast.id}
            lang={toast.lang}
            data-variant={toast.variant ?? "default"}
            className={`pointer-events-auto rounded-lg border p-4 shadow-lg transition-transform group-focus-visible:ring-2 group-focus-visible:ring-blue-600 group-focus-visible:ring-offset-2 ${
              destructive ? "border-red-700 bg-red-600 text-white" : "border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 text-slate-900 dark:text-slate-100"
            }`}
            style={{ transform: `translateX(${offset}px)` }}
            onPointerDown={(event) => {
              startX.current = event.clientX;
            }}
            onPointerMove={(event) => {
              if (startX.current !== null) setOffset(Math.max(0, event.clientX - startX.current));
            }}
            onPointerUp={() => {
              startX.current = null;
              if (offset >= TOAST_SWIPE_THRESHOLD_PX) onDismiss();
              else setOffset(0);
            }}
          >
            <div className="flex items-start gap-3">
              <div className="flex-1">
                <p className="text-sm font-semibold">{toast.title}</p>
                {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
              </div>
              <button type="button" onClick={onDismiss} aria-label={labels.close} lang={language} className="text-lg leading-none opacity-70 hover:opacity-100">
                ×
              </button>
            </div>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
