import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { GENERATION_TRUST_MS } from "../../../app/models/cache.server";
import { wranglerEnv } from "../../../scripts/wrangler-env.mjs";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * Runs SQL against the e2e server's local D1 (same state directory), then clears the edge cache
 * by bumping its generation, and waits until the running Worker stops trusting the generation
 * it last read (as any other isolate would).
 */
export function runSql(stateDir: string, sql: string) {
  const directory = mkdtempSync(path.join(tmpdir(), "public-e2e-"));
  const file = path.join(directory, "statements.sql");
  writeFileSync(file, `${sql}\nINSERT INTO app_state (key, value) VALUES ('cache_generation', '1') ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1;\n`);
  // spawnSync reports a failure in its result rather than throwing.
  const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file], { cwd: root, env: wranglerEnv, encoding: "utf8" });
  rmSync(directory, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`d1 execute failed:\n${result.stdout}\n${result.stderr}`);
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
