const GENERATION_KEY = "cache_generation";

/**
 * The edge cache is keyed on this number: bumping it makes every cached page and API answer
 * unreachable at once, everywhere, without enumerating keys.
 */
export async function getCacheGeneration(db: D1Database): Promise<number> {
  const row = await db.prepare(`SELECT value FROM app_state WHERE key = ?1`).bind(GENERATION_KEY).first<{ value: string }>();
  return row ? Number(row.value) : 0;
}

export async function bumpCacheGeneration(db: D1Database): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO app_state (key, value) VALUES (?1, '1')
       ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1
       RETURNING value`,
    )
    .bind(GENERATION_KEY)
    .first<{ value: string | number }>();
  return Number(row?.value ?? 1);
}
