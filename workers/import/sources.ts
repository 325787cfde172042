/**
 * Row sources of the import: each reads the stored upload from R2 as a stream, from a resume
 * point, and yields the sheet's rows (header included) one at a time with bounded memory.
 * A problem with the file itself (corrupt, truncated, malformed) is an ImportFileError: it
 * ends the job with a clear message instead of being retried.
 */
import { joinBytes } from "~/lib/web/bytes";
import { CsvDelimiterSniffer, CsvParser } from "~/import/read/csv";
import { localHeaderLength, type SpreadsheetType, type ZipEntry } from "~/import/read/file-type";
import { CellFormats, SharedStringsReader, SheetReader, chooseSheet, firstVisibleSheet, xlsNumberCell, type SheetCell, type SheetChoice } from "~/import/read/xlsx";
import { inflateZipEntry, ZipEntryError } from "~/import/read/zip-inflate";
import { readStoredZipDirectory } from "~/models/import-storage.server";
import { Yielder } from "./yield";

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
  // A step that ended on the file's last row resumes at its end: nothing is left to read (and
  // R2 refuses a range starting there).
  if (offset > 0 && offset >= ((await bucket.head(key))?.size ?? 0)) return;
  // A resumed step reads the delimiter from the header line again (a parse from the start finds it itself).
  const delimiter = offset > 0 ? await csvDelimiter(bucket, key) : undefined;
  const object = await bucket.get(key, offset > 0 ? { range: { offset } } : undefined);
  if (!object) throw new Error(`upload ${key} is missing`);
  const parser = new CsvParser(offset, { delimiter });
  let row = from.row;
  for await (const chunk of bytesOf(object.body)) {
    let records;
    try {
      records = parser.push(chunk);
    } catch (error) {
      throw asFileError(error, "CSV okunamadı");
    }
    // The sheet's row number, as a spreadsheet shows the file: empty lines count.
    for (const record of records) yield { rowNumber: (row += 1 + record.blankLinesBefore), cells: record.cells, offset: record.endOffset };
  }
  let last;
  try {
    last = parser.finish();
  } catch (error) {
    throw asFileError(error, "CSV okunamadı");
  }
  for (const record of last) yield { rowNumber: (row += 1 + record.blankLinesBefore), cells: record.cells, offset: record.endOffset };
}

/** The delimiter of a stored CSV, from its header line: streamed from the start until that line ends. */
async function csvDelimiter(bucket: R2Bucket, key: string): Promise<number> {
  const object = await bucket.get(key);
  if (!object) throw new Error(`upload ${key} is missing`);
  const sniffer = new CsvDelimiterSniffer();
  for await (const chunk of bytesOf(object.body)) {
    sniffer.push(chunk);
    if (sniffer.done) break; // bytesOf cancels the rest of the body
  }
  return sniffer.delimiter;
}

/** The compressed bytes of one zip entry, as a ranged R2 read streams them. */
async function* zipEntryBytes(bucket: R2Bucket, key: string, entry: ZipEntry): AsyncGenerator<Uint8Array> {
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
  yield* bytesOf(object.body);
}

/**
 * The inflated bytes of one zip entry, bounded by its declared size and the ratio limit
 * (app/import/read/zip-inflate.ts): an entry that breaks them is a broken file, while a failed
 * R2 read is thrown as it is, for the queue to retry.
 */
async function* zipEntryInflated(bucket: R2Bucket, key: string, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  try {
    yield* inflateZipEntry(zipEntryBytes(bucket, key, entry), entry);
  } catch (error) {
    throw error instanceof ZipEntryError ? new ImportFileError(`bozuk .xlsx: ${error.message}`) : error;
  }
}

/**
 * Text of one zip entry. Native zlib inflates it (fflate's streaming inflate in JavaScript took
 * about 4 s of every 100,000-row XLSX import, more than reading its XML; decision 042).
 */
