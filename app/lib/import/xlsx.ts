/**
 * Streaming readers for the XML parts of an .xlsx (fed text chunks from a streaming unzip):
 * the shared-strings table and a worksheet, plus the lookup of the first sheet's path.
 */
import { SaxesParser, type SaxesTagPlain } from "saxes";

/**
 * Reads the shared-strings table, handing each string to `onString` in table order. Excel
 * writes the table after the sheets and it can be larger than the sheet itself, so the import
 * never holds it whole: the strings go to side storage in chunks (see workers/import/sources.ts).
 */
export class SharedStringsReader {
  private readonly parser = new SaxesParser();
  private current: string | null = null;
  private inText = false;
  /** Phonetic runs (<rPh>) are reading aids, not part of the text. */
  private inPhonetic = false;

  constructor(onString: (text: string) => void) {
    this.parser.on("opentag", (tag: SaxesTagPlain) => {
      if (tag.name === "si") this.current = "";
      else if (tag.name === "rPh") this.inPhonetic = true;
      else if (tag.name === "t" && !this.inPhonetic) this.inText = true;
    });
    this.parser.on("text", (text) => {
      if (this.inText && this.current !== null) this.current += text;
    });
    this.parser.on("closetag", (tag: SaxesTagPlain) => {
      if (tag.name === "t") this.inText = false;
      else if (tag.name === "rPh") this.inPhonetic = false;
      else if (tag.name === "si" && this.current !== null) {
        onString(this.current);
        this.current = null;
      }
    });
  }

  push(text: string) {
    this.parser.write(text);
  }

  finish() {
    this.parser.close();
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

/** Reads rows of a worksheet as they stream by; shared-string cells come back as references. */
export class SheetReader {
  private readonly parser = new SaxesParser();
  private rows: SheetRow[] = [];
  private row: SheetCell[] | null = null;
  private rowNumber = 0;
  private cellType: string | null = null;
  private cellIndex = 0;
  /** Where a cell without an `r` reference sits: right after the previous cell (ECMA-376). */
  private nextCellIndex = 0;
  private value: string | null = null;
  private inValue = false;

  constructor() {
    this.parser.on("opentag", (tag: SaxesTagPlain) => {
      switch (tag.name) {
        case "row": {
          const r = Number(tag.attributes.r);
          this.rowNumber = Number.isInteger(r) && r > 0 ? r : this.rowNumber + 1;
          this.row = [];
          this.nextCellIndex = 0;
          break;
        }
        case "c": {
          this.cellType = (tag.attributes.t as string | undefined) ?? "n";
          const reference = tag.attributes.r as string | undefined;
          // A valueless cell (<c/>) adds nothing to the row but still takes its column.
          this.cellIndex = reference ? columnIndex(reference) : this.nextCellIndex;
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
    });
    this.parser.on("text", (text) => {
      if (this.inValue) this.value += text;
    });
    this.parser.on("closetag", (tag: SaxesTagPlain) => {
      switch (tag.name) {
        case "v":
        case "t":
          this.inValue = false;
          break;
        case "c": {
          if (!this.row || this.value === null) break;
          let cell: SheetCell = this.value;
          if (this.cellType === "s") cell = { shared: Number(this.value) };
          else if (this.cellType === "b") cell = this.value === "1" ? "true" : "false";
          while (this.row.length < this.cellIndex) this.row.push("");
          this.row[this.cellIndex] = cell;
          break;
        }
        case "row":
          if (this.row) this.rows.push({ rowNumber: this.rowNumber, cells: this.row });
          this.row = null;
          break;
      }
    });
  }

  /** Feeds XML text; returns the rows completed by it. */
  push(text: string): SheetRow[] {
    this.parser.write(text);
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  finish(): SheetRow[] {
    this.parser.close();
    const rows = this.rows;
    this.rows = [];
    return rows;
  }
}

function attributesOf(xml: string, element: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const parser = new SaxesParser();
  parser.on("opentag", (tag: SaxesTagPlain) => {
    if (tag.name === element) found.push(tag.attributes as Record<string, string>);
  });
  parser.write(xml).close();
  return found;
}

/** Path inside the zip of the workbook's first sheet, from workbook.xml and its relationships. */
export function firstSheetPath(workbookXml: string, relationshipsXml: string): string | null {
  const sheet = attributesOf(workbookXml, "sheet")[0];
  const id = sheet?.["r:id"];
  if (!id) return null;
  const target = attributesOf(relationshipsXml, "Relationship").find((r) => r.Id === id)?.Target;
  if (!target) return null;
  return target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`;
}
