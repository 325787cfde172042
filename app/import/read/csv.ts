/**
 * Streaming RFC 4180 CSV parser working on bytes: quoted fields with embedded delimiters, quotes
 * and newlines, CRLF/LF/CR line ends, a UTF-8 BOM. Working on bytes (the delimiters are ASCII,
 * so UTF-8 text never looks like them) gives the exact byte offset after every record: the
 * import's resume cursor, read back with a ranged R2 get. Memory holds one record at a time.
 *
 * The delimiter is the header line's: a comma, unless that line has no comma outside quotes and
 * has a semicolon or a tab (what Excel writes as "CSV" with a European list separator, or as
 * tab-separated text). A record that is not valid UTF-8 is read as Windows-1252 (Excel's "CSV"
 * on many Windows machines), or as Windows-1254 when its letters are Turkish ones, decided for
 * each record on its own bytes (see decision 077).
 */
import { joinBytes } from "~/lib/web/bytes";

const QUOTE = 0x22;
const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const BOM = [0xef, 0xbb, 0xbf];

/** Windows-1252 at 0x80–0x9F (the five bytes it leaves undefined map to the C1 controls, as WHATWG does). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Windows-1252, byte → UTF-16 unit: 0x80–0x9F by the Windows table, every other byte as Latin-1. */
const CP1252 = Uint16Array.from({ length: 256 }, (_, byte) => (byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : byte));

/** The six letters where Windows-1254 (Turkish) differs from 1252: Ğ İ Ş ğ ı ş in place of Ð Ý Þ ð ý þ. */
const CP1254_LETTERS: [number, number][] = [[0xd0, 0x11e], [0xdd, 0x130], [0xde, 0x15e], [0xf0, 0x11f], [0xfd, 0x131], [0xfe, 0x15f]];

/** Windows-1254: 1252 but for those six letters and Ž ž (0x8E, 0x9E), which 1254 leaves undefined (C1 controls, as WHATWG). */
const CP1254 = CP1252.slice();
CP1254[0x8e] = 0x8e;
CP1254[0x9e] = 0x9e;
for (const [byte, code] of CP1254_LETTERS) CP1254[byte] = code;

/**
 * Per byte: 1 for the six bytes that are Turkish letters in 1254; 2 for letters that 1252 has
 * and a Turkish text does not: á í ó ú æ and capitals, which Icelandic (the other language writing
 * ð þ ý) uses, and Ž ž, which 1254 lacks.
 */
const CODE_PAGE_HINT = new Uint8Array(256);
for (const [byte] of CP1254_LETTERS) CODE_PAGE_HINT[byte] = 1;
for (const byte of [0xe1, 0xed, 0xf3, 0xfa, 0xe6, 0xc1, 0xcd, 0xd3, 0xda, 0xc6, 0x8e, 0x9e]) CODE_PAGE_HINT[byte] = 2;