async function* zipEntryText(bucket: R2Bucket, key: string, entry: ZipEntry): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  // Text is handed on in pieces of at least TEXT_PIECE_BYTES, or each piece's decoding and scanning costs more than its bytes.
  let pieces: Uint8Array[] = [];
  let pieceBytes = 0;
  const heldText = () => {
    const bytes = joinBytes(pieces);
    pieces = [];
    pieceBytes = 0;
    return decoder.decode(bytes, { stream: true });
  };
  for await (const chunk of zipEntryInflated(bucket, key, entry)) {
    pieces.push(chunk);
    pieceBytes += chunk.length;
    if (pieceBytes >= TEXT_PIECE_BYTES) yield heldText();
  }
  if (pieceBytes > 0) yield heldText();
  yield decoder.decode();
}

/**
 * Inflates an entry to its end without reading it: run on the sheet before its first row is
 * written, so a sheet that inflates past its size (or is corrupt at its end) changes nothing.
 */
async function checkZipEntry(bucket: R2Bucket, key: string, entry: ZipEntry): Promise<void> {
  for await (const _ of zipEntryInflated(bucket, key, entry));
}

const TEXT_PIECE_BYTES = 256 * 1024;

async function entryAsText(bucket: R2Bucket, key: string, entry: ZipEntry, maxBytes = 4 * 1024 * 1024): Promise<string> {
  if (entry.uncompressedSize > maxBytes) throw new ImportFileError(`bozuk .xlsx: ${entry.name} beklenenden büyük`);
  let text = "";
  for await (const part of zipEntryText(bucket, key, entry)) text += part;
  return text;
}

/** Shared strings go to R2 side storage in chunks of this many strings (or characters). */
const STRINGS_PER_CHUNK = 50_000;
const CHUNK_MAX_CHARS = 2_000_000;
/** Chunks kept in memory while reading the sheet: exports number strings in row order. */
const CACHED_CHUNKS = 4;

interface SharedStringsIndex {
  /** First string index of each chunk. */
  starts: number[];
  count: number;
}

const chunkKey = (key: string, chunk: number) => `${key}.strings/${chunk}`;
const indexKey = (key: string) => `${key}.strings/index`;

/**
 * First pass: streams the shared-strings table into R2 chunks (bounded memory whatever its
 * size). Idempotent: a resumed step finds the index object and skips the pass.
 */
async function storeSharedStrings(bucket: R2Bucket, key: string, entry: ZipEntry): Promise<SharedStringsIndex> {
  const stored = await bucket.get(indexKey(key));
  if (stored) return stored.json<SharedStringsIndex>();
  const starts: number[] = [];
  const ready: string[][] = [];
  let chunk: string[] = [];
  let chars = 0;
  let count = 0;
  const reader = new SharedStringsReader((text) => {
    if (chunk.length === 0) starts.push(count);
    chunk.push(text);
    chars += text.length;
    count++;
    if (chunk.length >= STRINGS_PER_CHUNK || chars >= CHUNK_MAX_CHARS) {
      ready.push(chunk);
      chunk = [];
      chars = 0;
    }
  });
  let written = 0;
  const flush = async () => {
    for (const strings of ready.splice(0)) await bucket.put(chunkKey(key, written++), JSON.stringify(strings));
  };
  const turns = new Yielder();
  for await (const text of zipEntryText(bucket, key, entry)) {
    try {
      reader.push(text);
    } catch (error) {
      throw asFileError(error, "bozuk .xlsx (paylaşılan metinler)");
    }
    await flush();
    await turns.after(text.length);
  }
  try {
    reader.finish();
  } catch (error) {
    throw asFileError(error, "bozuk .xlsx (paylaşılan metinler)");
  }
  if (chunk.length > 0) ready.push(chunk);
  await flush();
  const index = { starts, count };
  await bucket.put(indexKey(key), JSON.stringify(index));
  return index;
}

/** Looks shared strings up by index, holding a few chunks in memory. */
class SharedStrings {
  private readonly cache = new Map<number, string[]>();

