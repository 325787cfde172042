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
  private field = new Uint8Array(256);
  private fieldLength = 0;
  private cells: string[] = [];
  private inQuotes = false;
  private quotePending = false;
  private fieldQuoted = false;
  private skipLineFeed = false;
  private readonly decoder = new TextDecoder();

  /** `startOffset` is where the bytes pushed first sit in the file (0, or a resume cursor). */
  constructor(startOffset = 0) {
    this.offset = startOffset;
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
      if (byte === QUOTE && this.fieldLength === 0 && !this.fieldQuoted) {
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
    if (this.fieldLength === this.field.length) {
      const bigger = new Uint8Array(this.field.length * 2);
      bigger.set(this.field);
      this.field = bigger;
    }
    this.field[this.fieldLength++] = byte;
  }

  private endField() {
    this.cells.push(this.decoder.decode(this.field.subarray(0, this.fieldLength)));
    this.fieldLength = 0;
    this.fieldQuoted = false;
  }

  private endRecord(): CsvRecord | null {
    const blank = this.cells.length === 0 && this.fieldLength === 0 && !this.fieldQuoted;
    if (blank) return null; // empty lines carry no record
    this.endField();
    const cells = this.cells;
    this.cells = [];
    return { cells, endOffset: this.offset };
  }
}
