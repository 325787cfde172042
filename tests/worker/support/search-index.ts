import { env } from "cloudflare:test";
import { DERIVED_COLUMNS, DERIVED_FROM, type DerivedFrom } from "~/lib/business/business-record";
import { indexedSearchText } from "../../support/search-index-text";

/**
 * The terms businesses_fts holds that the text derivedColumns gives the stored businesses does
 * not (`extra`), and the other way round (`missing`), compared term by term with a freshly built
 * index: both empty when the index is exactly what it should be for every row.
 */
export async function searchIndexDrift(): Promise<{ extra: unknown[]; missing: unknown[] }> {
  const rows = (await env.DB.prepare(`SELECT id, ${DERIVED_FROM.join(", ")} FROM businesses`).all<{ id: number } & DerivedFrom>()).results;
  const reference = rows.map((row) => {
    const text = indexedSearchText(row);
    return [row.id, text.name, text.type, text.category, text.city, text.country];
  });
  const [, , , , , , , extra, missing] = await env.DB.batch([
    env.DB.prepare(`DROP TABLE IF EXISTS temp_search_live_vocab`),
    env.DB.prepare(`DROP TABLE IF EXISTS temp_search_ref_vocab`),
    env.DB.prepare(`DROP TABLE IF EXISTS temp_search_ref`),
    env.DB.prepare(`CREATE VIRTUAL TABLE temp_search_ref USING fts5(name, type, category, city, country, tokenize = 'unicode61 remove_diacritics 2')`),
    env.DB.prepare(`CREATE VIRTUAL TABLE temp_search_live_vocab USING fts5vocab(businesses_fts, 'instance')`),
    env.DB.prepare(`CREATE VIRTUAL TABLE temp_search_ref_vocab USING fts5vocab(temp_search_ref, 'instance')`),
    env.DB.prepare(
      `INSERT INTO temp_search_ref (rowid, name, type, category, city, country)
       SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5 FROM json_each(?1) AS j`,
    ).bind(JSON.stringify(reference)),
    env.DB.prepare(`SELECT term, doc, col, offset FROM temp_search_live_vocab EXCEPT SELECT term, doc, col, offset FROM temp_search_ref_vocab LIMIT 5`),
    env.DB.prepare(`SELECT term, doc, col, offset FROM temp_search_ref_vocab EXCEPT SELECT term, doc, col, offset FROM temp_search_live_vocab LIMIT 5`),
  ]);
  return { extra: extra!.results, missing: missing!.results };
}

/** Every stored derived column of the businesses, by place id. */
export async function storedDerivedColumns(): Promise<Record<string, unknown>[]> {
  return (await env.DB.prepare(`SELECT place_id, ${DERIVED_COLUMNS.join(", ")} FROM businesses ORDER BY id`).all()).results;
}