function decodeByTable(bytes: Uint8Array, table: Uint16Array): string {
  const parts: string[] = [];
  const codes = new Array<number>(Math.min(bytes.length, 8192));
  for (let start = 0; start < bytes.length; start += 8192) {
    const end = Math.min(bytes.length, start + 8192);
    codes.length = end - start;
    for (let i = start; i < end; i++) codes[i - start] = table[bytes[i]!]!;
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join("");
}

/**
 * A record that is not UTF-8: Windows-1254 when it holds one of 1254's Turkish letters (Ğ İ Ş ğ ı ş;
 * 1252 would show Ð Ý Þ ð ý þ) and no letter that only a 1252 text holds; otherwise Windows-1252.
 * Decided from the record's bytes alone, so a resumed step decides as a read from the start.
 * One UTF-16 unit per byte either way.
 */
export function decodeSingleByteRecord(bytes: Uint8Array): string {
  let turkish = false;
  for (let i = 0; i < bytes.length; i++) {
    const hint = CODE_PAGE_HINT[bytes[i]!]!;
    if (hint === 2) return decodeByTable(bytes, CP1252);
    if (hint === 1) turkish = true;
  }
  return decodeByTable(bytes, turkish ? CP1254 : CP1252);
}

/**
 * Finds the delimiter from the file's first line (its header), fed from the start of the file
 * in chunks of any size. Quotes are read as the parser reads them, so a quoted header holding a
 * comma or a line break does not mislead it.
 */
export class CsvDelimiterSniffer {
  private position = 0;
  private inQuotes = false;
  private quotePending = false;
  private atFieldStart = true;
  private commas = 0;
  private semicolons = 0;
  private tabs = 0;
  private ended = false;
  /** Bytes of a UTF-8 BOM read so far at the start of the file. */
  private bomSoFar = 0;

  /** Inside a quoted field of the header line. */
  get inOpenQuote(): boolean {
    return this.inQuotes && !this.quotePending;
  }

  /** True once the header line has ended: `delimiter` is then final. */
  get done(): boolean {
    return this.ended;
  }

  /** Reads bytes of the header line; bytes after its end are not looked at. */
  push(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length && !this.ended; i++) {
      const byte = chunk[i]!;
      const position = this.position++;
      if (position < 3 && position === this.bomSoFar && byte === BOM[position]) {
        this.bomSoFar++;
        continue;
      }
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false;
          if (byte === QUOTE) continue;
          this.inQuotes = false; // the quote closed the field: read this byte as unquoted
        } else {
          if (byte === QUOTE) this.quotePending = true;
          continue;
        }
      }
      if (byte === QUOTE && this.atFieldStart) {
        this.inQuotes = true;
        this.atFieldStart = false;
      } else if (byte === LF || byte === CR) {
        // Blank lines before the header carry no record (the parser skips them too).
        if (this.atFieldStart && this.commas + this.semicolons + this.tabs === 0) continue;
        this.ended = true;
      } else if (byte === COMMA || byte === SEMICOLON || byte === TAB) {
        if (byte === COMMA) this.commas++;
        else if (byte === SEMICOLON) this.semicolons++;
        else this.tabs++;
        this.atFieldStart = true;
      } else {
        this.atFieldStart = false;
      }
    }
  }

  /** Comma, unless the line has no comma outside quotes and has a semicolon or a tab (the more frequent; semicolon on a tie). */
  get delimiter(): number {
    if (this.commas > 0 || (this.semicolons === 0 && this.tabs === 0)) return COMMA;
    return this.tabs > this.semicolons ? TAB : SEMICOLON;
  }
}

export interface CsvRecord {
  cells: string[];
  /** Byte offset in the file just after this record: where the next one starts. */
  endOffset: number;
  /** Empty lines just before this record, which hold no record but are rows of the sheet. */
  blankLinesBefore: number;
}

export class CsvTruncatedError extends Error {}

/**
 * The longest record read, in bytes: far more than a spreadsheet row holds (Excel keeps at most
 * 32,767 characters a cell), and few enough that holding one stays well inside a Worker's
 * memory. A longer one is an open quote running on through the file, or no line breaks at all.
 */
export const MAX_CSV_RECORD_BYTES = 8 * 1024 * 1024;

function overlongRecordError(row: number | null, inQuotes: boolean): CsvTruncatedError {
  const where = row === null ? "Bir kayıt" : `Satır ${row}: kayıt`;
  const why = inQuotes ? "büyük olasılıkla bir tırnak kapanmamış" : "satır sonu bulunamadı";
  return new CsvTruncatedError(`${where} ${MAX_CSV_RECORD_BYTES / (1024 * 1024)} MB'tan uzun; ${why} (bozuk dosya).`);
}

