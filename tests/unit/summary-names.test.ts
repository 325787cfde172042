import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mixedCaseNameSql, oneCaseNameSql, summaryNameSql } from "~/lib/directory/summary-names";

const migrationSql = (file: string) => readFileSync(new URL(`../fixtures/pre-squash-migrations/${file}`, import.meta.url), "utf8");
const trigger = (sql: string) => sql.slice(sql.indexOf("CREATE TRIGGER summary_delta_apply"), sql.indexOf("\nEND;", sql.indexOf("CREATE TRIGGER summary_delta_apply")) + 5);

describe("summary display names", () => {
  it("are what migration 0013's trigger writes for categories and cities, the trigger being 0004's otherwise", () => {
    const migration = migrationSql("0013_summary_display_names.sql");
    const joining = `,\n    name = ${summaryNameSql("name", "excluded.name", "excluded.business_count > 0")};`;
    const current = trigger(migration);
    expect(current.split(joining)).toHaveLength(3);
    expect(current).toContain(`ON CONFLICT (slug) DO UPDATE SET business_count = business_count + excluded.business_count${joining}`);
    expect(current).toContain(`ON CONFLICT (country_code, slug) DO UPDATE SET business_count = business_count + excluded.business_count${joining}`);
    expect(current.replaceAll(joining, ";")).toBe(trigger(migrationSql("0004_page_anchors.sql")));
  });

  it("are what today's summary trigger writes for categories and cities", () => {
    const current = trigger(readFileSync(new URL("../../migrations/0001_summaries_and_search_text.sql", import.meta.url), "utf8"));
    const joining = `,\n    name = ${summaryNameSql("name", "excluded.name", "excluded.business_count > 0")};`;
    expect(current).toContain(`ON CONFLICT (slug) DO UPDATE SET business_count = business_count + excluded.business_count${joining}`);
    expect(current).toContain(`ON CONFLICT (country_code, slug) DO UPDATE SET business_count = business_count + excluded.business_count${joining}`);
  });

  it("are mended by migration 0013 from a mixed-case spelling of an approved business, where the kept one is replaceable", () => {
    const migration = migrationSql("0013_summary_display_names.sql");
    for (const [table, offered] of [["categories", "coalesce(b.type, b.category)"], ["cities", "b.city"]] as const) {
      const repair = migration.slice(migration.indexOf(`UPDATE ${table} SET name`));
      expect(repair.slice(0, repair.indexOf(";")), table).toContain(`AND ${mixedCaseNameSql(offered)}\n  LIMIT 1), name)\nWHERE ${oneCaseNameSql("name")}`);
    }
  });
});
