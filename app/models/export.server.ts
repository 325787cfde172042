import { csvRow, UTF8_BOM, type CsvValue } from "~/lib/csv";
import { EXPORT_COLUMNS, type CreatedBetween, type ExportColumn } from "~/lib/export-options";

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
 * One page of the export after `afterId` (keyset on the primary key: each page reads only its
 * own rows however deep the export is). Categories travel as one JSON parameter, so a long
 * category list never meets D1's 100-parameter limit.
 */
async function exportPage(db: D1Database, filter: ExportFilter, afterId: number): Promise<ExportRow[]> {
  const terms = ["id > ?1"];
  const params: unknown[] = [afterId];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    terms.push(sql(params.length));
  };
  if (filter.countryCode) add((n) => `country_code = ?${n}`, filter.countryCode);
  if (filter.categorySlugs.length > 0) add((n) => `category_slug IN (SELECT value FROM json_each(?${n}))`, JSON.stringify(filter.categorySlugs));
  if (filter.created.from !== undefined) add((n) => `created_at >= ?${n}`, filter.created.from);
  if (filter.created.to !== undefined) add((n) => `created_at < ?${n}`, filter.created.to);
  const { results } = await db
    .prepare(`SELECT ${EXPORT_COLUMNS.join(", ")} FROM businesses WHERE ${terms.join(" AND ")} ORDER BY id LIMIT ${EXPORT_PAGE_SIZE}`)
    .bind(...params)
    .all<ExportRow>();
  return results;
}

/**
 * The export as a byte stream: BOM and header first, then one page of rows per pull. Pulls
 * follow the reader, so only a page of rows is ever held, whether the export has 10 rows or
 * 2,000,000.
 */
export function exportBusinessesCsv(db: D1Database, request: ExportRequest): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId = 0;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(UTF8_BOM + csvRow(request.labels ?? request.columns)));
          return;
        }
        const rows = await exportPage(db, request.filter, afterId);
        if (rows.length > 0) {
          afterId = Number(rows[rows.length - 1]!.id);
          controller.enqueue(encoder.encode(rows.map((row) => csvRow(request.columns.map((c) => cellValue(c, row[c])))).join("")));
        }
        if (rows.length < EXPORT_PAGE_SIZE) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
