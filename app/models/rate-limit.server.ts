/**
 * Fixed-window counters in D1 (table rate_limits). One statement counts the attempt and
 * answers whether it is still allowed, so two requests racing cannot both slip through.
 */
export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export async function hitRateLimit(db: D1Database, key: string, { limit, windowSeconds }: RateLimit): Promise<RateLimitResult> {
  const now = Math.floor(Date.now() / 1000);
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES (?1, ?2, 1, ?2 + ?3)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END,
         expires_at = CASE WHEN window_start <= ?2 - ?3 THEN ?2 + ?3 ELSE expires_at END
       RETURNING window_start, count`,
    )
    .bind(key, now, windowSeconds)
    .first<{ window_start: number; count: number }>();
  const count = row?.count ?? 1;
  const windowStart = row?.window_start ?? now;
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, windowStart + windowSeconds - now) };
}

/** Forgets a key's attempts (e.g. after a successful login). */
export async function clearRateLimit(db: D1Database, key: string): Promise<void> {
  await db.prepare(`DELETE FROM rate_limits WHERE key = ?1`).bind(key).run();
}

/**
 * Run by the cron: deletes the counts whose window has ended (they count nothing any more).
 * Every attempt with a new key adds a row, so without this the table only grows.
 */
export async function deleteExpiredRateLimits(db: D1Database): Promise<void> {
  await db.prepare(`DELETE FROM rate_limits WHERE expires_at <= ?1`).bind(Math.floor(Date.now() / 1000)).run();
}

/** The visitor's address as Cloudflare reports it (absent locally unless a test sets it). */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
