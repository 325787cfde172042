import { incrementAppCounter, readAppCounter } from "./app-state.server";

const GENERATION_KEY = "cache_generation";

/**
 * How long an isolate trusts the generation it last read. Reading it from D1 on every request
 * cost a D1 round trip even on an edge-cache hit (in production, a trip to the database's region
 * from every colo); trusting it for a second keeps that to one read per second per isolate. A
 * bump made in this isolate is seen at once; other isolates see it within this time.
 */
export const GENERATION_TRUST_MS = 1000;

interface GenerationMemo {
  current?: { value: number; readAt: number };
}

// The Worker's entry (the edge cache) and the Remix build each bundle a copy of this module:
// the memo lives on globalThis so that both copies share one per isolate.
const MEMO_KEY = Symbol.for("business-directory.cache-generation");
function generationMemo(): GenerationMemo {
  const global = globalThis as unknown as Record<symbol, GenerationMemo | undefined>;
  return (global[MEMO_KEY] ??= {});
}

/**
 * The edge cache is keyed on this number: bumping it makes every cached page and API answer
 * unreachable at once, everywhere, without enumerating keys.
 */
export async function getCacheGeneration(db: D1Database): Promise<number> {
  const memo = generationMemo();
  const started = Date.now();
  if (memo.current && started - memo.current.readAt < GENERATION_TRUST_MS) return memo.current.value;
  const value = await readAppCounter(db, GENERATION_KEY);
  // A bump that finished while this read was under way is newer than what was read.
  if (!memo.current || memo.current.readAt <= started) memo.current = { value, readAt: started };
  return memo.current.value;
}

export async function bumpCacheGeneration(db: D1Database): Promise<number> {
  const value = await incrementAppCounter(db, GENERATION_KEY);
  generationMemo().current = { value, readAt: Date.now() };
  return value;
}
