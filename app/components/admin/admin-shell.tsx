import { NavLink } from "@remix-run/react";
import { useCallback, useRef, useState, type ReactNode } from "react";
import { DARK_MODE_COOKIE } from "~/lib/admin/admin-theme";
import { STAFF_ROLE_LABELS, type StaffRole } from "~/lib/admin/staff";
import { apiRequest, setAdminAuthFlag } from "~/lib/admin/api-client";
import { formatCount } from "~/lib/directory/format";
import { initial } from "~/lib/directory/initial";
import { foldLetters } from "~/lib/business/slug";
import { NotificationBell } from "./notification-bell";
import { useFocusTrap } from "./ui";
import type { AdminLayoutFigures } from "~/models/admin-layout.server";

interface NavItem {
  to: string;
  label: string;
  icon: string;
  end?: boolean;
  badge?: string;
  /** What the badge counts, for a screen reader ("3 okunmamış"). */
  badgeLabel?: string;
  /** Shown to moderators too; every other screen answers them 403 (decision 119). */
  forModerators?: boolean;
}

/**
 * Dark mode of the admin, remembered in a cookie (a year) so that the server renders the page in
 * the right theme at once, without a light flash.
 */
function useDarkMode(initial: boolean): [boolean, () => void] {
  const [dark, setDark] = useState(initial);
  const toggle = () =>
    setDark((value) => {
      document.cookie = `${DARK_MODE_COOKIE}=${!value}; Path=/; Max-Age=31536000; SameSite=Lax`;
      return !value;
    });
  return [dark, toggle];
}

/**
 * Below 1024 px the menu is a drawer over the page, opened from the header: a fixed 256 px
 * column left a phone about 130 px for the page. Escape, the backdrop, the close button or a
 * link closes it; while open it is a modal dialog, and keeps the keyboard like one (focus in, Tab
 * inside, back).
 */
function usePhoneMenu() {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useFocusTrap(panel, open, close);
  return { open, show: () => setOpen(true), close, panel };
}

export async function logout() {
  try {
    await apiRequest("POST", "/api/admin/logout");
  } finally {
    setAdminAuthFlag(false);
    window.location.assign("/admin/login");
  }
}

