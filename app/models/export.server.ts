import { csvRow, UTF8_BOM, type CsvValue } from "~/lib/admin/csv";
import { EXPORT_COLUMNS, type CreatedBetween, type ExportColumn } from "~/lib/admin/export-options";
import { sqlParams } from "./sql-params.server";

// Hand-written SQL: INDEXED BY, `+column` terms and json_each joins that keep each export statement's rows read bounded; the builder writes none of them.

export interface ExportFilter {
  /** Upper-case ISO code, or undefined for every country. */
  countryCode?: string;
  /** Category slugs; empty means every category. */
  categorySlugs: string[];
  created: CreatedBetween;
}

/** One header cell per requested column; `labels` renames them (the earlier dialog). */
export interface ExportRequest {
  columns: readonly ExportColumn[];
  labels?: readonly string[];
  filter: ExportFilter;
}

/**
 * Rows a page statement reads. D1 answers at most 1,000 queries per Worker invocation, and the
 * export streams in one: 5,000 rows a page keeps 2,000,000 businesses at about 400 pages plus
 * the windows (docs/local-vs-production.md), while a page stays a few MB.
 */
export const EXPORT_PAGE_SIZE = 5000;

type ExportRow = Record<ExportColumn, CsvValue>;

const TIMESTAMP_COLUMNS = new Set<ExportColumn>(["created_at", "updated_at"]);
const BOOLEAN_COLUMNS = new Set<ExportColumn>(["verified"]);

function cellValue(column: ExportColumn, value: CsvValue): CsvValue {
  if (value === null || value === undefined) return null;
  if (TIMESTAMP_COLUMNS.has(column)) return new Date(Number(value) * 1000).toISOString();
  if (BOOLEAN_COLUMNS.has(column)) return value === 1 || value === true;
  return value;
}

/**
 * Rows one statement reads at most. A filter that matches few businesses walks the table in
 * windows of this many ids, each a bounded read, rather than in one read of 2,000,000 rows (a
 * window with no match costs one short statement); a category or a date range with fewer
 * matches than this is read through its own index instead, while that reads less (planExport).
 */
export const EXPORT_SCAN_WINDOW = 50_000;

/** The filters that have an index of their own (decision 033 addendum). */
const FILTER_INDEXES = { category: "businesses_category_name_order", created: "businesses_created_at" } as const;
type IndexedFilter = keyof typeof FILTER_INDEXES;

interface FilterTerm {
  /** The index that serves the term, if any. */
  on: IndexedFilter | null;
  /** The term on its index, or kept off it (`+column`), its values numbered by `param`. */
  sql: (onIndex: boolean, param: (value: unknown) => string) => string;
}

/** The filter's WHERE terms. Categories travel as one JSON parameter, so a long list never meets D1's 100-parameter limit. */
function filterTerms(filter: ExportFilter): FilterTerm[] {
  const terms: FilterTerm[] = [];
  const term = (on: IndexedFilter | null, column: string, condition: (param: (value: unknown) => string) => string) =>
    terms.push({ on, sql: (onIndex, param) => `${onIndex ? "" : "+"}${column} ${condition(param)}` });
  const { countryCode, categorySlugs, created } = filter;
  if (countryCode) term(null, "country_code", (param) => `= ${param(countryCode)}`);
  if (categorySlugs.length > 0) term("category", "category_slug", (param) => `IN (SELECT value FROM json_each(${param(JSON.stringify(categorySlugs))}))`);
  if (created.from !== undefined) term("created", "created_at", (param) => `>= ${param(created.from)}`);
  if (created.to !== undefined) term("created", "created_at", (param) => `< ${param(created.to)}`);
  return terms;
}

/**
 * How the export reads: the ids it covers (up to the highest when it starts; later imports are
 * left to the next export) and, when a category or a date range matches fewer businesses than a
 * scan window, the index that reads those matches directly.
 */
interface ExportPlan {
  afterId: number;
  lastId: number;
  through: IndexedFilter | null;
  /** Read `through` an index: the ids of the matches not yet exported, once read. */
  idsLeft?: number[];
}

