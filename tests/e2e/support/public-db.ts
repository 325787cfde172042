import type { Page } from "playwright-core";
import { GENERATION_TRUST_MS } from "../../../app/models/cache.server";
import { d1File, sqliteCli } from "../../../scripts/local-database.mjs";

/**
 * Runs SQL against the e2e server's local D1 file with the sqlite3 tool (a test prerequisite; in
 * milliseconds, where `wrangler d1 execute` takes seconds of CPU), then clears the edge cache by
 * bumping its generation, and waits until the running Worker stops trusting the generation it
 * last read (as any other isolate would).
 */
export function runSql(stateDir: string, sql: string) {
  // The running Worker may hold the file's lock for a moment: wait for it rather than fail.
  const statements = `.timeout 10000\nBEGIN IMMEDIATE;\n${sql}\nINSERT INTO app_state (key, value) VALUES ('cache_generation', '1') ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1;\nCOMMIT;\n`;
  sqliteCli(d1File(stateDir), statements);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, GENERATION_TRUST_MS + 100);
}

export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Collects console errors and page errors (hydration failures are reported there). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}
