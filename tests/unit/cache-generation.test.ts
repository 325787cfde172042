import { afterEach, describe, expect, it, vi } from "vitest";
import { bumpCacheGeneration, getCacheGenerations, GENERATION_TRUST_MS } from "~/models/cache.server";

/** The hard generation, as the edge cache reads it. */
const hardGeneration = async (db: D1Database) => (await getCacheGenerations(db)).generation;

/** Enough of D1 for app_state: counts the round trips, and lets a read be held in flight. */
function fakeDb(initial: number) {
  let value = initial;
  let hold: Promise<void> | null = null;
  const db = {
    trips: 0,
    set(next: number) {
      value = next;
    },
    holdReads(until: Promise<void>) {
      hold = until;
    },
    prepare(sql: string) {
      return {
        bind: () => ({
          first: async () => {
            db.trips++;
            if (/UPDATE SET/.test(sql)) return { value: ++value };
            const seen = value;
            // Only the read under way when the hold was set waits for it.
            const wait = hold;
            hold = null;
            if (wait) await wait;
            return { generation: String(seen), directory: null };
          },
        }),
      };
    },
  };
  return db;
}

describe("cache generation memo", () => {
  // Each test starts its clock far past the previous one's, so the shared memo has expired.
  afterEach(() => vi.useRealTimers());

  it("reads D1 at most once per trust period, then again", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const db = fakeDb(7);
    const d1 = db as unknown as D1Database;
    expect(await hardGeneration(d1)).toBe(7);
    db.set(8); // changed behind this isolate's back (another isolate bumped it)
    vi.setSystemTime(1_000_000 + GENERATION_TRUST_MS - 1);
    expect(await hardGeneration(d1)).toBe(7);
    expect(db.trips).toBe(1);
    vi.setSystemTime(1_000_000 + GENERATION_TRUST_MS);
    expect(await hardGeneration(d1)).toBe(8);
    expect(db.trips).toBe(2);
  });

  it("sees its own bump at once, even over a read that was under way", async () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const db = fakeDb(3);
    const d1 = db as unknown as D1Database;
    let release!: () => void;
    db.holdReads(new Promise((resolve) => (release = resolve)));
    const slowRead = hardGeneration(d1); // reads 3, answers later
    vi.setSystemTime(2_000_010);
    expect(await bumpCacheGeneration(d1)).toBe(4);
    release();
    await slowRead;
    expect(await hardGeneration(d1)).toBe(4);
  });
});
