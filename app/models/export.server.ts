import { csvRow, UTF8_BOM, type CsvValue } from "~/lib/csv";
import { EXPORT_COLUMNS, type CreatedBetween, type ExportColumn } from "~/lib/export-options";
import { sqlParams } from "./sql-params.server";

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
  // Through its index, each page reads every match again and sorts what is left of them by id:
  // worth it only while that costs less than walking the ids once.
  const pagesThrough = fewest ? fewest.count * Math.ceil(fewest.count / EXPORT_PAGE_SIZE) : Infinity;
  return { afterId, lastId, through: fewest && fewest.count < scanWindow && pagesThrough < lastId - afterId ? fewest.on : null };
}

interface ExportPage {
  rows: ExportRow[];
  /** The last id this page has accounted for: the next page starts after it. */
  scannedTo: number;
}

/**
 * The next page of the export after `afterId`, in id order, looking no further than `windowEnd`.
 * Read through the primary key, the filters are kept off their indexes (`+column`): left to
 * itself SQLite reads a category or a date range through its index and sorts every remaining
 * match by id for each page of 1,000, so a big category's export re-read and re-sorted its
 * 650,000 rows for each of its 649 pages (97 s of SQL at 2,000,000 businesses, 3.9 s in one
 * pass). Read `through` a filter's index (it matches fewer than a window), the page reads and sorts
 * those matches (decision 033 addendum).
 */
async function exportPage(db: D1Database, filter: ExportFilter, through: IndexedFilter | null, afterId: number, windowEnd: number): Promise<ExportPage> {
  const { params, param } = sqlParams();
  const terms = [`id > ${param(afterId)}`, `id <= ${param(windowEnd)}`, ...filterTerms(filter).map((t) => t.sql(t.on !== null && t.on === through, param))];
  const { results } = await db
    .prepare(
      `SELECT ${EXPORT_COLUMNS.join(", ")} FROM businesses ${through ? `INDEXED BY ${FILTER_INDEXES[through]}` : ""}
       WHERE ${terms.join(" AND ")} ORDER BY id LIMIT ${EXPORT_PAGE_SIZE}`,
    )
    .bind(...params)
    .all<ExportRow>();
  // A full page may stop short of its window; one that is not full has seen the whole window.
  return { rows: results, scannedTo: results.length === EXPORT_PAGE_SIZE ? Number(results.at(-1)!.id) : windowEnd };
}

/**
 * The export as a byte stream: BOM and header first, then rows as the reader pulls them. Only a
 * page of rows is ever held, whether the export has 10 rows or 2,000,000.
 */
export function exportBusinessesCsv(db: D1Database, request: ExportRequest, scanWindow = EXPORT_SCAN_WINDOW): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let plan: ExportPlan | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!plan) {
          plan = await planExport(db, request.filter, scanWindow);
          controller.enqueue(encoder.encode(UTF8_BOM + csvRow(request.labels ?? request.columns)));
          return;
        }
        // Windows without a match enqueue nothing: read on until some rows or the end, as a
        // pull that enqueues nothing is not called again.
        while (plan.afterId < plan.lastId) {
          const windowEnd = plan.through ? plan.lastId : Math.min(plan.afterId + scanWindow, plan.lastId);
          const page = await exportPage(db, request.filter, plan.through, plan.afterId, windowEnd);
          plan.afterId = page.scannedTo;
          if (page.rows.length > 0) {
            controller.enqueue(encoder.encode(page.rows.map((row) => csvRow(request.columns.map((c) => cellValue(c, row[c])))).join("")));
            return;
          }
        }
        controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
