import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { sqliteCli } from "../../scripts/local-database.mjs";

// The migrations (a baseline generated from app/db/schema.ts, a hand-written file for FTS,
// triggers and expression indexes, then every migration since) build the database the schema
// describes: the app's row types come from the schema, so the two must not drift apart.
const root = path.resolve(import.meta.dirname, "../..");
const MIGRATIONS = readdirSync(path.join(root, "migrations"))
  .filter((file) => file.endsWith(".sql"))
  .sort()
  .map((file) => path.join(root, "migrations", file));
const work = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function build(): string {
  const database = path.join(work, "migrated.db");
  for (const file of MIGRATIONS) sqliteCli(database, readFileSync(file, "utf8").replaceAll("--> statement-breakpoint", ""));
  return database;
}

describe("the migrations", () => {
  const database = build();
  const rows = (query: string) => sqliteCli(database, `${query};`).trim().split("\n").filter(Boolean);

  it("build every table, column and index of app/db/schema.ts", () => {
    const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => value instanceof SQLiteTable);
    expect(tables.length).toBeGreaterThan(10);
    for (const table of tables) {
      const config = getTableConfig(table);
      const columns = rows(`SELECT name FROM pragma_table_info('${config.name}')`).sort();
      expect(columns, config.name).toEqual(config.columns.map((column) => column.name).sort());
      const indexes = rows(`SELECT name FROM pragma_index_list('${config.name}') WHERE origin = 'c'`);
      for (const index of config.indexes) expect(indexes, `${config.name}: ${index.config.name}`).toContain(index.config.name);
    }
  });

  it("start the directory's totals at one row of zeros, with the search index and its triggers", () => {
    expect(rows("SELECT * FROM directory_totals")).toEqual(["1|0|0|0|0|0|0|0"]);
    expect(rows("SELECT name FROM sqlite_master WHERE name = 'businesses_fts'")).toEqual(["businesses_fts"]);
    expect(rows("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'businesses'").map(Number)[0]).toBeGreaterThan(3);
  });

  it("define each trigger in exactly one CREATE TRIGGER across migrations/", () => {
    const names = MIGRATIONS.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/create trigger (?:if not exists )?["`]?(\w+)/gi)].map((m) => m[1]!.toLowerCase()));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
