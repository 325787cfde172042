import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sqliteCli } from "../../scripts/local-database.mjs";

// The migrations 0000–0019 were squashed into a baseline (drizzle-kit's tables and indexes, and a
// hand-written file for FTS, triggers and expression indexes). The old chain is kept as a test
// fixture: both must build the same database, so nothing was lost in the squash, save the
// changes listed below, each made on purpose after it.
const root = path.resolve(import.meta.dirname, "../..");
const OLD_CHAIN = path.join(root, "tests/fixtures/pre-squash-migrations");
const BASELINE = ["0000_baseline.sql", "0001_summaries_and_search_text.sql"].map((file) => path.join(root, "migrations", file));

// The search text's forms moved from trigger SQL into columns derivedColumns writes (decision 091):
const RENAMED_COLUMNS: Record<string, Record<string, string>> = {
  // it holds CJK bigrams, Thai/Lao/Burmese words and Khmer clusters: the name's inner words;
  businesses: { search_bigrams: "name_inner_words" },
};
const ADDED_COLUMNS: Record<string, string[]> = {
  // each searched column's folded copy, stored by its writer;
  businesses: ["name_folded", "type_folded", "category_folded", "city_folded", "country_folded"],
};
// a job's identities belong to it: a step of a job that is gone writes none, and they leave with it.
const ADDED_FOREIGN_KEYS: Record<string, string> = {
  upload_job_keys: "0|0|upload_jobs|job_id|id|no action|cascade|none",
};
const SEARCH_TRIGGER_REASON = "indexes the stored forms instead of folding in SQL";
/** Triggers rewritten on purpose, with why; the summary half of businesses_ad stays as it was, its search half moved out. */
const CHANGED_TRIGGERS: Record<string, string> = {
  businesses_ai_search: SEARCH_TRIGGER_REASON,
  businesses_ad: SEARCH_TRIGGER_REASON,
  businesses_au_search: SEARCH_TRIGGER_REASON,
};
const work = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sqlite = sqliteCli;

function build(name: string, files: string[]): string {
  const database = path.join(work, `${name}.db`);
  for (const file of files) sqlite(database, readFileSync(file, "utf8").replaceAll("--> statement-breakpoint", ""));
  return database;
}

/** SQL text compared without quoting, case or layout. */
const normal = (sql: string | null) => (sql ?? "").replace(/[`"]/g, "").replace(/\s+/g, " ").replace(/\s*([(),=])\s*/g, "$1").trim().toLowerCase();

/** What a database is, independent of how its statements were written. */
function describeSchema(database: string) {
  const objects = JSON.parse(sqlite(database, ".mode json\nSELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name;") || "[]") as { type: string; name: string; tbl_name: string; sql: string | null }[];
  const tables = objects.filter((o) => o.type === "table" && !o.name.startsWith("sqlite_") && !o.name.startsWith("businesses_fts_"));
  const pragma = (query: string) => sqlite(database, `${query};`).trim().toLowerCase();
  return {
    tables: Object.fromEntries(
      tables.map((table) => [
        table.name,
        table.sql!.includes("VIRTUAL TABLE")
          ? normal(table.sql)
          : {
              // By name, without the position: a column's place in the table changes nothing.
              columns: pragma(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info('${table.name}')`).split("\n").sort(),
              foreignKeys: pragma(`PRAGMA foreign_key_list(${table.name})`),
              // Unique and primary-key constraints show as automatic indexes.
              constraints: pragma(`SELECT name, "unique", origin, partial FROM pragma_index_list('${table.name}') WHERE origin != 'c' ORDER BY name`),
              autoincrement: /autoincrement/i.test(table.sql!),
            },
      ]),
    ),
    indexes: Object.fromEntries(objects.filter((o) => o.type === "index" && o.sql).map((o) => [o.name, normal(o.sql)])),
    triggers: Object.fromEntries(objects.filter((o) => o.type === "trigger").map((o) => [o.name, normal(o.sql)])),
    views: Object.fromEntries(objects.filter((o) => o.type === "view").map((o) => [o.name, normal(o.sql)])),
    directoryTotals: pragma("SELECT * FROM directory_totals"),
  };
}

type Schema = ReturnType<typeof describeSchema>;
type TableShape = { columns: string[] };

/**
 * The bulk writes' summary deferral is gone since the squash, its table and the triggers'
 * conditions on it, and the summary triggers add to the totals directly (decision 114).
 */
const SINCE_SQUASH = {
  droppedTables: ["summary_deferral"],
  droppedTriggers: ["categories_business_count_ai", "categories_business_count_au", "categories_business_count_ad", "cities_business_count_ai", "cities_business_count_au", "cities_business_count_ad"],
  // Entries joining or leaving a list are counted by summary_delta_apply itself, once, instead of
  // by a pair of triggers on each summary table.
  countedInSummaryTrigger: ["categories", "countries", "cities", "category_country_counts", "city_category_counts"].flatMap((table) => [`${table}_ai`, `${table}_ad`]),
  rewrittenTriggers: ["summary_delta_apply"],
  // The search text is defined once, in a view; the index's old text leaves before a row changes or goes.
  addedTriggers: ["businesses_bd_search", "businesses_bu_search"],
  addedViews: ["business_search_text"],
  withoutDeferral: (sql: string) =>
    sql.replace(/ when not exists\(select 1 from summary_deferral where (new|old)\.id > after_id\)/g, " ").replace(/ and not exists\(select 1 from summary_deferral where old\.id > after_id\)/g, ""),
};

