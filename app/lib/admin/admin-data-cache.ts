import { useLocation, useMatches, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { useEffect } from "react";
import { apiRequest } from "./api-client";
import { fetchTarget } from "./query-retry";

const MINUTE = 60_000;

/**
 * The spec's cache freshness (admin §9): how long a screen's data is shown again without asking
 * the server. Stats 5 minutes, the admin business list 2 minutes, the export dialog's categories
 * and country codes 10, everything else the default 10 minutes. Upload reports (5 seconds) are
 * polled by the dashboard, never kept.
 */
export const ADMIN_DATA_FRESH_MS = {
  stats: 5 * MINUTE,
  businesses: 2 * MINUTE,
  categories: 10 * MINUTE,
  countryCodes: 10 * MINUTE,
  default: 10 * MINUTE,
} as const;

/**
 * Whether the admin layout's loader (session, menu figures such as the business count badge)
 * runs for a navigation: after a change (a form, or a revalidation of the same address), or once
 * the figures it shows are older than the stats freshness. Moving between screens before that
 * leaves them; before, they were never reloaded on a move, and the badge kept its old count for
 * as long as the tab was open while the dashboard showed the new one.
 */
export function layoutReloads(navigation: { formMethod?: string; currentUrl: URL; nextUrl: URL }, loadedAt: number, now: number): boolean {
  return Boolean(navigation.formMethod) || navigation.currentUrl.href === navigation.nextUrl.href || now - loadedAt >= ADMIN_DATA_FRESH_MS.stats;
}

/** Data nobody has asked for this long is dropped (the spec's "unused results discarded after 15 minutes"). */
export const UNUSED_DATA_DISCARD_MS = 15 * MINUTE;

interface Entry {
  data: unknown;
  storedAt: number;
  usedAt: number;
}

/**
 * Loaded data by key, answered again while fresh. Only successful loads are kept (a failure is
 * tried again on the next visit), and any change made through the site forgets everything, so a
 * screen never shows data older than the change the administrator just made.
 */
export class QueryCache {
  readonly #entries = new Map<string, Entry>();
  /** Counts forgetAll calls: a load begun before a change answers its caller but is not kept. */
  #changes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async read<T>(key: string, freshMs: number, load: () => Promise<T>): Promise<T> {
    this.#discardUnused();
    const entry = this.#entries.get(key);
    const now = this.now();
    if (entry && now - entry.storedAt < freshMs) {
      entry.usedAt = now;
      return entry.data as T;
    }
    const changesBefore = this.#changes;
    const data = await load();
    // A change answered while this load was on its way may postdate what the server read: kept,
    // this data would answer the reload that follows the change, and the screen would show the
    // change undone (a second approval shown as the first left it).
    if (changesBefore !== this.#changes) return data;
    const storedAt = this.now();
    this.#entries.set(key, { data, storedAt, usedAt: storedAt });
    return data;
  }

  /** Keeps data the server already rendered into the page, unless newer data is held. */
  remember(key: string, data: unknown) {
    if (this.#entries.has(key)) return;
    const now = this.now();
    this.#entries.set(key, { data, storedAt: now, usedAt: now });
  }

  forgetAll() {
    this.#entries.clear();
    this.#changes++;
  }

  #discardUnused() {
    const now = this.now();
    for (const [key, entry] of this.#entries) if (now - entry.usedAt >= UNUSED_DATA_DISCARD_MS) this.#entries.delete(key);
  }
}

/** The back office's data, for this browser tab. */
export const adminData = new QueryCache();

/** A screen's key: its address (each list page, search and sort is its own entry). */
export function adminDataKey(url: { pathname: string; search: string }): string {
  return url.pathname.replace(/\/$/, "") + url.search;
}

/** An admin page's clientLoader: the server's data, kept for `freshMs`. */
export function keptAdminData(freshMs: number) {
  return ({ request, serverLoader }: ClientLoaderFunctionArgs) => adminData.read(adminDataKey(new URL(request.url)), freshMs, serverLoader);
}

/** An admin API read (the export dialog's lists), kept for `freshMs` under its path. */
export function keptAdminCall<T>(path: string, freshMs: number): Promise<T> {
  return adminData.read(path, freshMs, () => apiRequest<T>("GET", path));
}

/**
 * Keeps the screen the server rendered on arrival (its clientLoader did not run for it), so
 * coming back to it within its freshness does not ask again. For the back office's layout.
 */
export function useRememberArrivalData() {
  const matches = useMatches();
  const location = useLocation();
  useEffect(() => {
    const screen = matches.at(-1);
    if (screen?.data !== undefined) adminData.remember(adminDataKey(location), screen.data);
    // Once, on arrival: later screens come through their clientLoader.
  }, []);
}

/**
 * Makes every change sent from this tab (a request other than GET or HEAD to the site: saves,
 * approvals, deletes, uploads, cache clear, login, logout) forget the kept data once it is
 * answered or fails. Installed once, by entry.client.
 */
export function forgetAdminDataOnChanges(win: Window & typeof globalThis) {
  const original = win.fetch.bind(win);
  win.fetch = (input, init) => {
    if (!isChange(input, init, win.location.origin)) return original(input, init);
    return original(input, init).finally(() => adminData.forgetAll());
  };
}

function isChange(input: RequestInfo | URL, init: RequestInit | undefined, origin: string): boolean {
  const { method, url } = fetchTarget(input, init, origin);
  return method !== "GET" && method !== "HEAD" && url.origin === origin;
}
