import { describe, expect, it } from "vitest";
import { CsvDelimiterSniffer, CsvParser, decodeSingleByteRecord } from "~/import/read/csv";

/** The delimiter the import finds from a file's first bytes. */
function csvDelimiterOf(head: Uint8Array): number {
  const sniffer = new CsvDelimiterSniffer();
  sniffer.push(head);
  return sniffer.delimiter;
}
import { contentMatchesType, isUtf16Text, utf16CsvMessage } from "~/import/read/file-type";

const encode = (text: string) => new TextEncoder().encode(text);

/** Text as Windows-1252 bytes (the test's own table, independent of the decoder's). */
const CP1252_EXTRA: Record<string, number> = { "€": 0x80, "‚": 0x82, "„": 0x84, "…": 0x85, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "–": 0x96, "—": 0x97, "™": 0x99, "Š": 0x8a, "Œ": 0x8c, "Ž": 0x8e, "š": 0x9a, "œ": 0x9c, "ž": 0x9e, "Ÿ": 0x9f };
function cp1252(text: string): Uint8Array {
  return Uint8Array.from([...text], (c) => {
    const code = CP1252_EXTRA[c] ?? c.charCodeAt(0);
    if (code > 0xff || (code >= 0x80 && code <= 0x9f && !(c in CP1252_EXTRA))) throw new Error(`not in cp1252: ${c}`);
    return code;
  });
}

function parseInChunks(bytes: Uint8Array, size: number, start = 0, delimiter?: number) {
  const parser = new CsvParser(start, { delimiter });
  const records = [];
  for (let i = 0; i < bytes.length; i += size) records.push(...parser.push(bytes.subarray(i, i + size)));
  records.push(...parser.finish());
  return records;
}

describe("Windows-1252 records", () => {
  it("maps 0x80–0x9F by the Windows table and every other byte as Latin-1", () => {
    expect(decodeSingleByteRecord(Uint8Array.from([0x80, 0x8a, 0x92, 0x96, 0x9f, 0x81, 0x8d, 0x8f, 0x90, 0x9d]))).toBe("€Š’–Ÿ\u0081\u008d\u008f\u0090\u009d");
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = decodeSingleByteRecord(all);
    expect(text.length).toBe(256);
    for (let i = 0; i < 256; i++) if (i < 0x80 || i > 0x9f) expect(text.charCodeAt(i)).toBe(i);
    expect(decodeSingleByteRecord(new Uint8Array(20_000).fill(0xe9))).toBe("é".repeat(20_000));
  });

  it("imports a cp1252 file exactly, whatever the chunking, and resumes at any record", () => {
    const file = cp1252('name,city,category\r\nCafé Müller,München,Café\r\n"Straßen Grill, „Nord“",Köln,Imbiss – 24h\r\nRue de l\'Église,Zürich,Bäckerei € ™\r\n');
    const expected = [
      ["name", "city", "category"],
      ["Café Müller", "München", "Café"],
      ["Straßen Grill, „Nord“", "Köln", "Imbiss – 24h"],
      ["Rue de l'Église", "Zürich", "Bäckerei € ™"],
    ];
    for (const size of [1, 2, 5, 1000]) expect(parseInChunks(file, size).map((r) => r.cells)).toEqual(expected);
    const records = parseInChunks(file, 7);
    for (let k = 0; k < records.length - 1; k++) {
      const at = records[k]!.endOffset;
      expect(parseInChunks(file.subarray(at), 3, at).map((r) => r.cells)).toEqual(expected.slice(k + 1));
    }
  });

  it("leaves UTF-8 records exactly as they are, with or without a BOM, next to a cp1252 one", () => {
    const utf8 = "name,city\nCafé Müller,İstanbul\n東京 🍣,Αθήνα\n";
    for (const bom of ["", "\uFEFF"]) {
      for (const size of [1, 2, 3, 1000]) {
        expect(parseInChunks(encode(bom + utf8), size).map((r) => r.cells)).toEqual([["name", "city"], ["Café Müller", "İstanbul"], ["東京 🍣", "Αθήνα"]]);
      }
    }
    // A mixed file: each record is read by its own bytes.
    const mixed = new Uint8Array([...encode("name\nCafé\n"), ...cp1252("Café\n")]);
    expect(parseInChunks(mixed, 4).map((r) => r.cells[0])).toEqual(["name", "Café", "Café"]);
  });
});

/** Turkish text as Windows-1254 bytes: 1252's bytes but for the six letters 1254 puts in place of Ð Ý Þ ð ý þ. */
const CP1254_TURKISH: Record<string, number> = { Ğ: 0xd0, İ: 0xdd, Ş: 0xde, ğ: 0xf0, ı: 0xfd, ş: 0xfe };
function cp1254(text: string): Uint8Array {
  return Uint8Array.from([...text], (c) => CP1254_TURKISH[c] ?? cp1252(c)[0]!);
}

