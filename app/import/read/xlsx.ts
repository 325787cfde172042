/**
 * Streaming readers for the XML parts of an .xlsx (fed text chunks from a streaming unzip):
 * the shared-strings table and a worksheet, plus the lookup of the first sheet's path.
 */
import { MAX_XML_TEXT_CHARACTERS, overlongTextError, tagEnd, XmlScanner, xmlAttributes } from "./xml-scanner";

/**
 * Text as written before Excel escaped it: a character XML cannot hold (a carriage return, other
 * control characters) is stored as _xHHHH_, so a multi-line cell from Excel, openpyxl or
 * XlsxWriter holds "_x000D_" before each line break; _x005F_ is a literal "_", so "_x005F_x000D_"
 * is the text "_x000D_" (ECMA-376 Part 1, 22.9.2.19 ST_Xstring).
 */
function withoutOoxmlEscapes(text: string): string {
  return text.includes("_x") ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : text;
}

/**
 * Reads the shared-strings table, handing each string to `onString` in table order. Excel
 * writes the table after the sheets and it can be larger than the sheet itself, so the import
 * never holds it whole: the strings go to side storage in chunks (see rows.ts).
 */
export class SharedStringsReader {
  private readonly scanner: XmlScanner;
  private current: string | null = null;
  /** Strings read so far: names the one that is too long. */
  private count = 0;
  private inText = false;
  /** Phonetic runs (<rPh>) are reading aids, not part of the text. */
  private inPhonetic = false;

  constructor(onString: (text: string) => void) {
    this.scanner = new XmlScanner({
      open: (name) => {
        if (name === "si") this.current = "";
        else if (name === "rPh") this.inPhonetic = true;
        else if (name === "t" && !this.inPhonetic) this.inText = true;
      },
      text: (text) => {
        if (this.inText && this.current !== null) {
          this.current += text;
          if (this.current.length > MAX_XML_TEXT_CHARACTERS) throw overlongTextError(`paylaşılan metin ${this.count + 1}`);
        }
      },
      close: (name) => {
        if (name === "t") this.inText = false;
        else if (name === "rPh") this.inPhonetic = false;
        else if (name === "si" && this.current !== null) {
          onString(withoutOoxmlEscapes(this.current));
          this.current = null;
          this.count++;
        }
      },
    });
  }

  push(text: string) {
    this.scanner.write(text);
  }

  finish() {
    this.scanner.close();
  }
}

/** A cell holding an index into the shared-strings table, resolved by the caller. */
export interface SharedStringRef {
  shared: number;
}

export type SheetCell = string | SharedStringRef;

export interface SheetRow {
  /** 1-based row number in the sheet. */
  rowNumber: number;
  cells: SheetCell[];
}

/** Excel's last column, XFD: a cell past it is a broken (or hostile) sheet, not data. */
const LAST_COLUMN_INDEX = 16_383;