  constructor(
    private readonly bucket: R2Bucket,
    private readonly key: string,
    private readonly index: SharedStringsIndex,
  ) {}

  private chunkOf(i: number): number {
    let low = 0;
    let high = this.index.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.index.starts[mid]! <= i) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** The string when its chunk is in memory (most cells: no await per cell). */
  peek(i: number): string | undefined {
    const chunk = this.chunkOf(i);
    return this.cache.get(chunk)?.[i - this.index.starts[chunk]!];
  }

  async get(i: number): Promise<string> {
    if (!(i >= 0 && i < this.index.count)) throw new ImportFileError(`bozuk .xlsx: paylaşılan metin ${i} yok`);
    const chunk = this.chunkOf(i);
    let strings = this.cache.get(chunk);
    if (!strings) {
      const object = await this.bucket.get(chunkKey(this.key, chunk));
      if (!object) throw new Error(`shared strings chunk ${chunk} of ${this.key} is missing`);
      strings = await object.json<string[]>();
      if (this.cache.size >= CACHED_CHUNKS) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(chunk, strings);
    }
    return strings[i - this.index.starts[chunk]!]!;
  }
}

/**
 * XLSX: the zip's central directory is read from the end of the object (ranged get). The
 * shared strings (stored by Excel after the sheet) are first moved to R2 side storage in
 * chunks, then the first sheet is streamed and its string cells looked up chunk by chunk.
 * A resumed step streams the sheet again from its start (the inflate state cannot be saved)
 * and the reader cuts out the rows already done without parsing them: inflating and searching
 * for tags, about a fortieth of parsing.
 */
async function* xlsxRows(bucket: R2Bucket, key: string, size: number, from: ResumePoint, onSheet: (sheet: SheetChoice) => void): AsyncGenerator<SourceRow> {
  const entries = await readStoredZipDirectory(bucket, key, size).catch(() => null);
  if (!entries) throw new ImportFileError("bozuk .xlsx: zip dizini okunamadı");
  const byName = new Map(entries.map((e) => [e.name, e]));
  const workbook = byName.get("xl/workbook.xml");
  const relationships = byName.get("xl/_rels/workbook.xml.rels");
  if (!workbook || !relationships) throw new ImportFileError("bozuk .xlsx: çalışma kitabı bulunamadı");
  let chosen: ReturnType<typeof firstVisibleSheet>;
  try {
    chosen = firstVisibleSheet(await entryAsText(bucket, key, workbook), await entryAsText(bucket, key, relationships));
  } catch (error) {
    throw asFileError(error, "bozuk .xlsx");
  }
  const sheet = chosen ? byName.get(chosen.path) : undefined;
  if (!chosen || !sheet) throw new ImportFileError("bozuk .xlsx: ilk sayfa bulunamadı");
  onSheet(chosen);

  const stylesEntry = byName.get("xl/styles.xml");
  let formats = CellFormats.none;
  try {
    if (stylesEntry) formats = CellFormats.fromStylesXml(await entryAsText(bucket, key, stylesEntry));
  } catch (error) {
    throw asFileError(error, "bozuk .xlsx (stiller)");
  }
  // The first step only: a resumed one follows a step that checked it, and the stored file does not change.
  if (from.row === 0) await checkZipEntry(bucket, key, sheet);
  const sharedEntry = byName.get("xl/sharedStrings.xml");
  const shared = new SharedStrings(bucket, key, sharedEntry ? await storeSharedStrings(bucket, key, sharedEntry) : { starts: [0], count: 0 });
  const reader = new SheetReader(from.row, formats);
  const parse = (text: string | null) => {
    try {
      return text === null ? reader.finish() : reader.push(text);
    } catch (error) {
      throw asFileError(error, "bozuk .xlsx (sayfa)");
    }
  };
  const resolve = async (cells: SheetCell[]) => {
    const out: string[] = new Array(cells.length);
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      out[i] = typeof cell === "string" ? cell : (shared.peek(cell.shared) ?? (await shared.get(cell.shared)));
    }
    return out;
  };
  // A resumed step skips the rows already done without yielding any: turns are given here too.
  const turns = new Yielder();
  for await (const text of zipEntryText(bucket, key, sheet)) {
    for (const row of parse(text)) if (row.rowNumber > from.row) yield { rowNumber: row.rowNumber, cells: await resolve(row.cells) };
    await turns.after(text.length);
  }
  for (const row of parse(null)) if (row.rowNumber > from.row) yield { rowNumber: row.rowNumber, cells: await resolve(row.cells) };
}

