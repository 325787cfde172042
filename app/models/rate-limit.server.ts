import { inArray, lte } from "drizzle-orm";
import { database } from "~/db/client.server";
import { rateLimits, type SqlRow } from "~/db/schema";
import { throttleKeyOfAddress } from "~/lib/web/client-address";

/**
 * Counters in D1 (table rate_limits). One statement counts the attempt and answers whether it is
 * still allowed, so two requests racing cannot both slip through. Two kinds: a fixed window
 * (so many attempts per so many seconds) and a growing delay (so many attempts freely, then a
 * wait after each that doubles up to a ceiling).
 */
export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * After `freeAttempts` attempts, each further one must wait `firstDelaySeconds` after the one
 * before, twice as long each time, at most `maxDelaySeconds`; the count is forgotten
 * `forgetSeconds` after the last attempt (or cleared by the caller, as a login does).
 */
export interface GrowingDelay {
  freeAttempts: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  forgetSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export interface RateLimitHit {
  key: string;
  limit: RateLimit | GrowingDelay;
}

type CountedRow = Pick<SqlRow<typeof rateLimits>, "window_start" | "count">;
type WaitRow = Pick<SqlRow<typeof rateLimits>, "count"> & { not_before: number };

function isGrowingDelay(limit: RateLimit | GrowingDelay): limit is GrowingDelay {
  return "freeAttempts" in limit;
}

/** An integer written into SQL: the limits are constants of the code, never input. */
function sqlInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
}

/** The SQL for the wait a growing delay asks after a row's last attempt; its one definition. */
function delayAfterLastAttempt(limit: GrowingDelay): string {
  const [free, first, max] = [limit.freeAttempts, limit.firstDelaySeconds, limit.maxDelaySeconds].map(sqlInteger);
  // min(…, 20) keeps the shift far from overflowing; the ceiling is reached long before.
  return `CASE WHEN count < ${free} THEN 0 ELSE min(${max}, ${first} << min(count - ${free}, 20)) END`;
}

/** SQL true while the attempt at the hit's key, counted earlier in the batch, was allowed. */
function allowedSoFar({ key, limit }: RateLimitHit, now: number): { sql: string; params: unknown[] } {
  // A growing delay's row holds the moment of the attempt it let through: this one's, if now (an
  // attempt refused in the same second as one let through is counted by the later keys too:
  // more counting, never less).
  return isGrowingDelay(limit)
    ? { sql: `(SELECT window_start FROM rate_limits WHERE key = ?) = ?`, params: [key, now] }
    : { sql: `(SELECT count FROM rate_limits WHERE key = ?) <= ?`, params: [key, limit.limit] };
}

/**
 * The statements counting one attempt at the hit's key: counted only while every key of
 * `before` (counted earlier in the same batch) still allows the attempt. A fixed window returns
 * its window_start and count; a growing delay returns its row (count and when the next attempt
 * may come) from a second statement, whether or not it let this attempt through.
 */
// Hand-written: an INSERT ... SELECT gated on subqueries, with ON CONFLICT ... WHERE and RETURNING, reads as the SQL it is.
function hitStatements(db: D1Database, hit: RateLimitHit, now: number, before: readonly RateLimitHit[]): D1PreparedStatement[] {
  const gates = before.map((earlier) => allowedSoFar(earlier, now));
  const gate = gates.map((g) => g.sql).join(" AND ") || "true";
  const gateParams = gates.flatMap((g) => g.params);
  const { key, limit } = hit;
  if (!isGrowingDelay(limit)) {
    return [
      db
        .prepare(
          `INSERT INTO rate_limits (key, window_start, count, expires_at) SELECT ?, ?, 1, ? WHERE ${gate}
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN window_start <= excluded.window_start - ${sqlInteger(limit.windowSeconds)} THEN 1 ELSE count + 1 END,
             expires_at = CASE WHEN window_start <= excluded.window_start - ${sqlInteger(limit.windowSeconds)} THEN excluded.expires_at ELSE expires_at END,
             window_start = CASE WHEN window_start <= excluded.window_start - ${sqlInteger(limit.windowSeconds)} THEN excluded.window_start ELSE window_start END
           RETURNING window_start, count`,
        )
        .bind(key, now, now + limit.windowSeconds, ...gateParams),
    ];
  }
  const delay = delayAfterLastAttempt(limit);
  return [
    // Let through (and counted) only once the wait after the last attempt is over; a count whose
    // forget time has come starts again at 1.
    db
      .prepare(
        `INSERT INTO rate_limits (key, window_start, count, expires_at) SELECT ?, ?, 1, ? WHERE ${gate}
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN expires_at <= excluded.window_start THEN 1 ELSE count + 1 END,
           window_start = excluded.window_start,
           expires_at = excluded.expires_at
         WHERE expires_at <= excluded.window_start OR window_start + ${delay} <= excluded.window_start
         RETURNING count`,
      )
      .bind(key, now, now + limit.forgetSeconds, ...gateParams),
    db.prepare(`SELECT count, window_start + ${delay} AS not_before FROM rate_limits WHERE key = ?1`).bind(key),
  ];
}

