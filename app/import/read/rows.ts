/**
 * Turns a stored upload into rows: each reader streams the file through a StoredFile (the store
 * gives one over R2, store.server.ts), from a resume point, and yields the sheet's rows (header
 * included) one at a time with bounded memory. A problem with the file itself (corrupt,
 * truncated, malformed) is an ImportFileError: it ends the job with a clear message instead of
 * being retried.
 */
import { joinBytes } from "~/lib/web/bytes";
import { yieldToOtherWork } from "../yield";
import { CsvDelimiterSniffer, CsvParser } from "./csv";
import { localHeaderLength, locateZipDirectory, readZipDirectory, ZIP_TAIL_BYTES, type SpreadsheetType, type ZipEntry } from "./file-type";
import { CellFormats, SharedStringsReader, SheetReader, chooseSheet, firstVisibleSheet, xlsNumberCell, type SheetCell, type SheetChoice } from "./xlsx";
import { inflateZipEntry, ZipEntryError } from "./zip-inflate";

/** Bytes of a stored file from `offset`: `length` of them, or all to its end. */
export interface ByteRange {
  offset: number;
  length?: number;
}

/**
 * A stored upload as the readers need it. Opening a read of a file that is gone throws a plain
 * Error, not an ImportFileError: the queue retries it, and a retry finds the job ended.
 */
export interface StoredFile {
  readonly key: string;
  /** Its size, or null when it is gone. */
  size(): Promise<number | null>;
  /** Opens the bytes of `range` (the whole file without one) as they arrive; a reader that stops early cancels the rest. */
  stream(range?: ByteRange): Promise<AsyncGenerator<Uint8Array>>;
  /** The bytes of `range` (the whole file without one), at once. */
  bytes(range?: ByteRange): Promise<Uint8Array>;
  /** Side objects kept beside the upload as JSON (an xlsx's shared strings) and dropped with it. */
  readSide<T>(name: string): Promise<T | null>;
  writeSide(name: string, value: unknown): Promise<void>;
}

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

/** Work read between two turns inside a long pass over a file: about a tenth of a second of it. */
const YIELD_EVERY_BYTES = 1024 * 1024;

/** Gives a turn each time `every` more units (bytes, characters) have been read. */
class Yielder {
  private since = 0;

  constructor(private readonly every = YIELD_EVERY_BYTES) {}

  async after(units: number): Promise<void> {
    this.since += units;
    if (this.since < this.every) return;
    this.since = 0;
    await yieldToOtherWork();
  }
}

