import { env } from "cloudflare:test";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, businessCount, importFile } from "./import-support";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

async function stored(placeId: string) {
  return env.DB.prepare(`SELECT name, phone, category, reviews FROM businesses WHERE place_id = ?1`).bind(placeId).first();
}

describe("rows an administrator's spreadsheet gets wrong are refused, never stored wrong", () => {
  it("refuses a row shifted by an unquoted comma, an Excel error value and an unreadable review count, and reads '1,234' reviews", async () => {
    const csv = [
      "name,full_address,phone,category,reviews,place_id",
      'Good Cafe,"1 Main St, Springfield",+1 555 0100,Cafe,"1,234",rows-1',
      "Shifted Cafe,1 Main St, Springfield,+1 555 0101,Cafe,12,rows-2",
      "Error Cafe,2 Main St,#REF!,Cafe,3,rows-3",
      "Vague Cafe,3 Main St,+1 555 0103,Cafe,many,rows-4",
    ].join("\n");
    const job = await importFile(cookie, "rows.csv", csv);
    expect(job.status).toBe("done");
    expect(job.result).toMatchObject({ totalRows: 4, successCount: 1, errorCount: 3 });
    expect(job.result!.errors).toEqual([
      "Satır 3 (Shifted Cafe): satırda başlıktaki 6 sütundan fazla dolu hücre var (tırnak içine alınmamış bir virgül olabilir)",
      "Satır 4 (Error Cafe): phone hücresinde Excel hatası #REF!",
      "Satır 5 (Vague Cafe): yorum sayısı (reviews) sayı değil",
    ]);
    expect(await stored("rows-1")).toEqual({ name: "Good Cafe", phone: "+1 555 0100", category: "Cafe", reviews: 1234 });
    for (const placeId of ["rows-2", "rows-3", "rows-4"]) expect(await stored(placeId)).toBeNull();
  });

  it("names a refused row by the row a spreadsheet shows it on, empty lines counted", async () => {
    const csv = ["name,reviews,place_id", "", "Gap Cafe,3,gap-1", "\r", "", "Gap Bar,many,gap-2"].join("\n");
    const job = await importFile(cookie, "gaps.csv", csv);
    expect(job.result).toMatchObject({ totalRows: 2, successCount: 1, errorCount: 1 });
    expect(job.result!.errors).toEqual(["Satır 6 (Gap Bar): yorum sayısı (reviews) sayı değil"]);
  });

  it("stores a name a scraper left HTML-escaped as it reads, with a slug of its words", async () => {
    const job = await importFile(cookie, "escaped.csv", "name,city,place_id\nTom &amp; Jerry&#39;s Café,Z&#252;rich,escaped-1\n");
    expect(job.result).toMatchObject({ successCount: 1, errorCount: 0 });
    const row = await env.DB.prepare(`SELECT name, city, slug FROM businesses WHERE place_id = 'escaped-1'`).first<{ name: string; city: string; slug: string }>();
    expect({ name: row!.name, city: row!.city }).toEqual({ name: "Tom & Jerry's Café", city: "Zürich" });
    expect(row!.slug).toMatch(/^tom-jerrys-cafe-[a-z0-9]{6}$/);
  });

  it("imports the first visible sheet of an .xlsx or .xls, not a hidden one before it, and names the visible sheets left unread", async () => {
    const XLSX = await import("@e965/xlsx");
    for (const bookType of ["xlsx", "xls"] as const) {
      const workbook = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([["name", "place_id"], [`Old ${bookType} Cafe`, `old-${bookType}`]]), "old");
      XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([["name", "place_id"], [`New ${bookType} Cafe`, `new-${bookType}`]]), "current");
      XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([["name", "place_id"], [`Other ${bookType} Cafe`, `other-${bookType}`]]), "Istanbul list");
      XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([["notes"]]), "helper");
      workbook.Workbook = { Sheets: [{ Hidden: 1 }, { Hidden: 0 }, { Hidden: 0 }, { Hidden: 2 }] };
      const bytes = new Uint8Array(XLSX.write(workbook, { type: "array", bookType }) as ArrayBuffer);
      const job = await importFile(cookie, `sheets.${bookType}`, bytes);
      expect(job.result).toMatchObject({ totalRows: 1, successCount: 1 });
      expect(job.result!.message).toBe(
        `sheets.${bookType}: 1 işletme kaydedildi (1 yeni, 0 güncellendi), 0 tekrar atlandı, 0 satır hatalı. Yalnızca ilk görünür sayfa “current” okundu; okunmayan sayfa: “Istanbul list”.`,
      );
      expect(await stored(`new-${bookType}`)).toMatchObject({ name: `New ${bookType} Cafe` });
      expect(await stored(`old-${bookType}`)).toBeNull();
      expect(await stored(`other-${bookType}`)).toBeNull();
    }
  });

  it("keeps the leading zero and '+' of a phone or postal code typed as a number in an .xlsx or .xls, as its cell format shows them", async () => {
    const XLSX = await import("@e965/xlsx");
    for (const bookType of ["xlsx", "biff8"] as const) {
      const sheet = XLSX.utils.aoa_to_sheet([
        ["name", "phone", "postal_code", "place_id", "rating"],
        ["Zero Cafe", 301234567, 1067, `formats-${bookType}-1`, 4.5],
        ["Plus Cafe", 905321234567, 2108, `formats-${bookType}-2`, 4],
      ]);
      for (const [ref, format] of [["B2", "0000000000"], ["C2", "00000"], ["B3", '"+"0'], ["C3", "00000"], ["E2", "0"]] as const) sheet[ref]!.z = format;
      const workbook = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(workbook, sheet, "Sheet1");
      const fileName = bookType === "xlsx" ? "formats.xlsx" : "formats.xls";
      const job = await importFile(cookie, fileName, new Uint8Array(XLSX.write(workbook, { type: "array", bookType }) as ArrayBuffer));
      expect(job.result).toMatchObject({ successCount: 2, errorCount: 0 });
      const rows = await env.DB.prepare(`SELECT phone, postal_code, rating FROM businesses WHERE place_id LIKE ? ORDER BY place_id`).bind(`formats-${bookType}-%`).all();
      // A format rounding a decimal for show ("0") leaves the stored rating as it is.
      expect(rows.results).toEqual([
        { phone: "0301234567", postal_code: "01067", rating: 4.5 },
        { phone: "+905321234567", postal_code: "02108", rating: 4 },
      ]);
    }
  });

  it("fails an .xlsx whose cell lies past column XFD, without allocating the row out to it or writing anything", async () => {
    const before = await businessCount();
    const sheet = `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Far Cafe</t></is></c><c r="ZZZZZZZ2"><v>1</v></c></row></sheetData></worksheet>`;
    const xlsx = zipSync({
      "[Content_Types].xml": strToU8(`<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`),
      "xl/workbook.xml": strToU8(`<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
      "xl/_rels/workbook.xml.rels": strToU8(`<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>`),
      "xl/worksheets/sheet1.xml": strToU8(sheet),
    });
    const job = await importFile(cookie, "far.xlsx", xlsx);
    expect(job.status).toBe("failed");
    expect(job.result!.message).toContain("ZZZZZZZ2 Excel'in son sütunu XFD'nin ötesinde");
    expect(await businessCount()).toBe(before);
  });
});
