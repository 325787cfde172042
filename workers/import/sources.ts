/**
 * Row sources of the import: each reads the stored upload from R2 as a stream, from a resume
 * point, and yields the sheet's rows (header included) one at a time with bounded memory.
 * A problem with the file itself (corrupt, truncated, malformed) is an ImportFileError: it
 * ends the job with a clear message instead of being retried.
 */
import { Inflate } from "fflate";
import { CsvParser } from "~/lib/import/csv";
import { localHeaderLength, type SpreadsheetType, type ZipEntry } from "~/lib/import/file-type";
import { SharedStringsReader, SheetReader, firstSheetPath } from "~/lib/import/xlsx";
import { readStoredZipDirectory } from "~/models/import-storage.server";

export class ImportFileError extends Error {}

export interface SourceRow {
  /** 1-based row (record) number in the sheet; the header is row 1. */
  rowNumber: number;
  cells: unknown[];
  /** Byte offset after this row, where a CSV import resumes. */
  offset?: number;
}

export interface ResumePoint {
  /** Last row already processed (0: start of the file). */
  row: number;
  /** Byte offset just after that row (CSV only). */
  offset?: number;
}

function asFileError(error: unknown, what: string): ImportFileError {
  if (error instanceof ImportFileError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ImportFileError(`${what}: ${detail}`);
}

async function* bytesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

async function* csvRows(bucket: R2Bucket, key: string, from: ResumePoint): AsyncGenerator<SourceRow> {
  const offset = from.offset ?? 0;
  const object = await bucket.get(key, offset > 0 ? { range: { offset } } : undefined);
  if (!object) throw new Error(`upload ${key} is missing`);
  const parser = new CsvParser(offset);
  let row = from.row;
  for await (const chunk of bytesOf(object.body)) {
    let records;
    try {
      records = parser.push(chunk);
    } catch (error) {
      throw asFileError(error, "CSV okunamadı");
    }
    for (const record of records) yield { rowNumber: ++row, cells: record.cells, offset: record.endOffset };
  }
  let last;
  try {
    last = parser.finish();
  } catch (error) {
    throw asFileError(error, "CSV okunamadı");
  }
  for (const record of last) yield { rowNumber: ++row, cells: record.cells, offset: record.endOffset };
}

/** Text of one zip entry, inflated as it streams from a ranged R2 read. */
async function* zipEntryText(bucket: R2Bucket, key: string, entry: ZipEntry): AsyncGenerator<string> {
  const header = await bucket.get(key, { range: { offset: entry.localHeaderOffset, length: 30 } });
  if (!header) throw new Error(`upload ${key} is missing`);
  let start: number;
  try {
    // The name/extra lengths are only known from the header's own fields, so read them first.
    const first30 = new Uint8Array(await header.arrayBuffer());
    start = entry.localHeaderOffset + localHeaderLength(first30);
  } catch (error) {
    throw asFileError(error, "bozuk .xlsx");
  }
  const object = await bucket.get(key, { range: { offset: start, length: entry.compressedSize } });
  if (!object) throw new Error(`upload ${key} is missing`);
  const decoder = new TextDecoder();
  let out: string[] = [];
  let inflated = 0;
  const inflate = new Inflate((data, final) => {
    inflated += data.length;
    // The central directory was checked at upload; an entry that inflates past its stated size lies.
    if (inflated > entry.uncompressedSize) throw new ImportFileError("bozuk .xlsx: girdi bildirilen boyutundan büyük açılıyor");
    out.push(decoder.decode(data, { stream: !final }));
  });
  for await (const chunk of bytesOf(object.body)) {
    if (entry.method === 0) {
      yield decoder.decode(chunk, { stream: true });
      continue;
    }
    try {
      inflate.push(chunk);
    } catch (error) {
      throw asFileError(error, "bozuk .xlsx");
    }
    yield* out;
    out = [];
  }
  if (entry.method === 0) {
    yield decoder.decode();
    return;
  }
  try {
    inflate.push(new Uint8Array(0), true);
  } catch (error) {
    throw asFileError(error, "bozuk .xlsx");
  }
  yield* out;
}

async function entryAsText(bucket: R2Bucket, key: string, entry: ZipEntry, maxBytes = 4 * 1024 * 1024): Promise<string> {
  if (entry.uncompressedSize > maxBytes) throw new ImportFileError(`bozuk .xlsx: ${entry.name} beklenenden büyük`);
  let text = "";
  for await (const part of zipEntryText(bucket, key, entry)) text += part;
  return text;
}

/**
 * XLSX: the zip's central directory is read from the end of the object (ranged get), then the
 * shared strings are streamed first (Excel stores them after the sheet), then the first sheet.
 * A resumed step streams the sheet again from its start and skips the rows already done: the
 * inflate state cannot be saved, and skipping costs only parsing time.
 */
async function* xlsxRows(bucket: R2Bucket, key: string, size: number, from: ResumePoint): AsyncGenerator<SourceRow> {
  const entries = await readStoredZipDirectory(bucket, key, size).catch(() => null);
  if (!entries) throw new ImportFileError("bozuk .xlsx: zip dizini okunamadı");
  const byName = new Map(entries.map((e) => [e.name, e]));
  const workbook = byName.get("xl/workbook.xml");
  const relationships = byName.get("xl/_rels/workbook.xml.rels");
  if (!workbook || !relationships) throw new ImportFileError("bozuk .xlsx: çalışma kitabı bulunamadı");
  let sheetPath: string | null;
  try {
    sheetPath = firstSheetPath(await entryAsText(bucket, key, workbook), await entryAsText(bucket, key, relationships));
  } catch (error) {
    throw asFileError(error, "bozuk .xlsx");
  }
  const sheet = sheetPath ? byName.get(sheetPath) : undefined;
  if (!sheet) throw new ImportFileError("bozuk .xlsx: ilk sayfa bulunamadı");

  const sharedStrings = new SharedStringsReader();
  const sharedEntry = byName.get("xl/sharedStrings.xml");
  if (sharedEntry) {
    try {
      for await (const text of zipEntryText(bucket, key, sharedEntry)) sharedStrings.push(text);
      sharedStrings.finish();
    } catch (error) {
      throw asFileError(error, "bozuk .xlsx (paylaşılan metinler)");
    }
  }
  const reader = new SheetReader(sharedStrings.strings);
  const parse = (text: string | null) => {
    try {
      return text === null ? reader.finish() : reader.push(text);
    } catch (error) {
      throw asFileError(error, "bozuk .xlsx (sayfa)");
    }
  };
  for await (const text of zipEntryText(bucket, key, sheet)) {
    for (const row of parse(text)) if (row.rowNumber > from.row) yield row;
  }
  for (const row of parse(null)) if (row.rowNumber > from.row) yield row;
}

/** Legacy .xls: no streaming parser exists; SheetJS reads it whole, under the upload's size cap. */
async function* xlsRows(bucket: R2Bucket, key: string, from: ResumePoint): AsyncGenerator<SourceRow> {
  const object = await bucket.get(key);
  if (!object) throw new Error(`upload ${key} is missing`);
  const XLSX = await import("@e965/xlsx");
  let rows: unknown[][];
  try {
    const workbook = XLSX.read(new Uint8Array(await object.arrayBuffer()), { type: "array", dense: true });
    const first = workbook.SheetNames[0];
    if (!first) throw new ImportFileError("bozuk .xls: sayfa yok");
    rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[first]!, { header: 1, raw: true, blankrows: true, defval: "" });
  } catch (error) {
    throw asFileError(error, "bozuk .xls");
  }
  for (let i = from.row; i < rows.length; i++) yield { rowNumber: i + 1, cells: rows[i]! };
}

/**
 * Reads a whole CSV once before its first row is written: a file cut inside a quoted field is
 * only noticed at its end, and a rejected file must change nothing. Costs parsing time only.
 */
export async function checkCsvComplete(bucket: R2Bucket, key: string): Promise<void> {
  for await (const _row of csvRows(bucket, key, { row: 0 })) {
    // nothing to do with the rows: reaching the end without an error is the check
  }
}

export function sheetRows(
  bucket: R2Bucket,
  key: string,
  type: SpreadsheetType,
  size: number,
  from: ResumePoint,
): AsyncGenerator<SourceRow> {
  if (type === "csv") return csvRows(bucket, key, from);
  if (type === "xlsx") return xlsxRows(bucket, key, size, from);
  return xlsRows(bucket, key, from);
}
