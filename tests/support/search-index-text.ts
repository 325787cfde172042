/**
 * The text businesses_fts holds in each column for a business, from its own fields: the column's
 * text, then the forms derivedColumns stores beside it, as the triggers of
 * migrations/0001_summaries_and_search_text.sql copy them. Tests build a reference index with it,
 * so neither the triggers nor a writer can drift from derivedColumns unseen. Pure.
 */
import { derivedColumns, type DerivedFrom } from "~/lib/business/business-record";
import type { SearchColumn } from "~/lib/search/search-rank";

export function indexedSearchText(business: DerivedFrom): Record<SearchColumn, string> {
  const d = derivedColumns(business);
  const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(" ");
  return {
    name: join(business.name, d.name_folded, d.name_inner_words),
    type: join(business.type, d.type_folded),
    category: join(business.category, d.category_folded),
    city: join(business.city, d.city_folded),
    country: join(business.country, d.country_folded, d.search_country_code),
  };
}