/** Column letters of a cell reference to a 0-based index: "AB12" → 27. */
export function columnIndex(reference: string): number {
  let index = 0;
  for (const ch of reference) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

/** Where a `<row` start tag begins at or after `from` (not `<rowBreaks`); -2 when `text` ends too soon to tell. */
function rowTagStart(text: string, from: number): number {
  for (let at = text.indexOf("<row", from); at >= 0; at = text.indexOf("<row", at + 4)) {
    const next = text.charCodeAt(at + 4);
    if (Number.isNaN(next)) return -2;
    // whitespace, ">" or "/" after the name
    if (next === 32 || next === 9 || next === 10 || next === 13 || next === 62 || next === 47) return at;
  }
  return -1;
}

/** Where the text's last characters could begin a "<row" tag ("<", "<r", "<ro"), else its length. */
function partialRowTagAtEnd(text: string, from: number): number {
  for (let i = Math.max(from, text.length - 3); i < text.length; i++) {
    if (text.charCodeAt(i) === 60 && "<row".startsWith(text.slice(i))) return i;
  }
  return text.length;
}

const ROW_NUMBER_ATTRIBUTE = /\sr\s*=\s*["'](\d+)["']/;

/**
 * The number formats of a workbook's cell styles (xl/styles.xml), as far as an import needs
 * them: a phone or postal code typed as a number keeps its leading zeros or "+" only through
 * its format ("0000000000" shows 301234567 as 0301234567, "+"0 shows 905321234567 as +905321234567).
 * Other formats (decimals, dates, percentages) leave the stored value as it is.
 */
export class CellFormats {
  /** Per cell style: the prefix and width its format pads a whole number to, if it does. */
  private constructor(private readonly paddingByStyle: (NumberPadding | undefined)[]) {}

  static none = new CellFormats([]);

  static fromStylesXml(xml: string): CellFormats {
    const codes = new Map<string, string>();
    const styleFormats: string[] = [];
    let inCellXfs = false;
    new XmlScanner({
      open: (name, text) => {
        if (name === "numFmt") {
          const attributes = xmlAttributes(text);
          if (attributes.numFmtId && attributes.formatCode !== undefined) codes.set(attributes.numFmtId, attributes.formatCode);
        } else if (name === "cellXfs") inCellXfs = true;
        else if (name === "xf" && inCellXfs) styleFormats.push(xmlAttributes(text).numFmtId ?? "0");
      },
      text: () => {},
      close: (name) => {
        if (name === "cellXfs") inCellXfs = false;
      },
    })
      .write(xml)
      .close();
    return new CellFormats(styleFormats.map((id) => numberPadding(codes.get(id) ?? "")));
  }

  /** A number cell's text as its style shows it, where that adds zeros or a prefix; else as stored. */
  display(value: string, styleIndex: number): string {
    return padNumber(value, this.paddingByStyle[styleIndex]);
  }
}

type NumberPadding = { prefix: string; width: number };

/** The prefix and width a number format pads a whole number to, if it is zeros alone after a quoted or escaped prefix: "0000000000", "+"0, \+0. */
function numberPadding(formatCode: string): NumberPadding | undefined {
  const padded = /^(?:"([^"]*)"|\\(.))?(0+)$/.exec(formatCode);
  return padded ? { prefix: padded[1] ?? padded[2] ?? "", width: padded[3]!.length } : undefined;
}

function padNumber(value: string, padding: NumberPadding | undefined): string {
  if (!padding || !/^\d+$/.test(value)) return value;
  return padding.prefix + value.padStart(padding.width, "0");
}

/**
 * A legacy .xls number cell's text as its format shows it, where that adds zeros or a prefix (as
 * `CellFormats.display` for .xlsx); else the number itself.
 */
export function xlsNumberCell(value: number, formatCode: string | undefined): string | number {
  const padding = formatCode === undefined ? undefined : numberPadding(formatCode);
  return padding && Number.isSafeInteger(value) && value >= 0 ? padNumber(String(value), padding) : value;
}

/**
 * Reads rows of a worksheet as they stream by; shared-string cells come back as references.
 *
 * A resumed import (decision 041) passes the last row it wrote as `skipThroughRow`: the rows up
 * to it are cut out of the text by searching for their tags, not parsed, because parsing them
 * (about 2.4 s per 100,000 rows) was most of a late step's work and made a file's steps cost
 * O(steps × rows). The skip ends at the first row numbered above the cursor, or falls back to
 * parsing when a skipped row holds a comment or CDATA section (where a literal `</row>` could
 * hide); the caller still drops rows at or below the cursor.
 */
export class SheetReader {
  private readonly parser: XmlScanner;
  /** Text held back while skipping: an unfinished row or tag at the end of a chunk. */
  private held = "";
  private skipping: boolean;
  private rows: SheetRow[] = [];
  private row: SheetCell[] | null = null;
  private rowNumber = 0;
  private cellType: string | null = null;
  private cellStyle = 0;
  private cellIndex = 0;
  /** Where a cell without an `r` reference sits: right after the previous cell (ECMA-376). */
  private nextCellIndex = 0;
  private value: string | null = null;
  private inValue = false;

  constructor(
    private readonly skipThroughRow = 0,
    private readonly formats = CellFormats.none,
  ) {
    this.skipping = skipThroughRow > 0;
    this.parser = new XmlScanner({
      open: (name, text) => {
        switch (name) {
          case "row": {
            const r = Number(xmlAttributes(text).r);
            this.rowNumber = Number.isInteger(r) && r > 0 ? r : this.rowNumber + 1;
            this.row = [];
            this.nextCellIndex = 0;
            break;
          }
          case "c": {
            const attributes = xmlAttributes(text);
            this.cellType = attributes.t ?? "n";
            this.cellStyle = Number(attributes.s ?? 0);
            const reference = attributes.r;
            // A valueless cell (<c/>) adds nothing to the row but still takes its column.
            this.cellIndex = reference ? columnIndex(reference) : this.nextCellIndex;
            // Checked before the row is padded out to it: "ZZZZZZZ3" would ask for gigabytes.
            if (this.cellIndex > LAST_COLUMN_INDEX) throw new Error(`${reference ?? "hücre"} Excel'in son sütunu XFD'nin ötesinde`);
            this.nextCellIndex = this.cellIndex + 1;
            this.value = null;
            break;
          }
          case "v":
          case "t":
            this.inValue = true;
            this.value ??= "";
            break;
        }
      },
      text: (text) => {
        if (!this.inValue) return;
        this.value += text;
        if (this.value!.length > MAX_XML_TEXT_CHARACTERS) throw overlongTextError(`satır ${this.rowNumber}: hücre`);
      },
      close: (name) => {
        switch (name) {
          case "v":
          case "t":
            this.inValue = false;
            break;
          case "c": {
            if (!this.row || this.value === null) break;
            let cell: SheetCell = this.value;
            if (this.cellType === "s") cell = { shared: Number(this.value) };
            else if (this.cellType === "b") cell = this.value === "1" ? "true" : "false";
            else if (this.cellType === "n") cell = this.formats.display(this.value, this.cellStyle);
            else if (this.cellType === "inlineStr" || this.cellType === "str") cell = withoutOoxmlEscapes(this.value);
            while (this.row.length < this.cellIndex) this.row.push("");
            this.row[this.cellIndex] = cell;
            break;
          }
          case "row":
            if (this.row) this.rows.push({ rowNumber: this.rowNumber, cells: this.row });
            this.row = null;
            break;
        }
      },
    });
  }

  /** Feeds XML text; returns the rows completed by it. */
  push(text: string): SheetRow[] {
    this.parser.write(this.skipping ? this.skip(text) : text);
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  finish(): SheetRow[] {
    // Whatever is still held (a cut-off row) goes to the parser, which reports it.
    this.parser.write(this.held);
    this.held = "";
    this.parser.close();
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  /** Removes the rows up to `skipThroughRow` from `text`; returns what the parser must read. */
  private skip(text: string): string {
    const buffer = this.held + text;
    this.held = "";
    let passed = "";
    let at = 0;
    // The next "<!" (comment or CDATA), found once and searched again only once passed.
    let hidden = buffer.indexOf("<!");
    for (;;) {
      const start = rowTagStart(buffer, at);
      if (start < 0) {
        const keep = start === -2 ? buffer.lastIndexOf("<row") : partialRowTagAtEnd(buffer, at);
        this.held = buffer.slice(keep);
        return passed + buffer.slice(at, keep);
      }
      passed += buffer.slice(at, start);
      const startEnd = tagEnd(buffer, start);
      if (startEnd < 0) {
        this.held = buffer.slice(start);
        if (this.held.length > MAX_XML_TEXT_CHARACTERS) throw overlongTextError("bir <row> etiketi");
        return passed;
      }
      const r = Number(ROW_NUMBER_ATTRIBUTE.exec(buffer.slice(start, startEnd))?.[1]);
      const rowNumber = Number.isInteger(r) && r > 0 ? r : this.rowNumber + 1;
      const selfClosing = buffer.charCodeAt(startEnd - 1) === 47;
      const close = selfClosing ? startEnd + 1 : buffer.indexOf("</row>", startEnd);
      if (hidden >= 0 && hidden < startEnd) hidden = buffer.indexOf("<!", startEnd);
      const mayHide = hidden >= 0 && (close < 0 || hidden < close);
      if (rowNumber > this.skipThroughRow || mayHide) {
        // The parser takes over from this row, counting on from the last row skipped.
        this.skipping = false;
        return passed + buffer.slice(start);
      }
      if (close < 0) {
        this.held = buffer.slice(start);
        if (this.held.length > MAX_XML_TEXT_CHARACTERS) throw overlongTextError(`satır ${rowNumber} metni`);
        return passed;
      }
      this.rowNumber = rowNumber;
      at = selfClosing ? close : close + 6;
    }
  }
}

function attributesOf(xml: string, element: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  new XmlScanner({
    open: (name, text) => {
      if (name === element) found.push(xmlAttributes(text));
    },
    text: () => {},
    close: () => {},
  })
    .write(xml)
    .close();
  return found;
}

/** The sheet of a workbook an import reads, and the other visible sheets it leaves unread. */
export interface SheetChoice {
  index: number;
  name: string;
  /** Visible sheets other than the one read: the report names them, so no data goes unnoticed. */
  unread: string[];
}

/**
 * The first visible sheet (a hidden one holds old or helper data the administrator does not
 * see), or the first sheet when all are hidden. Null for a workbook without sheets.
 */
export function chooseSheet(sheets: readonly { name: string; hidden: boolean }[]): SheetChoice | null {
  if (sheets.length === 0) return null;
  const index = Math.max(0, sheets.findIndex((s) => !s.hidden));
  const unread = sheets.filter((s, i) => i !== index && !s.hidden).map((s) => s.name);
  return { index, name: sheets[index]!.name, unread };
}

/**
 * The sheet an import reads (chooseSheet) with its path inside the zip, from workbook.xml and
 * its relationships; null when the workbook names no readable sheet.
 */
export function firstVisibleSheet(workbookXml: string, relationshipsXml: string): (SheetChoice & { path: string }) | null {
  const sheets = attributesOf(workbookXml, "sheet");
  const choice = chooseSheet(sheets.map((s) => ({ name: s.name ?? "", hidden: s.state === "hidden" || s.state === "veryHidden" })));
  const id = choice ? sheets[choice.index]?.["r:id"] : undefined;
  if (!choice || !id) return null;
  const target = attributesOf(relationshipsXml, "Relationship").find((r) => r.Id === id)?.Target;
  if (!target) return null;
  return { ...choice, path: target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}` };
}
