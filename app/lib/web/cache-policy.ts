/** Edge-cache durations from the spec's constants (seconds). */
export const CACHE_SECONDS = {
  home: 2 * 60 * 60,
  featured: 30 * 60,
  detail: 10 * 60,
  lists: 2 * 60 * 60,
  /** A result set that says who is open now (filters, /api/search): a minute, so "open" stays true. */
  openNow: 60,
} as const;

/**
 * Shared caches (the edge) keep the answer for the spec's duration; browsers revalidate after a
 * minute so that the admin's "clear cache" reaches visitors quickly.
 */
export function publicCache(seconds: number): HeadersInit {
  return { "Cache-Control": `public, max-age=60, s-maxage=${seconds}` };
}

export const NO_STORE = { "Cache-Control": "private, no-store" } as const;
