import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { foldForSearch } from "~/lib/search-fold";
import { searchTokens } from "~/lib/search-query";
import { indexedColumnSql, indexedCountrySql, indexedCountryWithCodeSql, indexedNameSql } from "../../scripts/search-fold-sql";

const migrationSql = (file: string) => readFileSync(new URL(`../fixtures/pre-squash-migrations/${file}`, import.meta.url), "utf8");

/** The columns a migration indexes with a folded copy (each CASE of indexedColumnSql, by the column it reads). */
const foldedColumns = (migration: string) => [...migration.matchAll(/CASE WHEN \(instr\((\S+), /g)].map((m) => m[1]!);

describe("search folding", () => {
  it("folds what the index's tokenizer keeps: apostrophes, letters that do not decompose, Greek and Cyrillic accents", () => {
    expect(foldForSearch("L'Aquila McDonald’s Işık İzmir Straße Tromsø Łódź Ακρόπολις Ёжик")).toBe(
      "LAquila McDonalds Işik Izmir Strasse Tromso Lódź Ακροπολισ Ежик",
    );
    expect(foldForSearch("Hotel Zürich")).toBe("Hotel Zürich");
  });

  it("folds a visitor's words after lower-casing, so a capital Σ ending a word folds as ς does", () => {
    expect(searchTokens("ΟΔΥΣΣΕΥΣ Οδυσσεύς IŞIK strasse")).toEqual(["οδυσσευσ", "οδυσσευσ", "işik", "strasse"]);
  });

  it("is what migration 0007 indexes: every indexed column's expression is written from the table", () => {
    const migration = migrationSql("0007_search_folded_copy.sql");
    const columns = foldedColumns(migration);
    // Insert, delete, update (old and new) and the re-index: five columns each.
    expect(columns).toHaveLength(25);
    for (const column of columns) expect(migration, column).toContain(indexedColumnSql(column));
  });

  it("is what migration 0010 indexes: the country column's code when it has no name, in every trigger and the re-index", () => {
    const migration = migrationSql("0010_search_country_code.sql");
    const countries = [...migration.matchAll(/CASE WHEN coalesce\((\w+\.)?country, ''\) = ''/g)].map((m) => m[1]?.slice(0, -1) ?? "");
    // Insert, delete, update (old and new) and the re-index.
    expect(countries).toEqual(["NEW", "OLD", "OLD", "NEW", ""]);
    for (const row of countries) expect(migration, row).toContain(indexedCountrySql(row as "NEW" | "OLD" | ""));
    const columns = foldedColumns(migration);
    // The four other columns in each of the six statements (the re-index's delete among them);
    // the country's CASE, checked above, starts with its code.
    expect(columns).toHaveLength(24);
    for (const column of columns) expect(migration, column).toContain(indexedColumnSql(column));
  });

  it("is what migration 0011 indexes: the name with its bigrams, the other columns as in 0010, in every trigger", () => {
    const migration = migrationSql("0011_search_cjk_bigrams.sql");
    const names = [...migration.matchAll(/\b(NEW|OLD)\.id,\n/g)].map((m) => m[1] as "NEW" | "OLD");
    // Insert, delete, update (old and new).
    expect(names).toEqual(["NEW", "OLD", "OLD", "NEW"]);
    for (const row of names) {
      expect(migration, row).toContain(`${row}.id,\n    ${indexedNameSql(row)},\n    ${indexedColumnSql(`${row}.type`)},`);
      expect(migration, row).toContain(indexedCountrySql(row));
    }
    const columns = foldedColumns(migration);
    // Name, type, category and city of the four statements; the country's CASE starts with its code.
    expect(columns).toHaveLength(16);
    for (const column of columns) expect(migration, column).toContain(indexedColumnSql(column));
    expect(migration).toContain("AFTER UPDATE OF name, search_bigrams, type, category, city, country, country_code ON businesses");
    // The summary half of the delete trigger is 0010's, unchanged.
    const summary = (sql: string) => sql.slice(sql.indexOf("CREATE TRIGGER businesses_ad "), sql.indexOf("INSERT INTO businesses_fts", sql.indexOf("CREATE TRIGGER businesses_ad ")));
    const before = migrationSql("0010_search_country_code.sql");
    expect(summary(migration)).toBe(summary(before));
  });
  it("is what migration 0018 indexes: the country with the code stored beside an unknown text, the other columns as in 0011, in every trigger", () => {
    const migration = migrationSql("0018_search_country_code_beside_unknown_text.sql");
    const before = migrationSql("0011_search_cjk_bigrams.sql");
    const rows = [...migration.matchAll(/\b(NEW|OLD)\.id,\n/g)].map((m) => m[1] as "NEW" | "OLD");
    // Insert, delete, update (old and new).
    expect(rows).toEqual(["NEW", "OLD", "OLD", "NEW"]);
    for (const row of rows) {
      expect(migration, row).toContain(`${row}.id,\n    ${indexedNameSql(row)},\n    ${indexedColumnSql(`${row}.type`)},`);
      expect(migration, row).toContain(`${indexedCountryWithCodeSql(row)});`);
    }
    // Only the country changed: each trigger is 0011's with the new country expression.
    const triggers = (sql: string) => sql.slice(sql.indexOf("DROP TRIGGER businesses_ai_search;"), sql.lastIndexOf("END;") + 4);
    let expected = triggers(before);
    for (const row of ["NEW", "OLD"] as const) expected = expected.split(indexedCountrySql(row)).join(indexedCountryWithCodeSql(row));
    expected = expected.replace("country, country_code ON businesses", "country, search_country_code, country_code ON businesses");
    expect(triggers(migration)).toBe(expected);
    expect(migration).toContain("AFTER UPDATE OF name, search_bigrams, type, category, city, country, search_country_code, country_code ON businesses");
  });
});