describe("Windows-1254 (Turkish) records", () => {
  it("reads a Turkish Excel CSV's letters, not 1252's Icelandic ones, whatever the chunking, and resumes at any record", () => {
    const file = cp1254("name;category;city;country;country_code;rating;reviews\r\nIşık Otel Ağrı;Otel;Ağrı;Türkiye;TR;4,3;1.234\r\nŞile Çay Evi;Kafe;İstanbul;Türkiye;TR;4,8;56\r\nGüneş Pansiyon;Pansiyon;Muğla;Türkiye;TR;;\r\n");
    const expected = [
      ["name", "category", "city", "country", "country_code", "rating", "reviews"],
      ["Işık Otel Ağrı", "Otel", "Ağrı", "Türkiye", "TR", "4,3", "1.234"],
      ["Şile Çay Evi", "Kafe", "İstanbul", "Türkiye", "TR", "4,8", "56"],
      ["Güneş Pansiyon", "Pansiyon", "Muğla", "Türkiye", "TR", "", ""],
    ];
    for (const size of [1, 3, 1000]) expect(parseInChunks(file, size).map((r) => r.cells)).toEqual(expected);
    const records = parseInChunks(file, 7);
    for (let k = 0; k < records.length - 1; k++) {
      const at = records[k]!.endOffset;
      expect(parseInChunks(file.subarray(at), 5, at, 0x3b).map((r) => r.cells)).toEqual(expected.slice(k + 1));
    }
  });

  it("keeps Windows-1252 for a record with a letter Turkish does not use (Icelandic á í ó ú æ), or without any of the six", () => {
    expect(decodeSingleByteRecord(cp1252("Þórsmörk Hótel;Hella"))).toBe("Þórsmörk Hótel;Hella");
    expect(decodeSingleByteRecord(cp1252("Ýmir Æðey"))).toBe("Ýmir Æðey");
    expect(decodeSingleByteRecord(cp1252("Café Müller;München"))).toBe("Café Müller;München");
    expect(decodeSingleByteRecord(cp1252("Žižkov Pension ý"))).toBe("Žižkov Pension ý");
    // Each record is read by its own bytes: a Turkish one beside an Icelandic one in the same file.
    const mixed = new Uint8Array([...cp1252("name\nÞórsmörk Hótel\n"), ...cp1254("Işık Otel\n")]);
    expect(parseInChunks(mixed, 4).map((r) => r.cells[0])).toEqual(["name", "Þórsmörk Hótel", "Işık Otel"]);
  });
});

describe("delimiter from the header line", () => {
  it("is a comma unless the header has no comma outside quotes and has a semicolon or a tab", () => {
    expect(csvDelimiterOf(encode("name,city\nA;B,C\n"))).toBe(0x2c);
    expect(csvDelimiterOf(encode("name;city;phone\r\nA,1;B;C\n"))).toBe(0x3b);
    expect(csvDelimiterOf(encode("name\tcity\nA,B\tC\n"))).toBe(0x09);
    expect(csvDelimiterOf(encode('"name, full";city\n'))).toBe(0x3b);
    expect(csvDelimiterOf(encode('"name;x";city,phone\n'))).toBe(0x2c);
    expect(csvDelimiterOf(encode('"a,b";"c\nd";city\nx,y\n'))).toBe(0x3b);
    expect(csvDelimiterOf(encode("name\nA;B\n"))).toBe(0x2c);
    expect(csvDelimiterOf(encode("\uFEFF\n\nname;city"))).toBe(0x3b);
    expect(csvDelimiterOf(encode("a;b;c\td\n"))).toBe(0x3b);
    expect(csvDelimiterOf(encode("a\tb\tc;d\n"))).toBe(0x09);
  });

  it("parses a semicolon or tab file with that delimiter throughout, commas staying text", () => {
    const semicolon = encode('\uFEFFname;city;about\r\nCafé Müller;München;"a;b, c"\r\n"Straßen ""Grill""";Köln;1,5 km\r\n');
    const tab = encode("name\tcity\tabout\nCafé Müller\tMünchen\ta;b, c\nStraßen Grill\tKöln\t1,5 km");
    for (const size of [1, 2, 4, 1000]) {
      expect(parseInChunks(semicolon, size).map((r) => r.cells)).toEqual([
        ["name", "city", "about"],
        ["Café Müller", "München", "a;b, c"],
        ['Straßen "Grill"', "Köln", "1,5 km"],
      ]);
      expect(parseInChunks(tab, size).map((r) => r.cells)).toEqual([
        ["name", "city", "about"],
        ["Café Müller", "München", "a;b, c"],
        ["Straßen Grill", "Köln", "1,5 km"],
      ]);
    }
    // A resumed parse is given the delimiter of the file's head.
    const records = parseInChunks(semicolon, 5);
    const at = records[1]!.endOffset;
    expect(parseInChunks(semicolon.subarray(at), 3, at, csvDelimiterOf(semicolon)).map((r) => r.cells)).toEqual([['Straßen "Grill"', "Köln", "1,5 km"]]);
  });

  it("follows a semicolon file's structure alone too, and still finds it cut inside a quote", () => {
    const scan = (bytes: Uint8Array) => {
      const parser = new CsvParser(0, { cells: false });
      for (let i = 0; i < bytes.length; i += 3) parser.push(bytes.subarray(i, i + 3));
      return parser.finish();
    };
    expect(() => scan(encode('name;city\nA;"x"y;B\n'))).not.toThrow();
    expect(() => scan(encode('name;city\nA;"cut'))).toThrow(/kapanmamış/);
    expect(() => scan(encode('name\nA;"cut'))).not.toThrow(); // comma file: the quote is inside a field, text
  });
});

describe("UTF-16 text", () => {
  it("is recognised by its byte order mark, with a message saying how to save it", () => {
    const le = Uint8Array.from([0xff, 0xfe, 0x6e, 0x00, 0x61, 0x00]);
    const be = Uint8Array.from([0xfe, 0xff, 0x00, 0x6e, 0x00, 0x61]);
    expect([isUtf16Text(le), isUtf16Text(be), isUtf16Text(encode("\uFEFFname")), isUtf16Text(encode("name"))]).toEqual([true, true, false, false]);
    expect(contentMatchesType(le, "csv")).toBe(false);
    expect(utf16CsvMessage("a.csv")).toBe('a.csv: dosya UTF-16 ("Unicode metin") olarak kaydedilmiş; Excel\'de "Farklı Kaydet" ile "CSV UTF-8 (virgülle ayrılmış)" biçiminde kaydedip yeniden yükleyin.');
  });
});
