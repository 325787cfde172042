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

export interface RateLimitHit {
  key: string;
  limit: RateLimit;
}

type CountedRow = { window_start: number; count: number };

/**
 * The statement counting one attempt at `key`, returning its window_start and count; counted only
 * while every key of `before` (counted earlier in the same batch) still allows the attempt.
 */
function hitStatement(db: D1Database, { key, limit }: RateLimitHit, now: number, before: readonly RateLimitHit[]): D1PreparedStatement {
  const allowedBefore = before.map((_, i) => `(SELECT count FROM rate_limits WHERE key = ?${4 + 2 * i}) <= ?${5 + 2 * i}`);
  return db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count, expires_at) SELECT ?1, ?2, 1, ?2 + ?3 WHERE ${allowedBefore.join(" AND ") || "true"}
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END,
         expires_at = CASE WHEN window_start <= ?2 - ?3 THEN ?2 + ?3 ELSE expires_at END
       RETURNING window_start, count`,
    )
    .bind(key, now, limit.windowSeconds, ...before.flatMap((hit) => [hit.key, hit.limit.limit]));
}

export async function hitRateLimit(db: D1Database, key: string, limit: RateLimit): Promise<RateLimitResult> {
  return hitRateLimitsInTurn(db, [{ key, limit }]);
}

/**
 * Counts an attempt against each key in turn, in one round trip, as hitRateLimit called for each
 * until one refuses would: the keys after a refusing one are not counted. The answer is the first
 * refusal, else the last key's.
 */
export async function hitRateLimitsInTurn(db: D1Database, hits: readonly [RateLimitHit, ...RateLimitHit[]]): Promise<RateLimitResult> {
  const now = Math.floor(Date.now() / 1000);
  const counted = await db.batch<CountedRow>(hits.map((hit, i) => hitStatement(db, hit, now, hits.slice(0, i))));
  const results = hits.map(({ limit: { limit, windowSeconds } }, i): RateLimitResult => {
    const row = counted[i]!.results[0];
    const count = row?.count ?? 1;
    const windowStart = row?.window_start ?? now;
    return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, windowStart + windowSeconds - now) };
  });
  return results.find((result) => !result.allowed) ?? results.at(-1)!;
}

/** Forgets the keys' attempts (e.g. after a successful login): a statement for the caller's batch. */
export function clearRateLimits(db: D1Database, keys: readonly string[]): D1PreparedStatement {
  return db.prepare(`DELETE FROM rate_limits WHERE key IN (${keys.map((_, i) => `?${i + 1}`).join(", ")})`).bind(...keys);
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