async function planExport(db: D1Database, filter: ExportFilter, scanWindow: number): Promise<ExportPlan> {
  const terms = filterTerms(filter);
  const indexed = (Object.keys(FILTER_INDEXES) as IndexedFilter[]).filter((on) => terms.some((t) => t.on === on));
  // From the lowest id: after "delete all" and a new import, ids start past the old ones. Two
  // subqueries: SQLite reads min() or max() alone from the key's ends, both together by a scan.
  const ids = db.prepare(`SELECT (SELECT min(id) FROM businesses) AS first, (SELECT max(id) FROM businesses) AS last`);
  // One count per indexed filter, each stopping at the window: no statement reads more.
  const counts = indexed.map((on) => {
    const { params, param } = sqlParams();
    const own = terms.filter((t) => t.on === on).map((t) => t.sql(true, param));
    return db
      .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM businesses INDEXED BY ${FILTER_INDEXES[on]} WHERE ${own.join(" AND ")} LIMIT ${scanWindow})`)
      .bind(...params);
  });
  const [span, ...matches] = await db.batch<{ first: number | null; last: number | null } & { n: number }>([ids, ...counts]);
  const first = span!.results[0];
  const afterId = (first?.first ?? 1) - 1;
  const lastId = first?.last ?? 0;
  const fewest = indexed.map((on, i) => ({ on, count: matches[i]!.results[0]?.n ?? scanWindow })).sort((a, b) => a.count - b.count)[0];
  // After the count, D1 counts three rows read per match through its index (its id, then the id
  // in a page's list and its row) against one per id walked: the index only while that is less.
  const throughIndex = fewest && fewest.count < scanWindow && 3 * fewest.count < lastId - afterId;
  return { afterId, lastId, through: throughIndex ? fewest.on : null };
}

/**
 * The next page of the walk after `afterId`, in id order, looking no further than `windowEnd`.
 * Read through the primary key, the filters are kept off their indexes (`+column`): left to
 * itself SQLite reads a category or a date range through its index and sorts every remaining
 * match by id for each page, so a big category's export re-read and re-sorted its 650,000 rows
 * for each of its 649 pages of 1,000 (97 s of SQL at 2,000,000 businesses, 3.9 s in one pass).
 */
async function walkPage(db: D1Database, filter: ExportFilter, pageSize: number, afterId: number, windowEnd: number): Promise<{ rows: ExportRow[]; scannedTo: number }> {
  const { params, param } = sqlParams();
  const terms = [`id > ${param(afterId)}`, `id <= ${param(windowEnd)}`, ...filterTerms(filter).map((t) => t.sql(false, param))];
  const { results } = await db
    .prepare(`SELECT ${EXPORT_COLUMNS.join(", ")} FROM businesses WHERE ${terms.join(" AND ")} ORDER BY id LIMIT ${pageSize}`)
    .bind(...params)
    .all<ExportRow>();
  // A full page may stop short of its window; one that is not full has seen the whole window.
  return { rows: results, scannedTo: results.length === pageSize ? Number(results.at(-1)!.id) : windowEnd };
}

/**
 * The ids of a small filter's matches within the export's extent, read once through `through`'s
 * index (fewer than a scan window of them), the other filters checked on their rows. Their rows
 * are then read by id a page at a time: each match is read twice at most, where paging through
 * the index re-read and re-sorted every match for each page (decision 033 addendum).
 */
async function matchingIds(db: D1Database, filter: ExportFilter, through: IndexedFilter, afterId: number, lastId: number): Promise<number[]> {
  const { params, param } = sqlParams();
  const terms = [`id > ${param(afterId)}`, `id <= ${param(lastId)}`, ...filterTerms(filter).map((t) => t.sql(t.on === through, param))];
  const { results } = await db
    .prepare(`SELECT id FROM businesses INDEXED BY ${FILTER_INDEXES[through]} WHERE ${terms.join(" AND ")}`)
    .bind(...params)
    .all<{ id: number }>();
  // Sorted here: at most a window of numbers, where SQL's sort would count each again as read.
  return results.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Rows by id, in the order of `ids` (json_each walks its array in order and CROSS JOIN keeps it
 * the outer loop); a business deleted since its id was read is left out. A join rather than
 * `id IN (…)`, which D1 counts as three rows read per id.
 */
async function rowsById(db: D1Database, ids: number[]): Promise<ExportRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${EXPORT_COLUMNS.map((c) => `businesses.${c} AS ${c}`).join(", ")}
       FROM json_each(?1) AS wanted CROSS JOIN businesses ON businesses.id = wanted.value`,
    )
    .bind(JSON.stringify(ids))
    .all<ExportRow>();
  return results;
}

/**
 * The export as a byte stream: BOM and header first, then rows as the reader pulls them. Only a
 * page of rows is ever held (and, for a small filter, the ids of its matches), whether the export
 * has 10 rows or 2,000,000.
 */
export function exportBusinessesCsv(
  db: D1Database,
  request: ExportRequest,
  { scanWindow = EXPORT_SCAN_WINDOW, pageSize = EXPORT_PAGE_SIZE }: { scanWindow?: number; pageSize?: number } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let plan: ExportPlan | null = null;
  /** The next page's rows (none in a window without a match), or null at the end. */
  async function nextRows(plan: ExportPlan): Promise<ExportRow[] | null> {
    if (plan.through) {
      plan.idsLeft ??= await matchingIds(db, request.filter, plan.through, plan.afterId, plan.lastId);
      return plan.idsLeft.length > 0 ? rowsById(db, plan.idsLeft.splice(0, pageSize)) : null;
    }
    if (plan.afterId >= plan.lastId) return null;
    const page = await walkPage(db, request.filter, pageSize, plan.afterId, Math.min(plan.afterId + scanWindow, plan.lastId));
    plan.afterId = page.scannedTo;
    return page.rows;
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!plan) {
          plan = await planExport(db, request.filter, scanWindow);
          controller.enqueue(encoder.encode(UTF8_BOM + csvRow(request.labels ?? request.columns)));
          return;
        }
        // A page without a match enqueues nothing: read on until some rows or the end, as a
        // pull that enqueues nothing is not called again.
        for (let rows = await nextRows(plan); rows !== null; rows = await nextRows(plan)) {
          if (rows.length > 0) {
            controller.enqueue(encoder.encode(rows.map((row) => csvRow(request.columns.map((c) => cellValue(c, row[c])))).join("")));
            return;
          }
        }
        controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
