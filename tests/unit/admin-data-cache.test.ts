import { describe, expect, it, vi } from "vitest";
import { ADMIN_DATA_FRESH_MS, adminData, adminDataKey, forgetAdminDataOnChanges, layoutReloads, QueryCache, UNUSED_DATA_DISCARD_MS } from "~/lib/admin/admin-data-cache";

const MINUTE = 60_000;

/** A cache on a hand-moved clock, and a loader counting its calls. */
function cacheAt(start = 0) {
  let now = start;
  const cache = new QueryCache(() => now);
  let loads = 0;
  const load = () => {
    loads++;
    return Promise.resolve({ load: loads });
  };
  return { cache, load, loads: () => loads, wait: (ms: number) => (now += ms) };
}

describe("admin data freshness", () => {
  it("answers a screen again from memory while fresh, and asks the server once it is not", async () => {
    const { cache, load, loads, wait } = cacheAt();
    expect(await cache.read("/admin/dashboard", ADMIN_DATA_FRESH_MS.stats, load)).toEqual({ load: 1 });
    wait(5 * MINUTE - 1);
    expect(await cache.read("/admin/dashboard", ADMIN_DATA_FRESH_MS.stats, load)).toEqual({ load: 1 });
    wait(1);
    expect(await cache.read("/admin/dashboard", ADMIN_DATA_FRESH_MS.stats, load)).toEqual({ load: 2 });
    expect(loads()).toBe(2);
  });

  it("keeps each list page and search under its own address", async () => {
    const { cache, load, loads } = cacheAt();
    await cache.read(adminDataKey(new URL("http://x/admin/businesses?page=2")), MINUTE, load);
    await cache.read(adminDataKey(new URL("http://x/admin/businesses?page=3")), MINUTE, load);
    expect(await cache.read(adminDataKey(new URL("http://x/admin/businesses/?page=2")), MINUTE, load)).toEqual({ load: 1 });
    expect(loads()).toBe(2);
  });

  it("does not keep a failed load: the next visit asks again", async () => {
    const { cache, load } = cacheAt();
    await expect(cache.read("/admin/settings", MINUTE, () => Promise.reject(new Error("503")))).rejects.toThrow("503");
    expect(await cache.read("/admin/settings", MINUTE, load)).toEqual({ load: 1 });
  });

  it("drops data unused for 15 minutes, and reading it counts as use", async () => {
    const { cache, load, loads, wait } = cacheAt();
    await cache.read("/admin/settings", Infinity, load);
    wait(14 * MINUTE);
    await cache.read("/admin/settings", Infinity, load);
    wait(14 * MINUTE);
    await cache.read("/admin/settings", Infinity, load);
    expect(loads()).toBe(1);
    wait(UNUSED_DATA_DISCARD_MS);
    await cache.read("/admin/settings", Infinity, load);
    expect(loads()).toBe(2);
  });

  it("does not keep a load that was on its way when a change was made: the next read asks again", async () => {
    const { cache, load, loads } = cacheAt();
    let answer!: (data: unknown) => void;
    const before = cache.read("/admin/businesses", MINUTE, () => new Promise((resolve) => (answer = resolve)));
    cache.forgetAll();
    answer({ before: true });
    // Its caller still gets it; the screen read after the change does not.
    expect(await before).toEqual({ before: true });
    expect(await cache.read("/admin/businesses", MINUTE, load)).toEqual({ load: 1 });
    expect(loads()).toBe(1);
  });

  it("keeps the page the server rendered, without overwriting newer data", async () => {
    const { cache, load, loads } = cacheAt();
    cache.remember("/admin/dashboard", { rendered: true });
    expect(await cache.read("/admin/dashboard", MINUTE, load)).toEqual({ rendered: true });
    cache.forgetAll();
    await cache.read("/admin/dashboard", MINUTE, load);
    cache.remember("/admin/dashboard", { rendered: true });
    expect(await cache.read("/admin/dashboard", MINUTE, load)).toEqual({ load: 1 });
    expect(loads()).toBe(1);
  });
});

describe("changes forget the kept data", () => {
  /** A window whose fetch answers 200 (or fails for "/down"), with entry.client's hook installed. */
  function hookedWindow() {
    const fetcher = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith("/down")) throw new TypeError("Failed to fetch");
      return new Response("{}");
    });
    const win = { fetch: fetcher, location: { origin: "http://127.0.0.1:8787" } } as unknown as Window & typeof globalThis;
    forgetAdminDataOnChanges(win);
    return win;
  }

  async function kept(): Promise<boolean> {
    let loaded = false;
    await adminData.read("/admin/dashboard", Infinity, async () => {
      loaded = true;
      return {};
    });
    return !loaded;
  }

  it("forgets after an approval, a delete or a save is answered, and keeps it across reads", async () => {
    const win = hookedWindow();
    for (const [path, init] of [
      ["/api/admin/businesses/7/toggle-approval", { method: "POST" }],
      ["/api/businesses/7", { method: "DELETE" }],
      [new Request("http://127.0.0.1:8787/api/admin/site-settings", { method: "POST", body: "{}" }), undefined],
    ] as [RequestInfo, RequestInit | undefined][]) {
      adminData.forgetAll();
      await kept();
      await win.fetch("/admin/dashboard.data");
      await win.fetch("/api/admin/upload-reports", { method: "GET" });
      expect(await kept()).toBe(true);
      await win.fetch(path, init);
      expect(await kept()).toBe(false);
    }
  });

  it("forgets when the change fails too (it may have been made), and passes the failure on", async () => {
    const win = hookedWindow();
    await kept();
    await expect(win.fetch("/api/admin/down", { method: "POST" })).rejects.toThrow("Failed to fetch");
    expect(await kept()).toBe(false);
  });

  it("ignores requests to other sites", async () => {
    const win = hookedWindow();
    await kept();
    await win.fetch("https://example.org/collect", { method: "POST" });
    expect(await kept()).toBe(true);
  });
});

describe("the admin layout's figures (the menu's business count badge)", () => {
  const move = { currentUrl: new URL("http://x/admin/dashboard"), nextUrl: new URL("http://x/admin/businesses") };

  it("stay as they are when moving between screens while fresh", () => {
    expect(layoutReloads(move, 0, 5 * MINUTE - 1)).toBe(false);
    expect(layoutReloads({ ...move, nextUrl: new URL("http://x/admin/dashboard?page=2") }, 0, MINUTE)).toBe(false);
  });

  it("are read again on a move once older than the stats freshness, so the badge catches up with the dashboard", () => {
    expect(layoutReloads(move, 0, 5 * MINUTE)).toBe(true);
    expect(layoutReloads(move, 10 * MINUTE, 16 * MINUTE)).toBe(true);
  });

  it("are read again after any change, however fresh", () => {
    expect(layoutReloads({ ...move, formMethod: "POST" }, 0, 1)).toBe(true);
    expect(layoutReloads({ currentUrl: move.currentUrl, nextUrl: new URL(move.currentUrl) }, 0, 1)).toBe(true);
  });
});
