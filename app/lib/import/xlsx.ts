/**
 * Streaming readers for the XML parts of an .xlsx (fed text chunks from a streaming unzip):
 * the shared-strings table and a worksheet, plus the lookup of the first sheet's path.
 */
import { SaxesParser, type SaxesTagPlain } from "saxes";

/**
 * Collects the shared-strings table. Excel writes it after the sheets, so it is read first in
 * its own pass; it is kept as one array of strings (bounded by MAX_SHARED_STRING_CHARS).
 */
export const MAX_SHARED_STRING_CHARS = 40_000_000;

export class SharedStringsReader {
  readonly strings: string[] = [];
  private readonly parser = new SaxesParser();
  private current: string | null = null;
  private inText = false;
  /** Phonetic runs (<rPh>) are reading aids, not part of the text. */
  private inPhonetic = false;
  private chars = 0;

  constructor() {
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
        this.chars += this.current.length;
        if (this.chars > MAX_SHARED_STRING_CHARS) throw new Error("Paylaşılan metin tablosu çok büyük.");
        this.strings.push(this.current);
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

export interface SheetRow {
  /** 1-based row number in the sheet. */
  rowNumber: number;
  cells: string[];
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

/** Reads rows of a worksheet as they stream by; cell values are resolved to text. */
export class SheetReader {
  private readonly parser = new SaxesParser();
  private rows: SheetRow[] = [];
  private row: string[] | null = null;
  private rowNumber = 0;
  private cellType: string | null = null;
  private cellIndex = 0;
  private value: string | null = null;
  private inValue = false;

  constructor(sharedStrings: readonly string[]) {
    this.parser.on("opentag", (tag: SaxesTagPlain) => {
      switch (tag.name) {
        case "row": {
          const r = Number(tag.attributes.r);
          this.rowNumber = Number.isInteger(r) && r > 0 ? r : this.rowNumber + 1;
          this.row = [];
          break;
        }
        case "c": {
          this.cellType = (tag.attributes.t as string | undefined) ?? "n";
          const reference = tag.attributes.r as string | undefined;
          this.cellIndex = reference ? columnIndex(reference) : (this.row?.length ?? 0);
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
          let text = this.value;
          if (this.cellType === "s") text = sharedStrings[Number(text)] ?? "";
          else if (this.cellType === "b") text = text === "1" ? "true" : "false";
          while (this.row.length < this.cellIndex) this.row.push("");
          this.row[this.cellIndex] = text;
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