export class CsvParser {
  private offset: number;
  /** The current record's content bytes (every field, back to back). */
  private record = new Uint8Array(1024);
  private recordLength = 0;
  /** Where the current field starts in `record`. */
  private fieldStart = 0;
  /** UTF-16 length of the record's text so far, counted from the UTF-8 bytes. */
  private units = 0;
  private blankLines = 0;
  /** Records and empty lines ended since `startOffset`: from the start, the current record's row is this + 1. */
  private rowsEnded = 0;
  private readonly fromStart: boolean;
  /** Per field: its end in `record` (bytes) and in the record's text (UTF-16 units). */
  private fieldByteEnds: number[] = [];
  private fieldUnitEnds: number[] = [];
  private inQuotes = false;
  private quotePending = false;
  private fieldQuoted = false;
  private skipLineFeed = false;
  /** The first byte pushed is the line end of the record before: read for its CR, never as a row. */
  private onLineEnd: boolean;
  /**
   * Fatal: a record that is not valid UTF-8 throws, and is then read as Windows-1252/1254. The file's
   * BOM is skipped by `parse`; any other U+FEFF is kept, so the counted lengths stay exact.
   */
  private readonly decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  private readonly keepCells: boolean;
  /** The field delimiter; null until the header line has been seen (a parse from the start). */
  private delimiter: number | null;
  /** While the delimiter is unknown: the sniffer and the bytes held back until the header line ends. */
  private sniffer: CsvDelimiterSniffer | null = null;
  private held: Uint8Array[] = [];
  private heldBytes = 0;

  /**
   * `startOffset` is where the bytes pushed first sit in the file (0, or a resume cursor).
   * From the start, the delimiter is found from the header line unless given; a parse resumed
   * later in the file must be given it (a `CsvDelimiterSniffer` fed the file's head, as the import does), else it is a comma.
   * With `cells: false` the parser follows the structure only (nothing is decoded and no record
   * returned): enough for `finish` to tell whether the file ends inside an open quote.
   * `startsOnLineEnd`: the bytes pushed start one before a resume cursor, on the line end of the
   * record before it, so that a CRLF's LF there is not read as a blank row.
   */
  constructor(startOffset = 0, { cells = true, delimiter, startsOnLineEnd = false }: { cells?: boolean; delimiter?: number; startsOnLineEnd?: boolean } = {}) {
    this.offset = startOffset;
    this.onLineEnd = startsOnLineEnd;
    this.fromStart = startOffset === 0 && !startsOnLineEnd;
    this.keepCells = cells;
    this.delimiter = delimiter ?? (startOffset === 0 ? null : COMMA);
    if (this.delimiter === null) this.sniffer = new CsvDelimiterSniffer();
  }

  push(chunk: Uint8Array): CsvRecord[] {
    if (!this.sniffer) return this.parse(chunk);
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    this.sniffer.push(chunk);
    if (this.sniffer.done) return this.release();
    // A header line that does not end is held no further than a record would be.
    if (this.heldBytes > MAX_CSV_RECORD_BYTES) throw overlongRecordError(1, this.sniffer.inOpenQuote);
    return [];
  }

  /** Fixes the delimiter from the header line and parses the bytes held back until then. */
  private release(): CsvRecord[] {
    this.delimiter = this.sniffer!.delimiter;
    this.sniffer = null;
    const held = joinBytes(this.held);
    this.held = [];
    this.heldBytes = 0;
    return this.parse(held);
  }

