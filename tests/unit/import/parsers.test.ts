import { strToU8, zipSync } from "fflate";
import { joinBytes } from "~/lib/web/bytes";
import { describe, expect, it } from "vitest";
import { CsvParser, CsvTruncatedError, MAX_CSV_RECORD_BYTES } from "~/import/read/csv";
import {
  contentMatchesType,
  locateZipDirectory,
  readZipDirectory,
  typeFromFileName,
  zipBombReason,
} from "~/import/read/file-type";
import { MultipartParser } from "~/import/receive";
import { CellFormats, columnIndex, chooseSheet, firstVisibleSheet, SharedStringsReader, SheetReader, type SheetRow } from "~/import/read/xlsx";

const encode = (text: string) => new TextEncoder().encode(text);

function parseInChunks(bytes: Uint8Array, size: number, start = 0) {
  const parser = new CsvParser(start);
  const records = [];
  for (let i = 0; i < bytes.length; i += size) records.push(...parser.push(bytes.subarray(i, i + size)));
  records.push(...parser.finish());
  return records;
}

describe("CSV parser", () => {
  const csv = encode('\uFEFFname,about\r\n"Café ""Zür\nich""",x\n\nΑθήνα,"a,b"\n東京,last');

  it("reads quotes, embedded newlines, BOM, CRLF, blank lines and any script, whatever the chunking", () => {
    for (const size of [1, 2, 3, 7, 1000]) {
      const records = parseInChunks(csv, size);
      expect(records.map((r) => r.cells)).toEqual([
        ["name", "about"],
        ['Café "Zür\nich"', "x"],
        ["Αθήνα", "a,b"],
        ["東京", "last"],
      ]);
    }
  });

  it("gives byte offsets from which a resumed parse continues exactly", () => {
    const records = parseInChunks(csv, 5);
    const resumeAt = records[1]!.endOffset;
    const rest = parseInChunks(csv.subarray(resumeAt), 4, resumeAt);
    expect(rest.map((r) => r.cells[0])).toEqual(["Αθήνα", "東京"]);
    expect(rest.at(-1)!.endOffset).toBe(csv.length);
  });

  it("resumes a CRLF file at any record's end with the same rows as a parse from the start, blank lines counted once", () => {
    const crlf = encode("name,city\r\nA,Bern\r\n\r\nB,Genf\r\nC,Basel\r\n\r\n\r\nD,Chur\r\n");
    const whole = parseInChunks(crlf, 1000);
    expect(whole.map((r) => [r.cells[0], r.blankLinesBefore])).toEqual([["name", 0], ["A", 0], ["B", 1], ["C", 0], ["D", 2]]);
    for (let k = 0; k < whole.length - 1; k++) {
      const at = whole[k]!.endOffset;
      for (const size of [1, 2, 1000]) {
        // As the import resumes: from the line end just before the cursor.
        const parser = new CsvParser(at - 1, { delimiter: 0x2c, startsOnLineEnd: true });
        const rest = [];
        const bytes = crlf.subarray(at - 1);
        for (let i = 0; i < bytes.length; i += size) rest.push(...parser.push(bytes.subarray(i, i + size)));
        rest.push(...parser.finish());
        expect(rest.map((r) => [r.cells[0], r.blankLinesBefore, r.endOffset]), `resumed at ${at}, chunks of ${size}`).toEqual(whole.slice(k + 1).map((r) => [r.cells[0], r.blankLinesBefore, r.endOffset]));
      }
    }
  });

  it("reports a file cut inside a quoted field", () => {
    expect(() => parseInChunks(encode('name\n"unterminated'), 3)).toThrow(CsvTruncatedError);
  });

  it("keeps stray quotes as text, an empty quoted cell as a record, and reads CR line ends", () => {
    const stray = encode('a"b,"x"y,""\r""\rlast "q"');
    for (const size of [1, 2, 5, 100]) {
      expect(parseInChunks(stray, size).map((r) => r.cells)).toEqual([['a"b', "xy", ""], [""], ['last "q"']]);
    }
  });

  it("reads a record that is not valid UTF-8 as Windows-1252, byte for character", () => {
    const bytes = new Uint8Array([...encode("Zurich,"), 0xff, ...encode(',"b""c"\n')]);
    expect(parseInChunks(bytes, 4).map((r) => r.cells)).toEqual([["Zurich", "\u00FF", 'b"c']]);
  });

  it("follows the structure alone when cells are not wanted: same end, same truncation check", () => {
    const scan = (bytes: Uint8Array) => {
      const parser = new CsvParser(0, { cells: false });
      for (let i = 0; i < bytes.length; i += 3) expect(parser.push(bytes.subarray(i, i + 3))).toEqual([]);
      return parser.finish();
    };
    expect(scan(csv)).toEqual([]);
    expect(() => scan(encode('name\n"cut ""inside"" quotes'))).toThrow(CsvTruncatedError);
    expect(() => scan(encode('name\n"closed ""quotes"""\n'))).not.toThrow();
  });

  it("stops at a record longer than any spreadsheet row, naming its row, rather than holding the rest of the file", () => {
    const filler = new Uint8Array(MAX_CSV_RECORD_BYTES + 1).fill(0x61);
    const feed = (parser: CsvParser, ...parts: Uint8Array[]) => {
      const records = [];
      for (const part of parts) for (let i = 0; i < part.length; i += 65_536) records.push(...parser.push(part.subarray(i, i + 65_536)));
      return [...records, ...parser.finish()];
    };
    // An open quote on row 3 (after an empty line) running on to the end of a big file.
    for (const cells of [true, false]) {
      expect(() => feed(new CsvParser(0, { cells }), encode('name\n\n"Open'), filler)).toThrow(
        "Satır 3: kayıt 8 MB'tan uzun; büyük olasılıkla bir tırnak kapanmamış (bozuk dosya).",
      );
    }
    // No line break at all: the header line itself.
    expect(() => feed(new CsvParser(0, { cells: false }), filler)).toThrow("Satır 1: kayıt 8 MB'tan uzun; satır sonu bulunamadı (bozuk dosya).");
    expect(() => feed(new CsvParser(0, { cells: false }), encode('"name'), filler)).toThrow(/^Satır 1: .*tırnak kapanmamış/);
    // A resumed parse does not know the row it is on.
    expect(() => feed(new CsvParser(10, { delimiter: 0x2c }), filler)).toThrow(/^Bir kayıt 8 MB'tan uzun/);
    // A long record within the limit is read whole.
    const long = "x".repeat(2 * 1024 * 1024);
    expect(feed(new CsvParser(), encode(`name,about\nA,"${long}"\n`)).map((r) => r.cells[1]!.length)).toEqual([5, long.length]);
  });
});

describe("file type checks", () => {
  it("accepts a type only when extension and content agree", () => {
    const zip = zipSync({ "a.txt": strToU8("hi") });
    const cfb = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
    expect(typeFromFileName("Rapor.XLSX")).toBe("xlsx");
    expect(typeFromFileName("notes.pdf")).toBeNull();
    expect(contentMatchesType(zip, "xlsx")).toBe(true);
    expect(contentMatchesType(cfb, "xls")).toBe(true);
    expect(contentMatchesType(zip, "csv")).toBe(false);
    expect(contentMatchesType(encode("name\nA"), "xlsx")).toBe(false);
    expect(contentMatchesType(new Uint8Array([110, 0, 97]), "csv")).toBe(false);
  });

  it("finds a zip bomb from the central directory alone", () => {
    const safe = zipSync({ "xl/worksheets/sheet1.xml": strToU8("<x/>".repeat(1000)) });
    const bomb = zipSync({ "xl/worksheets/sheet1.xml": new Uint8Array(50_000_000) }, { level: 9 });
    const entries = (zip: Uint8Array) => {
      const location = locateZipDirectory(zip)!;
      return readZipDirectory(zip.subarray(location.offset, location.offset + location.size));
    };
    expect(zipBombReason(entries(safe))).toBeNull();
    expect(zipBombReason(entries(bomb))).toContain("oran");
    expect(locateZipDirectory(encode("not a zip at all, long enough to search in"))).toBeNull();
  });
});

describe("multipart parser", () => {
  it("streams a file part split at any point, with fields before and after", () => {
    const body = encode(
      '--XyZ\r\nContent-Disposition: form-data; name="batchSize"\r\n\r\n1000\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nname\r\n--X not a boundary\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="fileIndex"\r\n\r\n0\r\n--XyZ--\r\n',
    );
    for (const size of [1, 3, 11, 500]) {
      const parser = new MultipartParser("XyZ");
      const events = [];
      for (let i = 0; i < body.length; i += size) events.push(...parser.push(body.slice(i, i + size)));
      expect(parser.complete).toBe(true);
      const file = events.filter((e) => e.type === "data").map((e) => (e.type === "data" ? new TextDecoder().decode(e.bytes) : ""));
      expect(events.find((e) => e.type === "part" && e.fileName)).toEqual({ type: "part", name: "file", fileName: "a.csv" });
      expect(file.join("")).toBe("1000name\r\n--X not a boundary0");
    }
  });
});

describe("XLSX streaming readers", () => {
  it("reads shared strings in table order, without phonetic runs, whatever the chunking", () => {
    const xml = '<sst><si><t>Café</t></si><si><r><t>Doña </t></r><r><t>Rosa</t></r><rPh><t>ドニャ</t></rPh></si><si><t xml:space="preserve"> x </t></si></sst>';
    const strings: string[] = [];
    const reader = new SharedStringsReader((s) => strings.push(s));
    for (let i = 0; i < xml.length; i += 7) reader.push(xml.slice(i, i + 7));
    reader.finish();
    expect(strings).toEqual(["Café", "Doña Rosa", " x "]);
  });

  it("reads the characters Excel escapes as _xHHHH_ (a multi-line cell's carriage returns), in shared and inline strings", () => {
    const strings: string[] = [];
    const shared = new SharedStringsReader((s) => strings.push(s));
    shared.push("<sst><si><t>Line 1_x000D_\nLine 2</t></si><si><t>File_x005F_x000D_.txt my_x_name</t></si></sst>");
    shared.finish();
    expect(strings).toEqual(["Line 1\r\nLine 2", "File_x000D_.txt my_x_name"]);
    const sheet = new SheetReader();
    const rows = [...sheet.push('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>A_x000D_B</t></is></c><c r="B1" t="str"><v>C_x0009_D</v></c></row></sheetData></worksheet>'), ...sheet.finish()];
    expect(rows[0]!.cells).toEqual(["A\rB", "C\tD"]);
  });

  it("reads sheet rows with shared-string references, inline strings, booleans and gaps", () => {
    const reader = new SheetReader();
    const rows = [
      ...reader.push('<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>İstanbul</t></is></c></row>'),
      ...reader.push('<row r="3"><c r="B3" t="b"><v>1</v></c><c r="AB3"><v>41.5</v></c></row></sheetData></worksheet>'),
      ...reader.finish(),
    ];
    expect(rows[0]).toEqual({ rowNumber: 1, cells: [{ shared: 0 }, "", "İstanbul"] });
    expect(rows[1]!.rowNumber).toBe(3);
    expect(rows[1]!.cells[1]).toBe("true");
    expect(rows[1]!.cells[27]).toBe("41.5");
    expect(columnIndex("AB12")).toBe(27);
  });

  it("shows a number with the zeros or '+' its cell format adds, and leaves other numbers as stored", () => {
    const formats = CellFormats.fromStylesXml(
      `<styleSheet><numFmts count="3"><numFmt numFmtId="164" formatCode="0000000000"/><numFmt numFmtId="165" formatCode="&quot;+&quot;0"/><numFmt numFmtId="166" formatCode="0.00"/></numFmts>` +
        `<cellStyleXfs count="1"><xf numFmtId="165"/></cellStyleXfs>` +
        `<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="14"/></cellXfs></styleSheet>`,
    );
    const reader = new SheetReader(0, formats);
    const [row] = reader.push(
      '<worksheet><sheetData><row r="1"><c r="A1"><v>42</v></c><c r="B1" s="1"><v>301234567</v></c><c r="C1" s="2"><v>905321234567</v></c><c r="D1" s="3"><v>4.5</v></c><c r="E1" s="4"><v>45658</v></c><c r="F1" s="1" t="s"><v>0</v></c></row>',
    );
    expect(row!.cells).toEqual(["42", "0301234567", "+905321234567", "4.5", "45658", { shared: 0 }]);
    expect(formats.display("1067", 1)).toBe("0000001067");
  });

  it("refuses a cell past Excel's last column before padding the row out to it", () => {
    expect(new SheetReader().push('<worksheet><sheetData><row r="1"><c r="XFD1"><v>1</v></c></row>')[0]!.cells).toHaveLength(16_384);
    expect(() => new SheetReader().push('<worksheet><sheetData><row r="3"><c r="ZZZZZZZ3"><v>1</v></c></row>')).toThrow("ZZZZZZZ3 Excel'in son sütunu XFD'nin ötesinde");
  });

  it("keeps every column in place when cells carry no reference and some hold no value", () => {
    // Writers that omit `r` place each cell after the previous one; an empty <c/> still takes its column.
    const reader = new SheetReader();
    const rows = [
      ...reader.push('<sheetData><row><c t="s"><v>4</v></c><c/><c t="b"><v>0</v></c><c/><c><v>7</v></c></row>'),
      ...reader.push('<row><c/><c t="s"><v>5</v></c></row></sheetData>'),
      ...reader.finish(),
    ];
    expect(rows).toEqual([
      { rowNumber: 1, cells: [{ shared: 4 }, "", "false", "", "7"] },
      { rowNumber: 2, cells: ["", { shared: 5 }] },
    ]);
  });

  describe("resuming after a cursor", () => {
    // Numbered and unnumbered rows, an empty self-closing row, a ">" inside a quoted attribute,
    // and the parts around sheetData that a skip must hand on untouched.
    const sheet =
      '<?xml version="1.0"?><worksheet><cols><col min="1" max="2"/></cols><sheetData>' +
      '<row r="1" spans="1:2"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>10</v></c></row>' +
      '<row><c t="inlineStr"><is><t>İki</t></is></c></row>' +
      '<row r="4" spans="1:2"/>' +
      '<row r="5" x:note="a>b"><c r="A5"><v>50</v></c></row>\n' +
      "<row><c><v>60</v></c><c/><c><v>62</v></c></row>" +
      '<row r="9"><c r="B9" t="b"><v>1</v></c></row>' +
      '</sheetData><rowBreaks count="1"><brk id="3"/></rowBreaks></worksheet>';

    function read(xml: string, skipThroughRow: number, chunk: number): SheetRow[] {
      const reader = new SheetReader(skipThroughRow);
      const rows: SheetRow[] = [];
      for (let i = 0; i < xml.length; i += chunk) rows.push(...reader.push(xml.slice(i, i + chunk)));
      return [...rows, ...reader.finish()].filter((row) => row.rowNumber > skipThroughRow);
    }

    it("reads the same rows after any cursor as a full read, however the text is cut", () => {
      const all = read(sheet, 0, sheet.length);
      expect(all.map((row) => row.rowNumber)).toEqual([1, 2, 4, 5, 6, 9]);
      for (const cursor of [0, 1, 2, 3, 4, 5, 6, 8, 9, 12]) {
        const expected = all.filter((row) => row.rowNumber > cursor);
        for (const chunk of [1, 2, 3, 4, 5, 7, 16, 64, sheet.length]) {
          expect(read(sheet, cursor, chunk), `cursor ${cursor}, chunks of ${chunk}`).toEqual(expected);
        }
      }
    });

    it("cuts the rows up to the cursor out unparsed, and parses again from the next one", () => {
      // A damaged row before the cursor is not looked at (an earlier step read it); after it, it is.
      const damaged = sheet.replace("<v>50</v></c></row>", "<v>50</c></row>");
      expect(read(damaged, 5, 8).map((row) => row.rowNumber)).toEqual([6, 9]);
      expect(() => read(damaged, 4, 8)).toThrow();
    });

    it("parses a skipped row holding a comment or CDATA, where a literal </row> could hide", () => {
      const hiding = sheet.replace('<c r="A5"><v>50</v></c>', '<!-- </row><row r="7"> --><c r="A5"><v><![CDATA[</row>]]></v></c>');
      expect(read(hiding, 6, 5)).toEqual(read(hiding, 0, hiding.length).filter((row) => row.rowNumber > 6));
      expect(read(hiding, 6, 5).map((row) => row.rowNumber)).toEqual([9]);
    });

    it("still reports a sheet cut off inside the rows it skips", () => {
      expect(() => read(sheet.slice(0, sheet.indexOf('<row r="9"') + 6), 20, 16)).toThrow();
    });
  });

  it("finds the first sheet through the workbook's relationships", () => {
    const workbook = '<workbook xmlns:r="r"><sheets><sheet name="Generated by Outscraper ©" sheetId="1" r:id="rId3"/></sheets></workbook>';
    const rels = '<Relationships><Relationship Id="rId3" Target="worksheets/sheet7.xml"/></Relationships>';
    expect(firstVisibleSheet(workbook, rels)).toEqual({ index: 0, name: "Generated by Outscraper ©", unread: [], path: "xl/worksheets/sheet7.xml" });
  });

  it("skips hidden sheets: the first sheet the administrator sees is the one imported", () => {
    const workbook = `<workbook xmlns:r="r"><sheets><sheet name="old" sheetId="1" state="hidden" r:id="rId1"/><sheet name="lists" sheetId="2" state="veryHidden" r:id="rId2"/><sheet name="current" sheetId="3" r:id="rId3"/></sheets></workbook>`;
    const rels = '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Target="/xl/worksheets/sheet3.xml"/></Relationships>';
    expect(firstVisibleSheet(workbook, rels)).toMatchObject({ name: "current", unread: [], path: "xl/worksheets/sheet3.xml" });
  });

  it("names the other visible sheets, which the import leaves unread, and reads the first sheet when all are hidden", () => {
    const sheets = (...list: [string, boolean][]) => list.map(([name, hidden]) => ({ name, hidden }));
    expect(chooseSheet(sheets(["old", true], ["2024", false], ["helper", true], ["2025", false], ["notes", false]))).toEqual({ index: 1, name: "2024", unread: ["2025", "notes"] });
    expect(chooseSheet(sheets(["a", true], ["b", true]))).toEqual({ index: 0, name: "a", unread: [] });
    expect(chooseSheet([])).toBeNull();
  });
});

describe("joining bytes", () => {
  it("puts the parts back to back, and hands a lone filled part back without copying it", () => {
    const a = new Uint8Array([1, 2]);
    expect([...joinBytes([a, new Uint8Array(0), new Uint8Array([3])])]).toEqual([1, 2, 3]);
    expect(joinBytes([new Uint8Array(0), a])).toBe(a);
    expect(joinBytes([])).toHaveLength(0);
  });
});
