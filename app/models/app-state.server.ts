// Hand-written SQL: counters are read and moved by public requests and the cron (the builder costs about 95 µs of CPU per statement against under 1 µs for the string, scripts/bench/query-builder-cost.ts).

/** Counters kept in `app_state` (cache generation, sitemap rebuild requests); the edge cache reads its generations itself (cache.server.ts). */

/** Adds one to a counter in a single statement (two writers cannot lose an increment). */
export async function incrementAppCounter(db: D1Database, key: string): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO app_state (key, value) VALUES (?1, '1')
       ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1
       RETURNING value`,
    )
    .bind(key)
    .first<{ value: string | number }>();
  return Number(row?.value ?? 1);
}