  private parse(chunk: Uint8Array): CsvRecord[] {
    const delimiter = this.delimiter!;
    const records: CsvRecord[] = [];
    let i = 0;
    if (this.offset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
      i = 3;
      this.offset = 3;
    }
    for (; i < chunk.length; i++) {
      const byte = chunk[i]!;
      this.offset++;
      if (this.onLineEnd) {
        this.onLineEnd = false;
        this.skipLineFeed = byte === CR;
        continue;
      }
      if (this.skipLineFeed) {
        this.skipLineFeed = false;
        if (byte === LF) continue;
      }
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false;
          if (byte === QUOTE) {
            this.append(QUOTE);
            continue;
          }
          this.inQuotes = false; // the quote closed the field: read this byte as unquoted
        } else if (byte === QUOTE) {
          this.quotePending = true;
          continue;
        } else {
          this.append(byte);
          continue;
        }
      }
      if (byte === QUOTE && this.recordLength === this.fieldStart && !this.fieldQuoted) {
        this.inQuotes = true;
        this.fieldQuoted = true;
      } else if (byte === delimiter) {
        this.endField();
      } else if (byte === LF || byte === CR) {
        if (byte === CR) this.skipLineFeed = true;
        const record = this.endRecord();
        if (record) records.push(record);
      } else {
        this.append(byte);
      }
    }
    return records;
  }

  /** The last record when the file does not end with a line break; throws inside an open quote. */
  finish(): CsvRecord[] {
    const held = this.sniffer ? this.release() : [];
    if (this.inQuotes && !this.quotePending) throw new CsvTruncatedError("CSV dosyası kapanmamış bir tırnakla bitiyor (eksik ya da bozuk dosya).");
    this.inQuotes = false;
    this.quotePending = false;
    const record = this.endRecord();
    return record ? [...held, record] : held;
  }

  private append(byte: number) {
    if (this.recordLength === this.record.length) {
      if (this.recordLength >= MAX_CSV_RECORD_BYTES) throw overlongRecordError(this.fromStart ? this.rowsEnded + 1 : null, this.inQuotes);
      const bigger = new Uint8Array(this.record.length * 2);
      bigger.set(this.record);
      this.record = bigger;
    }
    this.record[this.recordLength++] = byte;
    // One UTF-16 unit per UTF-8 lead byte, two for a 4-byte sequence; continuation bytes none.
    if ((byte & 0xc0) !== 0x80) this.units += byte >= 0xf0 ? 2 : 1;
  }

  private endField() {
    this.fieldByteEnds.push(this.recordLength);
    this.fieldUnitEnds.push(this.units);
    this.fieldStart = this.recordLength;
    this.fieldQuoted = false;
  }

  private endRecord(): CsvRecord | null {
    const blank = this.fieldByteEnds.length === 0 && this.recordLength === 0 && !this.fieldQuoted;
    this.rowsEnded++;
    if (blank) {
      // Empty lines carry no record, but a spreadsheet numbers them: counted for the next record.
      this.blankLines++;
      return null;
    }
    this.endField();
    const cells = this.keepCells ? this.recordCells() : [];
    this.recordLength = 0;
    this.fieldStart = 0;
    this.units = 0;
    this.fieldByteEnds = [];
    this.fieldUnitEnds = [];
    const blankLinesBefore = this.blankLines;
    this.blankLines = 0;
    return this.keepCells ? { cells, endOffset: this.offset, blankLinesBefore } : null;
  }

  /**
   * The record's text is decoded once and cut at the fields' ends (one TextDecoder call per
   * record, not one per cell: decoding was most of the import's CPU time). A record that is not
   * valid UTF-8 is read as Windows-1252 or -1254 (decodeSingleByteRecord), one character per byte,
   * and cut at the fields' byte ends.
   * The choice is made per record, from its bytes alone, so a step resumed at any record decides
   * exactly as a read from the start would.
   */
  private recordCells(): string[] {
    const bytes = this.record.subarray(0, this.recordLength);
    let text: string;
    let ends: number[];
    try {
      text = this.decoder.decode(bytes);
      ends = this.fieldUnitEnds; // valid UTF-8: the counted UTF-16 lengths are exact
    } catch {
      text = decodeSingleByteRecord(bytes);
      ends = this.fieldByteEnds;
    }
    const cells: string[] = [];
    let start = 0;
    for (const end of ends) {
      cells.push(text.slice(start, end));
      start = end;
    }
    return cells;
  }
}
