/**
 * Direct SQLite, the "physical limit" the pages are compared with. Node 20 has no node:sqlite,
 * so this drives the sqlite3 command-line shell on a snapshot of the D1 file.
 */
import { run } from "./server";

export const SQLITE_ENGINE = "sqlite3 CLI";

export function query<T = Record<string, unknown>>(file: string, sql: string): T[] {
  const out = run("sqlite3", ["-json", file, sql]).trim();
  return out ? (JSON.parse(out) as T[]) : [];
}

/** SQL text literal for a bound value (numbers stay numbers, like D1 binds them). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * Numbers the anonymous `?` placeholders (outside quotes and comments) so that every parameter
 * can be bound through the shell's parameter table: binding keeps the query plan the page gets.
 */
export function numberPlaceholders(sql: string): string {
  let out = "";
  let next = 1;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === "`") {
      const end = sql.indexOf(c, i + 1);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop + 1);
      i = stop;
    } else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === "?") {
      const digits = /^\d+/.exec(sql.slice(i + 1))?.[0];
      if (digits) {
        out += `?${digits}`;
        next = Math.max(next, Number(digits) + 1);
        i += digits.length;
      } else {
        out += `?${next++}`;
      }
    } else {
      out += c;
    }
  }
  return out;
}

export interface Statement {
  sql: string;
  params: unknown[];
}

function script(statements: readonly Statement[], repeats: number): string {
  const lines = [".bail on", ".param init", ".output /dev/null"];
  const body: string[] = [];
  for (const { sql, params } of statements) {
    const numbered = numberPlaceholders(sql.trim().replace(/;\s*$/, ""));
    const binds = params.map((value, i) => `INSERT OR REPLACE INTO temp.sqlite_parameters(key, value) VALUES ('?${i + 1}', ${literal(value)});`);
    body.push(...binds, `${numbered};`);
  }
  for (let r = 0; r < repeats; r++) lines.push(...body);
  return lines.join("\n") + "\n";
}

function elapsed(file: string, input: string): number {
  const started = performance.now();
  run("sqlite3", [file], { input });
  return performance.now() - started;
}

/**
 * Milliseconds one execution of `statements` takes on `file`: the shell runs them `repeats`
 * times in one process; the same process with no repetition is subtracted (start-up, parsing).
 * Statements that write are run inside a transaction that is rolled back, so the copy is unchanged.
 */
export function timeStatements(file: string, statements: readonly Statement[], targetMs = 300): { ms: number; repeats: number } {
  if (statements.length === 0) return { ms: 0, repeats: 0 };
  const wrap = (text: string) => `BEGIN;\n${text}ROLLBACK;\n`;
  const base = elapsed(file, wrap(script(statements, 0)));
  const probe = Math.max(0.05, elapsed(file, wrap(script(statements, 1))) - base);
  const repeats = Math.max(3, Math.min(2000, Math.round(targetMs / probe)));
  const total = elapsed(file, wrap(script(statements, repeats)));
  const baseAgain = elapsed(file, wrap(script(statements, 0)));
  return { ms: Math.max(0, total - Math.min(base, baseAgain)) / repeats, repeats };
}
