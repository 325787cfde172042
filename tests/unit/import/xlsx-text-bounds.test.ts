import { describe, expect, it } from "vitest";
import { SharedStringsReader, SheetReader } from "~/import/read/xlsx";
import { MAX_XML_TEXT_CHARACTERS, XmlScanner } from "~/import/read/xml-scanner";

/** Feeds `parts` in 1 MB pieces, as the inflater hands text on. */
function feed(push: (text: string) => unknown, parts: string[]) {
  for (const part of parts) for (let at = 0; at < part.length; at += 1 << 20) push(part.slice(at, at + (1 << 20)));
}

const over = MAX_XML_TEXT_CHARACTERS + 1;

describe("the xlsx readers hold no text longer than a cell can be", () => {
  it("read a 7 M-character cell whole", () => {
    const reader = new SheetReader();
    const rows: unknown[] = [];
    feed((text) => rows.push(...reader.push(text)), [`<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>`, "a".repeat(7 << 20), `</t></is></c></row></sheetData></worksheet>`]);
    rows.push(...reader.finish());
    expect(rows).toEqual([{ rowNumber: 1, cells: ["a".repeat(7 << 20)] }]);
  });

  it("refuse a cell, a shared string, text or a tag beyond the limit as they arrive, not at their end", () => {
    // Text without a "<" is held by the scanner until one comes: stopped there.
    const sheet = new SheetReader();
    expect(() => feed((text) => sheet.push(text), [`<worksheet><sheetData><row r="4"><c t="inlineStr"><is><t>`, "a".repeat(over)])).toThrow(/^bir metin 8 M karakterden uzun$/);
    // Text cut by comments reaches the cell in pieces: the cell stops at the limit.
    const pieces = new SheetReader();
    const piece = "a".repeat(3 << 20) + "<!-- -->";
    expect(() => feed((text) => pieces.push(text), [`<worksheet><sheetData><row r="2"><c t="str"><v>`, piece, piece, piece])).toThrow(/^satır 2: hücre 8 M karakterden uzun$/);
    const strings = new SharedStringsReader(() => {});
    expect(() => feed((text) => strings.push(text), [`<sst><si><t>ok</t></si><si><t>`, piece, piece, piece])).toThrow(/^paylaşılan metin 2 8 M karakterden uzun$/);
    const scanner = new XmlScanner({ open() {}, text() {}, close() {} });
    expect(() => feed((text) => scanner.write(text), [`<a x="`, "c".repeat(over)])).toThrow(/^bir etiket 8 M karakterden uzun$/);
    // A resumed step skipping rows holds an unfinished row no longer either.
    const skipping = new SheetReader(10);
    expect(() => feed((text) => skipping.push(text), [`<worksheet><sheetData><row r="3"><c><v>`, "1".repeat(over)])).toThrow(/^satır 3 metni 8 M karakterden uzun$/);
  });
});