export function AdminShell({ staff, figures, darkMode, children }: { staff: { name: string; role: StaffRole }; figures: AdminLayoutFigures; darkMode: boolean; children: ReactNode }) {
  const [dark, toggleDark] = useDarkMode(darkMode);
  const [search, setSearch] = useState("");
  const menu = usePhoneMenu();
  const allItems: NavItem[] = [
    { to: "/admin", label: "Ana Sayfa", icon: "⌂", end: true },
    { to: "/admin/dashboard", label: "Dashboard", icon: "▦", end: true },
    { to: "/admin/businesses", label: "İşletmeler", icon: "▤", badge: formatCount(figures.businessCount) },
    { to: "/admin/upload", label: "Excel Yükleme", icon: "⇪" },
    { to: "/admin/messages", label: "Mesajlar", icon: "✉", badge: figures.notifications.unreadMessages > 0 ? String(figures.notifications.unreadMessages) : undefined, badgeLabel: "okunmamış" },
    { to: "/admin/moderation", label: "Moderasyon", icon: "⚑", badge: figures.pendingModeration > 0 ? formatCount(figures.pendingModeration) : undefined, badgeLabel: "bekleyen", forModerators: true },
    { to: "/admin/members", label: "Üyeler", icon: "☺", forModerators: true },
    { to: "/admin/activity", label: "İşlem Geçmişi", icon: "☰", forModerators: true },
    { to: "/admin/settings", label: "Site Ayarları", icon: "⚙" },
    { to: "/admin/advertisements", label: "Reklam Yönetimi", icon: "◎", badge: String(figures.filledAdSlots) },
    { to: "/admin/reports", label: "Raporlar", icon: "◔" },
    { to: "/admin/team", label: "Ekip", icon: "♜" },
    { to: "/admin/account", label: "Hesabım", icon: "◈", forModerators: true },
  ];
  const items = staff.role === "admin" ? allItems : allItems.filter((item) => item.forModerators);
  // The search box filters the menu only; it is never sent to the server.
  const typed = foldLetters(search.trim());
  const shown = typed ? items.filter((item) => foldLetters(item.label).includes(typed)) : items;

  return (
    <div className={dark ? "dark" : ""} data-theme={dark ? "dark" : "light"}>
      <div className="flex min-h-screen bg-slate-100 text-slate-900 dark:bg-slate-900 dark:text-slate-100">
        {menu.open ? <button type="button" aria-label="Menüyü kapat" tabIndex={-1} onClick={menu.close} className="fixed inset-0 z-30 bg-slate-950/60 lg:hidden" /> : null}
        <div className="lg:w-64 lg:shrink-0 lg:bg-slate-900 lg:dark:bg-slate-950">
        <aside
          id="admin-menu"
          ref={menu.panel}
          role={menu.open ? "dialog" : undefined}
          aria-modal={menu.open || undefined}
          className={`fixed inset-y-0 left-0 z-40 flex h-screen w-64 flex-col bg-slate-900 text-slate-200 transition-transform dark:bg-slate-950 lg:visible lg:sticky lg:top-0 lg:z-auto lg:translate-x-0 ${menu.open ? "translate-x-0" : "invisible -translate-x-full"}`}
          aria-label="Yönetim menüsü"
        >
          <div className="flex items-center gap-3 border-b border-slate-800 px-5 py-5">
            <div className="flex h-9 w-9 items-center justify-center rounded-lg bg-blue-600 font-bold text-white">A</div>
            <div className="flex-1">
              <p className="text-sm font-semibold text-white">Yönetim Paneli</p>
              <p className="flex items-center gap-1 text-xs text-emerald-400">
                <span className="inline-block h-2 w-2 rounded-full bg-emerald-400" aria-hidden /> Aktif
              </p>
            </div>
            <button
              type="button"
              onClick={menu.close}
              aria-label="Menüyü kapat"
              className="rounded-lg p-2 text-slate-300 hover:bg-slate-800 hover:text-white lg:hidden"
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          <div className="px-4 pt-4">
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Menüde ara..."
              aria-label="Menüde ara"
              className="w-full rounded-lg border border-slate-700 bg-slate-800 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-500 focus:border-blue-500 focus:outline-none"
            />
          </div>
          <nav className="flex-1 space-y-1 overflow-y-auto px-3 py-4" aria-label="Admin">
            {shown.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                prefetch="intent"
                onClick={menu.close}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-blue-600 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"}`
                }
              >
                <span aria-hidden className="w-5 text-center">{item.icon}</span>
                <span className="flex-1">{item.label}</span>
                {item.badge ? (
                  <span className="rounded-full bg-slate-700 px-2 py-0.5 text-xs text-slate-100" data-testid={`badge-${item.to}`}>
                    {item.badge}
                    {item.badgeLabel ? <span className="sr-only"> {item.badgeLabel}</span> : null}
                  </span>
                ) : null}
              </NavLink>
            ))}
          </nav>
          <div className="border-t border-slate-800 p-4">
            <div className="mb-3 flex items-center gap-3">
              <div className="flex h-9 w-9 items-center justify-center rounded-full bg-slate-700 text-sm font-semibold uppercase">{initial(staff.name)}</div>
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-white" data-testid="admin-username" title={staff.name}>{staff.name}</p>
                <p className="text-xs text-slate-400">{STAFF_ROLE_LABELS[staff.role]}</p>
              </div>
            </div>
            <button type="button" onClick={logout} className="w-full rounded-lg bg-slate-800 px-3 py-2 text-sm font-medium text-slate-200 hover:bg-red-600 hover:text-white">
              Çıkış Yap
            </button>
          </div>
        </aside>
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-10 flex items-center justify-end gap-3 border-b border-slate-200 bg-white/90 px-4 py-3 backdrop-blur dark:border-slate-700 dark:bg-slate-800/90 lg:px-6">
            <button
              type="button"
              onClick={menu.show}
              aria-expanded={menu.open}
              aria-controls="admin-menu"
              className="whitespace-nowrap rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium dark:border-slate-500 dark:bg-slate-700 lg:hidden"
            >
              <span aria-hidden="true">☰</span> Menü
            </button>
            <a href="/" className="mr-auto whitespace-nowrap text-sm text-slate-500 hover:text-blue-600 dark:text-slate-400">← Siteye dön</a>
            {staff.role === "admin" ? <NotificationBell notifications={figures.notifications} /> : null}
            <button
              type="button"
              onClick={toggleDark}
              aria-pressed={dark}
              className="whitespace-nowrap rounded-lg border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-500 dark:bg-slate-700"
            >
              <span aria-hidden="true">{dark ? "☀" : "☾"}</span> <span className="sr-only sm:not-sr-only">Karanlık mod</span>
            </button>
          </header>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 lg:p-6">{children}</main>
        </div>
      </div>
    </div>
  );
}