/** The old chain's schema without what was dropped or rewritten on purpose since the squash. */
function asChangedSinceSquash(schema: Schema): Schema {
  const tables = Object.fromEntries(Object.entries(schema.tables).filter(([name]) => !SINCE_SQUASH.droppedTables.includes(name)));
  const triggers = Object.fromEntries(
    Object.entries(schema.triggers)
      .filter(([name]) => ![...SINCE_SQUASH.droppedTriggers, ...SINCE_SQUASH.countedInSummaryTrigger, ...SINCE_SQUASH.rewrittenTriggers].includes(name))
      .map(([name, sql]) => [name, SINCE_SQUASH.withoutDeferral(sql)]),
  );
  return { ...schema, tables, triggers };
}

/** The old chain's tables with the columns renamed and added since (a nullable text column each) and the foreign keys added. */
function withIntendedChanges(tables: Schema["tables"]): Schema["tables"] {
  return Object.fromEntries(
    Object.entries(tables).map(([name, table]) => {
      if (typeof table === "string") return [name, table];
      const renamed = table.columns.map((column) => {
        const [columnName, ...rest] = column.split("|");
        return [RENAMED_COLUMNS[name]?.[columnName!] ?? columnName, ...rest].join("|");
      });
      const added = (ADDED_COLUMNS[name] ?? []).map((column) => `${column}|text|0||0`);
      return [name, { ...table, columns: [...renamed, ...added].sort(), foreignKeys: ADDED_FOREIGN_KEYS[name] ?? table.foreignKeys }];
    }),
  );
}

/** A trigger's statements before it writes the search index: its summary half. */
const beforeSearchIndex = (trigger: string) => trigger.slice(0, trigger.includes("insert into businesses_fts") ? trigger.indexOf("insert into businesses_fts") : trigger.lastIndexOf("end")).trim();

describe("the squashed migrations", () => {
  const oldChain = readdirSync(OLD_CHAIN).filter((file) => file.endsWith(".sql")).sort().map((file) => path.join(OLD_CHAIN, file));
  const chain = describeSchema(build("chain", oldChain));
  const before = asChangedSinceSquash(chain);
  const built = describeSchema(build("baseline", BASELINE));
  const after = {
    ...built,
    triggers: Object.fromEntries(Object.entries(built.triggers).filter(([name]) => ![...SINCE_SQUASH.rewrittenTriggers, ...SINCE_SQUASH.addedTriggers].includes(name))),
    views: Object.fromEntries(Object.entries(built.views).filter(([name]) => !SINCE_SQUASH.addedViews.includes(name))),
  };

  it("build the same tables, columns, constraints and indexes as the old chain, with the columns and foreign keys added since", () => {
    expect(oldChain).toHaveLength(20);
    const expected = withIntendedChanges(before.tables);
    // The old chain had none of the added foreign keys: the list above is not stale.
    for (const name of Object.keys(ADDED_FOREIGN_KEYS)) expect((chain.tables[name] as { foreignKeys: string }).foreignKeys).toBe("");
    expect(Object.keys(after.tables).sort()).toEqual(Object.keys(expected).sort());
    for (const name of Object.keys(expected)) expect({ name, ...Object(after.tables[name]) }).toEqual({ name, ...Object(expected[name]) });
    // The old chain had the renamed column: the list above is not stale.
    expect((chain.tables.businesses as TableShape).columns.some((column) => column.startsWith("search_bigrams|"))).toBe(true);
    expect(after.indexes).toEqual(before.indexes);
  });

  it("define the same triggers and views, and the one row of directory totals, save the triggers rewritten on purpose", () => {
    for (const name of SINCE_SQUASH.rewrittenTriggers) expect(built.triggers[name], name).toBeDefined();
    for (const name of [...SINCE_SQUASH.droppedTriggers, ...SINCE_SQUASH.countedInSummaryTrigger]) expect(built.triggers[name], name).toBeUndefined();
    for (const name of SINCE_SQUASH.addedTriggers) expect(built.triggers[name], name).toContain("business_search_text");
    expect(built.triggers.businesses_ad, "businesses_ad").not.toContain("businesses_fts");
    expect(Object.keys(after.triggers).sort()).toEqual(Object.keys(before.triggers).sort());
    const unchanged = (triggers: Record<string, string>) => Object.fromEntries(Object.entries(triggers).filter(([name]) => !(name in CHANGED_TRIGGERS)));
    expect(unchanged(after.triggers)).toEqual(unchanged(before.triggers));
    for (const name of Object.keys(CHANGED_TRIGGERS)) {
      expect(after.triggers[name], name).not.toBe(before.triggers[name]);
      // Copied from the stored forms, never folded by replace() again.
      expect(after.triggers[name], name).not.toContain("replace(");
    }
    expect(beforeSearchIndex(after.triggers.businesses_ad!)).toBe(beforeSearchIndex(before.triggers.businesses_ad!));
    expect(beforeSearchIndex(after.triggers.businesses_ad!)).toContain("summary_delta");
    expect(after.views).toEqual(before.views);
    expect(after.directoryTotals).toBe("1|0|0|0|0|0|0|0");
    expect(after.directoryTotals).toBe(before.directoryTotals);
  });

  it("define each trigger in exactly one CREATE TRIGGER across migrations/", () => {
    const names = readdirSync(path.join(root, "migrations"))
      .filter((file) => file.endsWith(".sql"))
      .flatMap((file) => [...readFileSync(path.join(root, "migrations", file), "utf8").matchAll(/create trigger (?:if not exists )?["`]?(\w+)/gi)].map((m) => m[1]!.toLowerCase()));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
