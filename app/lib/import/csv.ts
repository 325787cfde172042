/**
 * Streaming RFC 4180 CSV parser working on bytes: quoted fields with embedded commas, quotes
 * and newlines, CRLF/LF/CR line ends, a UTF-8 BOM. Working on bytes (the delimiters are ASCII,
 * so UTF-8 text never looks like them) gives the exact byte offset after every record: the
 * import's resume cursor, read back with a ranged R2 get. Memory holds one record at a time.
 */

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

export interface CsvRecord {
  cells: string[];
  /** Byte offset in the file just after this record: where the next one starts. */
  endOffset: number;
}

export class CsvTruncatedError extends Error {}

export class CsvParser {
  private offset: number;
  /** The current record's content bytes (every field, back to back). */
  private record = new Uint8Array(1024);
  private recordLength = 0;
  /** Where the current field starts in `record`. */
  private fieldStart = 0;
  /** UTF-16 length of the record's text so far, counted from the UTF-8 bytes. */
  private units = 0;
  /** Per field: its end in `record` (bytes) and in the record's text (UTF-16 units). */
  private fieldByteEnds: number[] = [];
  private fieldUnitEnds: number[] = [];
  private inQuotes = false;
  private quotePending = false;
  private fieldQuoted = false;
  private skipLineFeed = false;
  private readonly decoder = new TextDecoder();
  private readonly keepCells: boolean;

  /**
   * `startOffset` is where the bytes pushed first sit in the file (0, or a resume cursor).
   * With `cells: false` the parser follows the structure only (nothing is decoded and no record
   * returned): enough for `finish` to tell whether the file ends inside an open quote.
   */
  constructor(startOffset = 0, { cells = true }: { cells?: boolean } = {}) {
    this.offset = startOffset;
    this.keepCells = cells;
  }

  push(chunk: Uint8Array): CsvRecord[] {
    const records: CsvRecord[] = [];
    let i = 0;
    if (this.offset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
      i = 3;
      this.offset = 3;
    }
    for (; i < chunk.length; i++) {
      const byte = chunk[i]!;
      this.offset++;
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
      } else if (byte === COMMA) {
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
    if (this.inQuotes && !this.quotePending) throw new CsvTruncatedError("CSV dosyası kapanmamış bir tırnakla bitiyor (eksik ya da bozuk dosya).");
    this.inQuotes = false;
    this.quotePending = false;
    const record = this.endRecord();
    return record ? [record] : [];
  }

  private append(byte: number) {
    if (this.recordLength === this.record.length) {
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
    if (blank) return null; // empty lines carry no record
    this.endField();
    const cells = this.keepCells ? this.recordCells() : [];
    this.recordLength = 0;
    this.fieldStart = 0;
    this.units = 0;
    this.fieldByteEnds = [];
    this.fieldUnitEnds = [];
    return this.keepCells ? { cells, endOffset: this.offset } : null;
  }

  /**
   * The record's text is decoded once and cut at the fields' ends (one TextDecoder call per
   * record, not one per cell: decoding was most of the import's CPU time). Bytes that are not
   * valid UTF-8 make the counted lengths disagree; then each cell is decoded on its own.
   */
  private recordCells(): string[] {
    const bytes = this.record.subarray(0, this.recordLength);
    const text = this.decoder.decode(bytes);
    const cells: string[] = [];
    if (text.length === this.units) {
      let start = 0;
      for (const end of this.fieldUnitEnds) {
        cells.push(text.slice(start, end));
        start = end;
      }
    } else {
      let start = 0;
      for (const end of this.fieldByteEnds) {
        cells.push(this.decoder.decode(bytes.subarray(start, end)));
        start = end;
      }
    }
    return cells;
  }
}
