import { Link } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { apiRequest } from "~/lib/admin/api-client";
import { notificationCount, type AdminNotifications } from "~/lib/admin/admin-notifications";
import { AdminTime } from "./admin-time";

/**
 * The header's bell: the count of real events (unread messages; failed imports, failed sign-ins
 * and e-mail that could not be sent since this admin last opened it). Opening it lists them with links and tells the
 * server they are seen; the list keeps what was new at that moment while it stays open.
 */
export function NotificationBell({ notifications }: { notifications: AdminNotifications }) {
  const [current, setCurrent] = useState(notifications);
  const [shown, setShown] = useState<AdminNotifications | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  // A new layout load (after a change or a move) brings the server's counts.
  useEffect(() => setCurrent(notifications), [notifications]);

  const close = useCallback((returnFocus: boolean) => {
    setShown(null);
    if (returnFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointer);
    };
  }, [shown, close]);

  async function toggle() {
    if (shown) return close(false);
    setShown(current);
    try {
      const answer = await apiRequest<{ notifications: AdminNotifications }>("POST", "/api/admin/notifications/seen");
      setCurrent(answer.notifications);
    } catch {
      // Not marked seen: the same events count again next time, nothing is lost.
    }
  }

  const count = notificationCount(current);
  const lines = shown
    ? [
        { n: shown.unreadMessages, text: "okunmamış mesaj", to: "/admin/messages?filter=unread" },
        { n: shown.failedImports, text: "başarısız içe aktarma", to: "/admin/activity?action=import.failed" },
        { n: shown.failedSignIns, text: "başarısız giriş denemesi", to: "/admin/activity?action=auth.sign-in-failed" },
        { n: shown.failedMails, text: "gönderilemeyen e-posta", to: "/admin/activity?action=mail.failed" },
      ]
    : [];
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        onClick={toggle}
        aria-expanded={shown !== null}
        aria-controls={panelId}
        aria-label={`Bildirimler: ${count} yeni`}
        className="relative rounded-lg p-2 hover:bg-slate-100 dark:hover:bg-slate-700"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden className="text-slate-600 dark:text-slate-300">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        <span
          className={`absolute -top-0.5 -right-0.5 rounded-full px-1.5 text-[10px] font-bold text-white ${count > 0 ? "bg-red-600" : "bg-slate-500"}`}
          data-testid="notification-count"
          aria-hidden
        >
          {count}
        </span>
      </button>
      {shown ? (
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-label="Bildirim listesi"
          className="absolute right-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-lg dark:border-slate-600 dark:bg-slate-800"
        >
          <p className="mb-2 font-semibold">Bildirimler</p>
          <ul className="space-y-1">
            {lines.map((line) => (
              <li key={line.to}>
                <Link to={line.to} onClick={() => close(false)} className={`block rounded px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-700 ${line.n > 0 ? "font-medium" : "text-slate-600 dark:text-slate-300"}`}>
                  {line.n} {line.text}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
            {shown.seenAt > 0 ? (
              <>
                İçe aktarma, giriş ve e-postalar: <AdminTime seconds={shown.seenAt} /> sonrası
              </>
            ) : (
              "İçe aktarma, giriş ve e-postalar: tüm kayıtlar"
            )}
          </p>
        </div>
      ) : null}
    </div>
  );
}
