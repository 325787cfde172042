/**
 * The inner words (search_bigrams) of businesses stored before their names had them (decisions
 * 091, 094, 095). Such a row keeps search_bigrams NULL and is indexed as before, so "酒店" does
 * not find "上海外滩酒店" until the row is written again. Migrations 0012, 0014 and 0015 leave a
 * cursor in app_state when such rows exist; the queue walks the table from it by id, a step at a
 * time, writes each name's inner words (app/lib/search-inner-words.ts; the update trigger
 * re-indexes the row) and drops the cursor at the end. They come from JavaScript (Unicode
 * scripts, NFKC, ICU's word breaker), which SQL cannot compute.
 */
import { nameInnerWords } from "~/lib/search-inner-words";

const CURSOR_KEY = "search_bigrams_backfill_after";

/** Rows read per step: names only, so a step stays far inside a queue delivery. */
export const BACKFILL_ROWS_PER_STEP = 2000;

/** The walk's cursor (the last id walked), or null when no walk is due. */
async function readCursor(db: D1Database): Promise<string | null> {
  return (await db.prepare(`SELECT value FROM app_state WHERE key = ?1`).bind(CURSOR_KEY).first<{ value: string }>())?.value ?? null;
}

/** Whether a walk is due (the cursor is there). */
export async function searchBigramsBackfillDue(db: D1Database): Promise<boolean> {
  return (await readCursor(db)) !== null;
}

export interface BackfillStep {
  /** Businesses given their inner words in this step. */
  updated: number;
  /** Another step is due: this one moved the cursor and the table goes on. */
  more: boolean;
}

/**
 * One step: the next `limit` businesses after the cursor, each whose stored inner words are not
 * its name's given them, and the cursor moved past them (dropped at the table's end), all in one
 * transaction. The cursor moves only from the value this step read, so of two chains of steps
 * started at once (a cron's message beside a running walk) one stops; a business an import
 * renamed meanwhile keeps what the import wrote. Null when no walk is due.
 */
export async function backfillSearchBigramsStep(db: D1Database, limit = BACKFILL_ROWS_PER_STEP): Promise<BackfillStep | null> {
  const cursor = await readCursor(db);
  if (cursor === null) return null;
  const rows = (
    await db
      .prepare(`SELECT id, name, search_bigrams FROM businesses WHERE id > ?1 ORDER BY id LIMIT ?2`)
      .bind(Number(cursor), limit)
      .all<{ id: number; name: string; search_bigrams: string | null }>()
  ).results;
  const more = rows.length === limit;
  const moveCursor = more
    ? db.prepare(`UPDATE app_state SET value = ?3 WHERE key = ?1 AND value = ?2 RETURNING key`).bind(CURSOR_KEY, cursor, String(rows.at(-1)!.id))
    : db.prepare(`DELETE FROM app_state WHERE key = ?1 AND value = ?2 RETURNING key`).bind(CURSOR_KEY, cursor);
  const updates = rows
    .map((row) => ({ ...row, innerWords: nameInnerWords(row.name) }))
    .filter((row) => row.innerWords !== row.search_bigrams)
    .map((row) =>
      db
        .prepare(`UPDATE businesses SET search_bigrams = ?2 WHERE id = ?1 AND name = ?3 AND search_bigrams IS ?4 RETURNING id`)
        .bind(row.id, row.innerWords, row.name, row.search_bigrams),
    );
  // Counted by RETURNING: D1's changes count the index rows the update trigger writes too.
  const [moved, ...updated] = await db.batch([moveCursor, ...updates]);
  // Another chain moved the cursor first: its steps go on, this one's end (its writes were the same).
  if (moved!.results.length === 0) return { updated: 0, more: false };
  return { updated: updated.reduce((sum, answer) => sum + answer.results.length, 0), more };
}