/** The hit's answer from its statements' results (one for a fixed window, two for a growing delay). */
function resultOf(limit: RateLimit | GrowingDelay, results: D1Result[], now: number): RateLimitResult {
  if (isGrowingDelay(limit)) {
    const claimed = results[0]!.results.length > 0;
    const row = results[1]!.results[0] as WaitRow | undefined;
    return { allowed: claimed, count: row?.count ?? 0, retryAfterSeconds: Math.max(1, (row?.not_before ?? now) - now) };
  }
  const row = results[0]!.results[0] as CountedRow | undefined;
  const count = row?.count ?? 1;
  const windowStart = row?.window_start ?? now;
  return { allowed: count <= limit.limit, count, retryAfterSeconds: Math.max(1, windowStart + limit.windowSeconds - now) };
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
  const statements = hits.map((hit, i) => hitStatements(db, hit, now, hits.slice(0, i)));
  const counted = await db.batch(statements.flat());
  let next = 0;
  const results = hits.map((hit, i) => {
    const own = counted.slice(next, (next += statements[i]!.length));
    return resultOf(hit.limit, own, now);
  });
  return results.find((result) => !result.allowed) ?? results.at(-1)!;
}

/** Forgets the keys' attempts (e.g. after a successful login): a statement for the caller's batch. */
export function clearRateLimits(db: D1Database, keys: readonly string[]) {
  return database(db).delete(rateLimits).where(inArray(rateLimits.key, [...keys]));
}

/**
 * Run by the cron: deletes the counts whose window has ended (they count nothing any more).
 * Every attempt with a new key adds a row, so without this the table only grows.
 */
export async function deleteExpiredRateLimits(db: D1Database): Promise<void> {
  await database(db).delete(rateLimits).where(lte(rateLimits.expiresAt, Math.floor(Date.now() / 1000)));
}

/** The address Cloudflare reports for the visitor ("local" when absent), as the audit log keeps it. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/**
 * The key the visitor's attempts are counted under: the address Cloudflare reports, an IPv6 one
 * by its /64 ("local" when absent: the local server, unless a test sets the header).
 */
export function clientKey(request: Request): string {
  return throttleKeyOfAddress(request.headers.get("CF-Connecting-IP"));
}

/**
 * Questions the finder answers (filters, near me, a narrowed map) that one address may ask per
 * minute when the edge cache holds no answer: each reads up to the finder's ceiling of rows, and
 * D1 answers one query at a time, so a burst of them would stall every other visitor.
 */
export const HEAVY_QUESTIONS: RateLimit = { limit: 60, windowSeconds: 60 };

/** The addresses wrangler dev reports for a client on this machine. */
const LOOPBACK = new Set(["127.0.0.1", "::1", "[::1]"]);

/**
 * Counts a finder question against the visitor's address (an IPv6 one by its /64) and throws a
 * 429 with Retry-After past HEAVY_QUESTIONS. Only a request the edge cache missed reaches it.
 */
export async function limitHeavyQuestion(db: D1Database, request: Request): Promise<void> {
  const key = clientKey(request);
  // Cloudflare names every visitor's address, never a loopback one: only the local server (its
  // tests and benchmark, on this machine) has none or a loopback one.
  if (key === "local" || LOOPBACK.has(clientAddress(request).trim())) return;
  const result = await hitRateLimit(db, `find:${key}`, HEAVY_QUESTIONS);
  if (result.allowed) return;
  throw Response.json(
    { error: "Too many searches from this address: try again in a minute." },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds), "Cache-Control": "no-store" } },
  );
}