/** Legacy .xls: no streaming parser exists; SheetJS reads it whole, under the upload's size cap. */
async function* xlsRows(bucket: R2Bucket, key: string, from: ResumePoint, onSheet: (sheet: SheetChoice) => void): AsyncGenerator<SourceRow> {
  const object = await bucket.get(key);
  if (!object) throw new Error(`upload ${key} is missing`);
  const XLSX = await import("@e965/xlsx");
  let rows: unknown[][];
  let formatOf: (i: number, j: number) => string | undefined;
  let firstRow: number;
  try {
    // cellNF keeps each cell's number format: a phone or postal code typed as a number has its leading zeros only there.
    const workbook = XLSX.read(new Uint8Array(await object.arrayBuffer()), { type: "array", dense: true, cellNF: true });
    // The first visible sheet, as for .xlsx (Hidden: 1 hidden, 2 very hidden).
    const chosen = chooseSheet(workbook.SheetNames.map((name, i) => ({ name, hidden: Boolean(workbook.Workbook?.Sheets?.[i]?.Hidden) })));
    if (!chosen) throw new ImportFileError("bozuk .xls: sayfa yok");
    onSheet(chosen);
    const sheet = workbook.Sheets[chosen.name]!;
    const range = XLSX.utils.decode_range(sheet["!ref"] ?? "A1");
    firstRow = range.s.r + 1;
    // Rows from the range's first row and column, blank ones kept, so row i is sheet row firstRow + i.
    rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: "" });
    const cells = sheet["!data"] ?? [];
    formatOf = (i, j) => cells[range.s.r + i]?.[range.s.c + j]?.z as string | undefined;
  } catch (error) {
    throw asFileError(error, "bozuk .xls");
  }
  // Only the rows this step reads are shown through their formats, not the whole sheet each step.
  for (let i = Math.max(0, from.row - firstRow + 1); i < rows.length; i++) {
    const cells = rows[i]!.map((value, j) => (typeof value === "number" ? xlsNumberCell(value, formatOf(i, j)) : value));
    yield { rowNumber: firstRow + i, cells };
  }
}

/**
 * Reads a whole CSV once before its first row is written: a file cut inside a quoted field is
 * only noticed at its end, and a rejected file must change nothing.
 */
export async function checkCsvComplete(bucket: R2Bucket, key: string): Promise<void> {
  const object = await bucket.get(key);
  if (!object) throw new Error(`upload ${key} is missing`);
  // Structure only: no cell is decoded, so the check costs a fraction of the import's own parse.
  const parser = new CsvParser(0, { cells: false });
  const turns = new Yielder();
  try {
    for await (const chunk of bytesOf(object.body)) {
      parser.push(chunk);
      await turns.after(chunk.length);
    }
    parser.finish();
  } catch (error) {
    throw asFileError(error, "CSV okunamadı");
  }
}

/** The rows of an uploaded file from `from` on; `onSheet` hears which sheet of a workbook is read. */
export function sheetRows(
  bucket: R2Bucket,
  key: string,
  type: SpreadsheetType,
  size: number,
  from: ResumePoint,
  onSheet: (sheet: SheetChoice) => void = () => {},
): AsyncGenerator<SourceRow> {
  if (type === "csv") return csvRows(bucket, key, from);
  if (type === "xlsx") return xlsxRows(bucket, key, size, from, onSheet);
  return xlsRows(bucket, key, from, onSheet);
}
