/**
 * The SQL of the indexed columns of migrations 0007, 0010, 0011 and 0018, written from
 * app/lib/search-fold.ts: a column is indexed as it reads and, when it holds a SEARCH_FOLDS
 * character, once more folded. The unit test tests/unit/search-fold.test.ts checks the
 * migrations against this, so the table and the index cannot drift apart; a change to the table
 * needs a new migration written with it.
 * `npx tsx scripts/search-fold-sql.ts` prints the expression of NEW.name as an example.
 */
import { SEARCH_FOLDS } from "../app/lib/search-fold";

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** D1 refuses a LIKE or GLOB pattern over 50 bytes ("pattern too complex"). */
const MAX_PATTERN_BYTES = 50;

/** GLOB patterns that together match a text holding any character SEARCH_FOLDS folds. */
const FOLDABLE_GLOBS = SEARCH_FOLDS.reduce<string[][]>((groups, [from]) => {
  const last = groups.at(-1);
  const bytes = (chars: string[]) => new TextEncoder().encode(`*[${chars.join("")}]*`).length;
  if (last && bytes([...last, from]) <= MAX_PATTERN_BYTES) last.push(from);
  else groups.push([from]);
  return groups;
}, []).map((chars) => quoted(`*[${chars.join("")}]*`));

/**
 * True (in SQL) when `column` holds a character SEARCH_FOLDS folds. The GLOBs cost a few times
 * the index write itself, so a text that is ASCII without an apostrophe or backtick (most
 * columns) is passed first: its byte length equals its length in characters.
 */
function holdsFoldableSql(column: string): string {
  const maybe = `instr(${column}, ${quoted("'")}) OR instr(${column}, ${quoted("`")}) OR length(CAST(${column} AS BLOB)) <> length(${column})`;
  return `(${maybe}) AND (${FOLDABLE_GLOBS.map((glob) => `${column} GLOB ${glob}`).join(" OR ")})`;
}

/**
 * replace() calls nested in one expression. SQLite's parser stack (100 entries in a default
 * build, as in the sqlite3 command-line tool the seeder uses on the D1 file) overflows past about
 * 30, so the folds run in layers of subqueries, each nesting at most this many.
 */
const REPLACES_PER_LAYER = 12;

/** The indexed value of `column` (e.g. "NEW.name"): the text, then its folded copy if it differs. */
export function indexedColumnSql(column: string): string {
  return `CASE ${foldedCopyBranchesSql(column)} END`;
}

/** The WHEN … ELSE of indexedColumnSql's CASE. */
function foldedCopyBranchesSql(column: string): string {
  let folded = column;
  for (let start = 0; start < SEARCH_FOLDS.length; start += REPLACES_PER_LAYER) {
    const layer = SEARCH_FOLDS.slice(start, start + REPLACES_PER_LAYER);
    const inner = start === 0 ? column : "f";
    const chain = layer.reduce((sql, [from, to]) => `replace(${sql}, ${quoted(from)}, ${quoted(to)})`, inner);
    folded = start === 0 ? `SELECT ${chain} AS f` : `SELECT ${chain} AS f FROM (${folded})`;
  }
  return `WHEN ${holdsFoldableSql(column)} THEN ${column} || ' ' || (${folded}) ELSE ${column}`;
}

/** A trigger's NEW or OLD row, or "" for the table's own columns (a re-index in a migration). */
type TriggerRow = "NEW" | "OLD" | "";

function rowColumn(row: TriggerRow, name: string): string {
  return row ? `${row}.${name}` : name;
}

/**
 * The indexed value of a row's country (`row` "NEW", "OLD", or "" for the table's own columns):
 * as above, or, when the file gave no country name (the upload template has only country_code),
 * the code, so a search narrowed to the country by any of its names finds the business (migration
 * 0010).
 */
export function indexedCountrySql(row: TriggerRow): string {
  const column = (name: string) => rowColumn(row, name);
  return `CASE WHEN coalesce(${column("country")}, '') = '' THEN ${column("country_code")} ${foldedCopyBranchesSql(column("country"))} END`;
}

/**
 * The indexed value of a row's country since migration 0018: as indexedCountrySql, then the code
 * the writer stored when the country text is in a language the site does not know
 * (search_country_code, app/lib/country-names.ts countryCodeToIndex; decision 101). A row without
 * it (NULL) is indexed as before.
 */
export function indexedCountryWithCodeSql(row: TriggerRow): string {
  return `${indexedCountrySql(row)} || coalesce(' ' || ${rowColumn(row, "search_country_code")}, '')`;
}

/**
 * The indexed value of a row's name: as indexedColumnSql, then the bigrams of its Chinese,
 * Japanese or Korean runs that the writer stored (app/lib/search-inner-words.ts; migration 0011).
 * A row without them (NULL) is indexed as before.
 */
export function indexedNameSql(row: TriggerRow): string {
  return `${indexedColumnSql(rowColumn(row, "name"))} || coalesce(' ' || ${rowColumn(row, "search_bigrams")}, '')`;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(indexedColumnSql("NEW.name"));
