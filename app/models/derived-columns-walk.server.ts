/**
 * The columns a business's writer derives in JavaScript (derivedColumns: the forms the search
 * index holds beside each column's text, its name's sort key, its map cell) are re-derived for every stored
 * business when their definition changes.
 * The definition's version (DERIVED_COLUMNS_VERSION) is kept in app_state: when the code's differs,
 * a walk is due from the first row; the queue walks the table by id a step at a time, writes what
 * each row lacks (the update trigger re-indexes the row when a search column changes) and drops
 * the cursor at the end. Changing a derivation is one code change: no migration, no new cursor.
 */
import { DERIVED_COLUMNS, DERIVED_COLUMNS_VERSION, DERIVED_FROM, derivedColumns, type BusinessRow, type DerivedColumn, type DerivedFrom } from "~/lib/business/business-record";
import { sqlParams } from "./sql-params.server";

const CURSOR_KEY = "derived_columns_walk_after";
const VERSION_KEY = "derived_columns_version";

/** Rows read per step: a dozen short columns each, so a step stays far inside a queue delivery. */
export const WALK_ROWS_PER_STEP = 2000;

/** The walk's cursor (the last id walked), or null when no walk is due. */
async function readCursor(db: D1Database): Promise<string | null> {
  return (await db.prepare(`SELECT value FROM app_state WHERE key = ?1`).bind(CURSOR_KEY).first<{ value: string }>())?.value ?? null;
}

/**
 * Whether a walk is due, after starting one from the first row when the stored derivation
 * version is not `version` (a new database has none, and walks its few rows once). One batch, so
 * the version is recorded only together with the walk it asks for.
 */
export async function derivedColumnsWalkDue(db: D1Database, version = DERIVED_COLUMNS_VERSION): Promise<boolean> {
  const [, , cursor] = await db.batch([
    db
      .prepare(
        `INSERT INTO app_state (key, value) SELECT ?1, '0' WHERE NOT EXISTS (SELECT 1 FROM app_state WHERE key = ?2 AND value = ?3)
         ON CONFLICT (key) DO UPDATE SET value = '0'`,
      )
      .bind(CURSOR_KEY, VERSION_KEY, String(version)),
    db.prepare(`INSERT INTO app_state (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).bind(VERSION_KEY, String(version)),
    db.prepare(`SELECT value FROM app_state WHERE key = ?1`).bind(CURSOR_KEY),
  ]);
  return cursor!.results.length > 0;
}

export interface WalkStep {
  /** Businesses given their derived columns in this step. */
  updated: number;
  /** Another step is due: this one moved the cursor and the table goes on. */
  more: boolean;
}

type WalkedRow = { id: number } & DerivedFrom & Pick<BusinessRow, DerivedColumn>;

/**
 * One step: the next `limit` businesses after the cursor, each whose stored derived columns are
 * not what its writer would give it now, and the cursor moved past them (dropped at the table's
 * end), all in one transaction. The cursor moves only from the value this step read, so of two
 * chains of steps started at once (a cron's message beside a running walk) one stops; a business
 * an import wrote meanwhile keeps what the import wrote. Null when no walk is due.
 */
export async function walkDerivedColumnsStep(db: D1Database, limit = WALK_ROWS_PER_STEP): Promise<WalkStep | null> {
  const cursor = await readCursor(db);
  if (cursor === null) return null;
  const rows = (
    await db
      .prepare(`SELECT id, ${[...DERIVED_FROM, ...DERIVED_COLUMNS].join(", ")} FROM businesses WHERE id > ?1 ORDER BY id LIMIT ?2`)
      .bind(Number(cursor), limit)
      .all<WalkedRow>()
  ).results;
  const more = rows.length === limit;
  const moveCursor = more
    ? db.prepare(`UPDATE app_state SET value = ?3 WHERE key = ?1 AND value = ?2 RETURNING key`).bind(CURSOR_KEY, cursor, String(rows.at(-1)!.id))
    : db.prepare(`DELETE FROM app_state WHERE key = ?1 AND value = ?2 RETURNING key`).bind(CURSOR_KEY, cursor);
  const updates = rows.flatMap((row) => {
    const derived = derivedColumns(row);
    // Only what differs is set: a search column set (even to its value) re-indexes the row.
    const changed = DERIVED_COLUMNS.filter((column) => derived[column] !== row[column]);
    if (changed.length === 0) return [];
    // Guarded by what was read: a row an import wrote meanwhile is left as the import wrote it.
    const { params, param } = sqlParams();
    const read = [`id = ${param(row.id)}`, ...[...DERIVED_FROM, ...DERIVED_COLUMNS].map((column) => `${column} IS ${param(row[column])}`)];
    const set = changed.map((column) => `${column} = ${param(derived[column])}`);
    return db.prepare(`UPDATE businesses SET ${set.join(", ")} WHERE ${read.join(" AND ")} RETURNING id`).bind(...params);
  });
  // Counted by RETURNING: D1's changes count the index rows the update trigger writes too.
  const [moved, ...updated] = await db.batch([moveCursor, ...updates]);
  // Another chain moved the cursor first: its steps go on, this one's end (its writes were the same).
  if (moved!.results.length === 0) return { updated: 0, more: false };
  return { updated: updated.reduce((sum, answer) => sum + answer.results.length, 0), more };
}
