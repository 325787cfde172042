import { env } from "cloudflare:test";

/**
 * Runs `check` while part of the database cannot be read (a table renamed, an index dropped), and
 * puts it back afterwards whatever happens: how a page behaves when D1 fails under it.
 */
export async function whileBroken(breakSql: string, repairSql: string, check: () => Promise<void>): Promise<void> {
  await env.DB.prepare(breakSql).run();
  try {
    await check();
  } finally {
    await env.DB.prepare(repairSql).run();
  }
}

/** Runs `check` while `table` cannot be read (renamed away), and puts it back afterwards. */
export function whileTableUnreadable(table: string, check: () => Promise<void>): Promise<void> {
  return whileBroken(`ALTER TABLE ${table} RENAME TO ${table}_unreachable`, `ALTER TABLE ${table}_unreachable RENAME TO ${table}`, check);
}
