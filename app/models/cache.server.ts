import { incrementAppCounter, readAppCounter } from "./app-state.server";

const GENERATION_KEY = "cache_generation";

/**
 * The edge cache is keyed on this number: bumping it makes every cached page and API answer
 * unreachable at once, everywhere, without enumerating keys.
 */
export function getCacheGeneration(db: D1Database): Promise<number> {
  return readAppCounter(db, GENERATION_KEY);
}

export function bumpCacheGeneration(db: D1Database): Promise<number> {
  return incrementAppCounter(db, GENERATION_KEY);
}
