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

export const EXPORT_PAGE_SIZE = 1000;

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
 * Ids one statement scans at most. A filter that matches few businesses (a small country, last
 * week) walks the table in windows of this many ids, each a bounded read, rather than in one
 * read of 2,000,000 rows; a window with no match costs one short statement.
 */
export const EXPORT_SCAN_WINDOW = 50_000;

interface ExportPage {
  rows: ExportRow[];
  /** The last id this page has accounted for: the next page starts after it. */
  scannedTo: number;
}

/**
 * The next page of the export after `afterId`, in id order (keyset on the primary key), looking
 * no further than `windowEnd`. The filters are kept off their indexes (`+column`):
 * left to itself SQLite reads a category or a date range through its index and sorts every
 * remaining match by id for each page of 1,000, so a big category's export re-read and re-sorted
 * its 650,000 rows for each of its 649 pages (97 s of SQL at 2,000,000 businesses, 3.9 s in one
 * pass; decision 033 addendum).
 * Categories travel as one JSON parameter, so a long category list never meets D1's 100-parameter limit.
 */
async function exportPage(db: D1Database, filter: ExportFilter, afterId: number, windowEnd: number): Promise<ExportPage> {
  const { params, param } = sqlParams();
  const terms = [`id > ${param(afterId)}`, `id <= ${param(windowEnd)}`];
  if (filter.countryCode) terms.push(`+country_code = ${param(filter.countryCode)}`);
  if (filter.categorySlugs.length > 0) terms.push(`+category_slug IN (SELECT value FROM json_each(${param(JSON.stringify(filter.categorySlugs))}))`);
  if (filter.created.from !== undefined) terms.push(`+created_at >= ${param(filter.created.from)}`);
  if (filter.created.to !== undefined) terms.push(`+created_at < ${param(filter.created.to)}`);
  const { results } = await db
    .prepare(`SELECT ${EXPORT_COLUMNS.join(", ")} FROM businesses WHERE ${terms.join(" AND ")} ORDER BY id LIMIT ${EXPORT_PAGE_SIZE}`)
    .bind(...params)
    .all<ExportRow>();
  // A full page may stop short of its window; one that is not full has seen the whole window.
  return { rows: results, scannedTo: results.length === EXPORT_PAGE_SIZE ? Number(results.at(-1)!.id) : windowEnd };
}

/**
 * The export as a byte stream: BOM and header first, then rows as the reader pulls them. Only a
 * page of rows is ever held, whether the export has 10 rows or 2,000,000. It covers the
 * businesses that exist when it starts (up to the highest id then); later imports are left to
 * the next export.
 */
export function exportBusinessesCsv(db: D1Database, request: ExportRequest, scanWindow = EXPORT_SCAN_WINDOW): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId = 0;
  let lastId: number | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (lastId === null) {
          // From the lowest id: after "delete all" and a new import, ids start past the old ones.
          // Two subqueries: SQLite reads min() or max() alone from the key's ends, both together by a scan.
          const ids = await db.prepare(`SELECT (SELECT min(id) FROM businesses) AS first, (SELECT max(id) FROM businesses) AS last`).first<{ first: number | null; last: number | null }>();
          afterId = (ids?.first ?? 1) - 1;
          lastId = ids?.last ?? 0;
          controller.enqueue(encoder.encode(UTF8_BOM + csvRow(request.labels ?? request.columns)));
          return;
        }
        // Windows without a match enqueue nothing: read on until some rows or the end, as a
        // pull that enqueues nothing is not called again.
        while (afterId < lastId) {
          const page = await exportPage(db, request.filter, afterId, Math.min(afterId + scanWindow, lastId));
          afterId = page.scannedTo;
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
