import { env } from "cloudflare:test";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, base64ToBytes, businessCount, importFile, uploadFile } from "./import-support";

const fixtures = env as unknown as { FIXTURE_REAL_XLSX_BASE64: string };

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

async function storedUploads(): Promise<number> {
  return (await env.BUCKET.list({ prefix: "uploads/" })).objects.length;
}

describe("bad input is refused with a clear message and changes nothing", () => {
  it("refuses uploads without a session", async () => {
    const { status } = await uploadFile("", "a.csv", "name\nA");
    expect(status).toBe(401);
  });

  // Needs the real export beside the clone (shared/): skipped without it.
  it.skipIf(!fixtures.FIXTURE_REAL_XLSX_BASE64)("refuses a wrong type by extension and by content, an empty file, a truncated xlsx and a zip bomb", async () => {
    const real = base64ToBytes(fixtures.FIXTURE_REAL_XLSX_BASE64);
    const bomb = zipSync({ "[Content_Types].xml": strToU8("<x/>"), "xl/worksheets/sheet1.xml": new Uint8Array(20_000_000) }, { level: 9 });
    const cases: [string, Uint8Array | string, number, RegExp][] = [
      ["report.pdf", "%PDF-1.4", 415, /\.xlsx, \.xls ve \.csv/],
      ["disguised.xlsx", "name,address\nA,B", 400, /içeriği uzantısıyla uyuşmuyor/],
      ["binary.csv", real, 400, /içeriği uzantısıyla uyuşmuyor/],
      ["empty.csv", "", 400, /dosya boş/],
      ["cut.xlsx", real.subarray(0, 60_000), 400, /bozuk ya da eksik \.xlsx/],
      ["bomb.xlsx", bomb, 400, /sıkıştırma oranı/],
    ];
    for (const [name, bytes, status, message] of cases) {
      const upload = await uploadFile(cookie, name, bytes);
      expect({ name, status: upload.status }).toEqual({ name, status });
      expect(upload.body.success).toBe(false);
      expect(upload.body.message).toMatch(message);
    }
    expect(await storedUploads()).toBe(0);
    const jobs = await env.DB.prepare(`SELECT count(*) AS n FROM upload_jobs`).first<{ n: number }>();
    expect(jobs!.n).toBe(0);
  });

  it("fails an .xlsx whose compressed text or XML is broken, saying so and writing nothing", async () => {
    const before = await businessCount();
    const strings = Array.from({ length: 3_000 }, (_, i) => `<si><t>Broken Strings Hotel ${i}</t></si>`).join("");
    const rows = Array.from({ length: 3_000 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="s"><v>${i}</v></c></row>`).join("");
    const workbook = (sheet: string, shared: string) =>
      zipSync({
        "xl/workbook.xml": strToU8(`<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
        "xl/_rels/workbook.xml.rels": strToU8(`<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>`),
        "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>${sheet}</sheetData></worksheet>`),
        "xl/sharedStrings.xml": strToU8(`<sst>${shared}</sst>`),
      });
    // The shared strings' deflate data overwritten in its middle: the zip's directory is intact.
    const garbled = workbook(rows, strings);
    const name = strToU8("xl/sharedStrings.xml");
    const view = new DataView(garbled.buffer);
    let header = 0;
    while (!(view.getUint32(header, true) === 0x04034b50 && garbled.subarray(header + 30, header + 30 + name.length).every((b, i) => b === name[i]))) header++;
    const data = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
    garbled.fill(0xff, data + 100, data + 400);
    const mismatched = workbook(`<row r="2"><c r="A2" t="inlineStr"><is><t>Mismatched Cafe</is></t></c></row>`, "");
    for (const [fileName, bytes, message] of [
      ["garbled.xlsx", garbled, /^garbled\.xlsx: bozuk \.xlsx/],
      ["mismatched.xlsx", mismatched, /^mismatched\.xlsx: bozuk \.xlsx \(sayfa\): <\/is> ile <t> kapanmıyor/],
    ] as const) {
      const job = await importFile(cookie, fileName, bytes);
      expect(job.status, fileName).toBe("failed");
      expect(job.result!.message).toMatch(message);
    }
    expect(await businessCount()).toBe(before);
  });

  it("fails a file that holds only its header row, saying so", async () => {
    const headerOnly = await importFile(cookie, "header-only.csv", "name,address,phone\n");
    expect(headerOnly.status).toBe("failed");
    expect(headerOnly.result).toMatchObject({ success: false, errorCount: 1, successCount: 0, totalRows: 0 });
    expect(headerOnly.result!.message).toBe("header-only.csv: dosyada işletme satırı bulunamadı (yalnızca başlık satırı var ya da sayfa boş).");
  });

  it("fails a sheet without a name column and a CSV cut inside a quote before writing anything", async () => {
    const before = await businessCount();
    const noName = await importFile(cookie, "no-name.csv", "title,address\nHotel A,Street 1\n");
    expect(noName.status).toBe("failed");
    expect(noName.result).toMatchObject({ success: false, errorCount: 1, successCount: 0 });
    expect(noName.result!.message).toMatch(/no-name\.csv: .*\(name\)/);

    const rows = Array.from({ length: 600 }, (_, i) => `Cut Hotel ${i},cut-${i}`).join("\n");
    const truncated = await importFile(cookie, "cut.csv", `name,place_id\n${rows}\n"Last Hotel,cut-x`, 100);
    expect(truncated.status).toBe("failed");
    expect(truncated.result!.message).toMatch(/kapanmamış bir tırnak/);
    expect(await businessCount()).toBe(before);
  });

  it("fails a big CSV whose quote never closes at the first record too long to be a row, writing nothing", async () => {
    const before = await businessCount();
    const head = new TextEncoder().encode('name,place_id\nFine Hotel,open-1\n"Open Hotel,open-2\n');
    const file = new Uint8Array(head.length + 9 * 1024 * 1024).fill(0x61);
    file.set(head);
    const job = await importFile(cookie, "open-quote.csv", file);
    expect(job.status).toBe("failed");
    expect(job.result!.message).toBe("open-quote.csv: CSV okunamadı: Satır 3: kayıt 8 MB'tan uzun; büyük olasılıkla bir tırnak kapanmamış (bozuk dosya).");
    expect(await businessCount()).toBe(before);
  });

  it("skips rows with broken JSON or impossible coordinates, with their row numbers, and loads the rest", async () => {
    const csv = [
      "name,latitude,longitude,working_hours,place_id",
      'Good Hotel,41.0,29.0,"{""Monday"": ""9AM-5PM""}",bad-1',
      'Broken Hours Hotel,41.0,29.0,"{""Monday"": ",bad-2',
      "Far Away Hotel,41.0,999,,bad-3",
      ",41.0,29.0,,bad-4",
      "Second Good Hotel,,,,bad-5",
    ].join("\n");
    const job = await importFile(cookie, "rows.csv", csv);
    expect(job.status).toBe("done");
    expect(job.result).toMatchObject({ success: false, totalRows: 5, successCount: 2, errorCount: 3 });
    expect(job.result!.errors).toEqual([
      "Satır 3 (Broken Hours Hotel): working_hours bozuk JSON",
      "Satır 4 (Far Away Hotel): geçersiz koordinat (41, 999)",
      "Satır 5: işletme adı boş",
    ]);
    const names = await env.DB.prepare(`SELECT name FROM businesses WHERE place_id LIKE 'bad-%' ORDER BY place_id`).all<{ name: string }>();
    expect(names.results.map((r) => r.name)).toEqual(["Good Hotel", "Second Good Hotel"]);
  });
});
