/**
 * The name a category or city shows is the spelling of the first business filed under it (its
 * slug), so a file that wrote "ISTANBUL" or "hotel" first named the entry for good. A later
 * business's spelling in mixed case now replaces a kept name in one case only (decision 092):
 * all capitals longer than 3 characters (USA, NYC stay), or all lower case from a Latin letter
 * on. SQLite's upper() and lower() change ASCII letters only, so "İSTANBUL" counts as capitals,
 * "İstanbul" as mixed case (it has a small letter and does not start with one) and "東京" as
 * neither (never replaced, never replacing). Pure: SQL text.
 */

/** SQL: true when `name` is all lower case from a Latin letter on ("hotel", not "İstanbul"). */
const lowerCaseNameSql = (name: string) => `(${name} = lower(${name}) AND ${name} GLOB '[a-z]*')`;
/** SQL: true when `name` is a kept name a mixed-case spelling replaces (the migration's repair too). */
export const oneCaseNameSql = (name: string) => `((${name} = upper(${name}) AND length(${name}) > 3) OR ${lowerCaseNameSql(name)})`;
/** SQL: true when `name` is a spelling that may replace one. */
export const mixedCaseNameSql = (name: string) => `(${name} <> upper(${name}) AND NOT ${lowerCaseNameSql(name)})`;

/**
 * SQL: the entry's name once a business named `offered` joins it (`joining`, a condition, so a
 * business leaving never renames it): `offered` where it is in mixed case and `kept` is not.
 * The summary trigger's rule (migrations/0001_summaries_and_search_text.sql), held to this text by
 * tests/unit/summary-names.test.ts.
 */
export function summaryNameSql(kept: string, offered: string, joining: string): string {
  return `CASE WHEN ${joining} AND ${mixedCaseNameSql(offered)} AND ${oneCaseNameSql(kept)} THEN ${offered} ELSE ${kept} END`;
}