async function* csvRows(file: StoredFile, from: ResumePoint): AsyncGenerator<SourceRow> {
  const offset = from.offset ?? 0;
  // A step that ended on the file's last row resumes at its end: nothing is left to read (and
  // R2 refuses a range starting there).
  if (offset > 0 && offset >= ((await file.size()) ?? 0)) return;
  // A resumed step reads the delimiter from the header line again (a parse from the start finds it itself).
  const delimiter = offset > 0 ? await csvDelimiter(file) : undefined;
  // Read from the line end before the cursor: after a CR, an LF at the cursor ends no row.
  const chunks = await file.stream(offset > 0 ? { offset: offset - 1 } : undefined);
  const parser = offset > 0 ? new CsvParser(offset - 1, { delimiter, startsOnLineEnd: true }) : new CsvParser(0);
  let row = from.row;
  for await (const chunk of chunks) {
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
async function csvDelimiter(file: StoredFile): Promise<number> {
  const chunks = await file.stream();
  const sniffer = new CsvDelimiterSniffer();
  for await (const chunk of chunks) {
    sniffer.push(chunk);
    if (sniffer.done) break; // the store cancels the rest of the body
  }
  return sniffer.delimiter;
}

/** The zip central directory of a stored xlsx, read with two ranged reads from its end; null when it is unsound. */
export async function readStoredZipDirectory(file: StoredFile, size: number): Promise<ZipEntry[] | null> {
  const tailLength = Math.min(size, ZIP_TAIL_BYTES);
  const tail = await file.bytes({ offset: size - tailLength, length: tailLength });
  const location = locateZipDirectory(tail);
  if (!location || location.offset + location.size > size) return null;
  const directory = await file.bytes({ offset: location.offset, length: location.size });
  const entries = readZipDirectory(directory);
  return entries.length === location.entryCount ? entries : null;
}

/** The compressed bytes of one zip entry, as a ranged read streams them. */
async function* zipEntryBytes(file: StoredFile, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  // The name/extra lengths are only known from the header's own fields, so read them first.
  const first30 = await file.bytes({ offset: entry.localHeaderOffset, length: 30 });
  let start: number;
  try {
    start = entry.localHeaderOffset + localHeaderLength(first30);
  } catch (error) {
    throw asFileError(error, "bozuk .xlsx");
  }
  yield* await file.stream({ offset: start, length: entry.compressedSize });
}

/**
 * The inflated bytes of one zip entry, bounded by its declared size and the ratio limit
 * (zip-inflate.ts): an entry that breaks them is a broken file, while a failed
 * read of the store is thrown as it is, for the queue to retry.
 */
async function* zipEntryInflated(file: StoredFile, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  try {
    yield* inflateZipEntry(zipEntryBytes(file, entry), entry);
  } catch (error) {
    throw error instanceof ZipEntryError ? new ImportFileError(`bozuk .xlsx: ${error.message}`) : error;
  }
}

/**
 * Text of one zip entry. Native zlib inflates it (fflate's streaming inflate in JavaScript took
 * about 4 s of every 100,000-row XLSX import, more than reading its XML; decision 042).
 */
async function* zipEntryText(file: StoredFile, entry: ZipEntry): AsyncGenerator<string> {
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
  for await (const chunk of zipEntryInflated(file, entry)) {
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
async function checkZipEntry(file: StoredFile, entry: ZipEntry): Promise<void> {
  for await (const _ of zipEntryInflated(file, entry));
}

const TEXT_PIECE_BYTES = 256 * 1024;

async function entryAsText(file: StoredFile, entry: ZipEntry, maxBytes = 4 * 1024 * 1024): Promise<string> {
  if (entry.uncompressedSize > maxBytes) throw new ImportFileError(`bozuk .xlsx: ${entry.name} beklenenden büyük`);
  let text = "";
  for await (const part of zipEntryText(file, entry)) text += part;
  return text;
}

/** Shared strings go to side objects in chunks of this many strings (or characters). */
const STRINGS_PER_CHUNK = 50_000;
const CHUNK_MAX_CHARS = 2_000_000;
/** Chunks kept in memory while reading the sheet: exports number strings in row order. */
const CACHED_CHUNKS = 4;

interface SharedStringsIndex {
  /** First string index of each chunk. */
  starts: number[];
  count: number;
}

/**
 * First pass: streams the shared-strings table into side chunks (bounded memory whatever its
 * size). Idempotent: a resumed step finds the index object and skips the pass.
 */
async function storeSharedStrings(file: StoredFile, entry: ZipEntry): Promise<SharedStringsIndex> {
  const stored = await file.readSide<SharedStringsIndex>("index");
  if (stored) return stored;
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
    for (const strings of ready.splice(0)) await file.writeSide(String(written++), strings);
  };
  const turns = new Yielder();
  for await (const text of zipEntryText(file, entry)) {
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
  await file.writeSide("index", index);
  return index;
}

/** Looks shared strings up by index, holding a few chunks in memory. */
class SharedStrings {
  private readonly cache = new Map<number, string[]>();

  constructor(
    private readonly file: StoredFile,
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
      const stored = await this.file.readSide<string[]>(String(chunk));
      if (!stored) throw new Error(`shared strings chunk ${chunk} of ${this.file.key} is missing`);
      strings = stored;
      if (this.cache.size >= CACHED_CHUNKS) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(chunk, strings);
    }
    return strings[i - this.index.starts[chunk]!]!;
  }
}

/**
 * XLSX: the zip's central directory is read from the end of the object (ranged get). The
 * shared strings (stored by Excel after the sheet) are first moved to side objects in
 * chunks, then the first sheet is streamed and its string cells looked up chunk by chunk.
 * A resumed step streams the sheet again from its start (the inflate state cannot be saved)
 * and the reader cuts out the rows already done without parsing them: inflating and searching
 * for tags, about a fortieth of parsing.
 */
async function* xlsxRows(file: StoredFile, size: number, from: ResumePoint, onSheet: (sheet: SheetChoice) => void): AsyncGenerator<SourceRow> {
  const entries = await readStoredZipDirectory(file, size).catch(() => null);
  if (!entries) throw new ImportFileError("bozuk .xlsx: zip dizini okunamadı");
  const byName = new Map(entries.map((e) => [e.name, e]));
  const workbook = byName.get("xl/workbook.xml");
  const relationships = byName.get("xl/_rels/workbook.xml.rels");
  if (!workbook || !relationships) throw new ImportFileError("bozuk .xlsx: çalışma kitabı bulunamadı");
  let chosen: ReturnType<typeof firstVisibleSheet>;
  try {
    chosen = firstVisibleSheet(await entryAsText(file, workbook), await entryAsText(file, relationships));
  } catch (error) {
    throw asFileError(error, "bozuk .xlsx");
  }
  const sheet = chosen ? byName.get(chosen.path) : undefined;
  if (!chosen || !sheet) throw new ImportFileError("bozuk .xlsx: ilk sayfa bulunamadı");
  onSheet(chosen);

  const stylesEntry = byName.get("xl/styles.xml");
  let formats = CellFormats.none;
  try {
    if (stylesEntry) formats = CellFormats.fromStylesXml(await entryAsText(file, stylesEntry));
  } catch (error) {
    throw asFileError(error, "bozuk .xlsx (stiller)");
  }
  // The first step only: a resumed one follows a step that checked it, and the stored file does not change.
  if (from.row === 0) await checkZipEntry(file, sheet);
  const sharedEntry = byName.get("xl/sharedStrings.xml");
  const shared = new SharedStrings(file, sharedEntry ? await storeSharedStrings(file, sharedEntry) : { starts: [0], count: 0 });
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
  for await (const text of zipEntryText(file, sheet)) {
    for (const row of parse(text)) if (row.rowNumber > from.row) yield { rowNumber: row.rowNumber, cells: await resolve(row.cells) };
    await turns.after(text.length);
  }
  for (const row of parse(null)) if (row.rowNumber > from.row) yield { rowNumber: row.rowNumber, cells: await resolve(row.cells) };
}

/** Legacy .xls: no streaming parser exists; SheetJS reads it whole, under the upload's size cap. */
async function* xlsRows(file: StoredFile, from: ResumePoint, onSheet: (sheet: SheetChoice) => void): AsyncGenerator<SourceRow> {
  const bytes = await file.bytes();
  const XLSX = await import("@e965/xlsx");
  let rows: unknown[][];
  let formatOf: (i: number, j: number) => string | undefined;
  let firstRow: number;
  try {
    // cellNF keeps each cell's number format: a phone or postal code typed as a number has its leading zeros only there.
    const workbook = XLSX.read(bytes, { type: "array", dense: true, cellNF: true });
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
export async function checkCsvComplete(file: StoredFile): Promise<void> {
  const chunks = await file.stream();
  // Structure only: no cell is decoded, so the check costs a fraction of the import's own parse.
  const parser = new CsvParser(0, { cells: false });
  const turns = new Yielder();
  try {
    for await (const chunk of chunks) {
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
  file: StoredFile,
  type: SpreadsheetType,
  size: number,
  from: ResumePoint,
  onSheet: (sheet: SheetChoice) => void = () => {},
): AsyncGenerator<SourceRow> {
  if (type === "csv") return csvRows(file, from);
  if (type === "xlsx") return xlsxRows(file, size, from, onSheet);
  return xlsRows(file, from, onSheet);
}
