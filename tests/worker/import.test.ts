import { env, SELF } from "cloudflare:test";
import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, base64ToBytes, businessCount, importFile, uploadFile, SITE_ORIGIN } from "./import-support";
import { eventually } from "./support/eventually";
import { outscraperCsv, outscraperXlsx } from "../support/outscraper-exports";

// Empty when ../shared is not beside the checkout (vitest.worker.config.ts).
const fixtures = env as unknown as { FIXTURE_REAL_CSV: string; FIXTURE_REAL_XLSX_BASE64: string };
if (!fixtures.FIXTURE_REAL_CSV) console.log("skipped: importing the real Google-Maps exports — ../shared/fixtures/real is not beside this checkout");

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

async function business(name: string) {
  return env.DB.prepare(`SELECT * FROM businesses WHERE name = ?1`).bind(name).first<Record<string, unknown>>();
}

describe.skipIf(!fixtures.FIXTURE_REAL_CSV)("importing the real Google-Maps exports", () => {
  it("imports the 797-row Outscraper CSV with its accents, hours and amenities, and a re-import adds nothing", async () => {
    const before = await businessCount();
    const job = await importFile(cookie, "zurich restaurants.csv", fixtures.FIXTURE_REAL_CSV, 100);
    expect(job.status).toBe("done");
    expect(job.result).toMatchObject({ success: true, totalRows: 797, successCount: 797, errorCount: 0, skippedCount: 0 });
    expect(job.result!.columnExtraction!.extractedCount).toBe(23);
    expect(job.result!.duplicateAnalysis).toMatchObject({ newPlaceIdCount: 797, databaseDuplicateCount: 0, recordsWithPlaceId: 797 });
    expect(await businessCount()).toBe(before + 797);

    const rossli = await business("Weisses Rössli");
    expect(rossli).toMatchObject({ country_code: "CH", city: "Zürich", postal_code: "8002", reviews: 819, verified: 1, url: "http://www.weisses-roessli.ch/" });
    expect(JSON.parse(String(rossli!.working_hours))).toMatchObject({ Monday: "Closed", Tuesday: "11:45am-2pm,6-11:45pm" });
    expect(JSON.parse(String(rossli!.about))["Service options"]).toMatchObject({ "Outdoor seating": true });
    expect(await business("Bistrot à Paris")).toMatchObject({ country_code: "CH" });
    // The summary tables follow by trigger; one row of the export has neither country nor address.
    const switzerland = await env.DB.prepare(`SELECT business_count FROM countries WHERE code = 'CH'`).first<{ business_count: number }>();
    expect(switzerland!.business_count).toBe(796);

    const again = await importFile(cookie, "zurich restaurants.csv", fixtures.FIXTURE_REAL_CSV, 2000);
    expect(again.result).toMatchObject({ totalRows: 797, successCount: 797 });
    expect(again.result!.duplicateAnalysis).toMatchObject({ databaseDuplicateCount: 797, newPlaceIdCount: 0, databaseDuplicateRate: 100 });
    expect(await businessCount()).toBe(before + 797);
  }, 60_000);

  it("imports the 183-row Outscraper XLSX (shared strings, typed cells, 'None' postal codes)", async () => {
    const before = await businessCount();
    const job = await importFile(cookie, "qc.xlsx", base64ToBytes(fixtures.FIXTURE_REAL_XLSX_BASE64));
    expect(job.result).toMatchObject({ success: true, totalRows: 183, successCount: 183, errorCount: 0 });
    expect(await businessCount()).toBe(before + 183);
    const kitchen = await business("Esmeralda Kitchen");
    expect(kitchen).toMatchObject({ country_code: "PH", city: "Quezon City", postal_code: "1114", reviews: 395, rating: 4.6, type: "Restaurant" });
    expect(JSON.parse(String(kitchen!.working_hours)).Monday).toBe("11AM-10PM");
    const nonePostal = await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE postal_code = 'None'`).first<{ n: number }>();
    expect(nonePostal!.n).toBe(0);
    // The file and its side-stored strings are dropped once the job is reported (the page hears first).
    await eventually(async () => (await env.BUCKET.list({ prefix: "uploads/" })).objects.length === 0, 10_000);
  }, 30_000);
});

async function countryCount(code: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT business_count FROM countries WHERE code = ?1`).bind(code).first<{ business_count: number }>();
  return row?.business_count ?? 0;
}

describe("importing generated exports in the Outscraper layouts", () => {
  it("imports a 106-column CSV with quoted newlines, '56.0' counts and every style of hours, and a re-import adds nothing", async () => {
    const { text, rows } = outscraperCsv(300);
    const [before, swissBefore] = [await businessCount(), await countryCount("CH")];
    const job = await importFile(cookie, "generated zurich.csv", text, 100);
    expect(job.status).toBe("done");
    expect(job.result).toMatchObject({ success: true, totalRows: 300, successCount: 300, errorCount: 0, skippedCount: 0 });
    expect(job.result!.columnExtraction!.extractedCount).toBe(23);
    expect(job.result!.duplicateAnalysis).toMatchObject({ newPlaceIdCount: 300, databaseDuplicateCount: 0, recordsWithPlaceId: 300 });
    expect(await businessCount()).toBe(before + 300);

    // Row 0: "False" verified, no site, a description cell with a newline, Monday closed.
    const bistrot = await business(rows[0]!.name);
    expect(bistrot).toMatchObject({ country_code: "CH", city: "Zürich", postal_code: "8002", reviews: 10, verified: 0, url: null });
    expect(JSON.parse(String(bistrot!.working_hours))).toMatchObject({ Monday: "Closed", Tuesday: "11:45am-2pm,6-11:45pm" });
    expect(JSON.parse(String(bistrot!.about)).Offerings).toMatchObject({ "Kids' menu": true });
    expect(await business(rows[1]!.name)).toMatchObject({ verified: 1, url: "http://www.example-1.ch/", reviews: 47 });
    // The export's `range` is the price level ?price= filters on; the amenities of `about` are what ?amenity= matches.
    for (const row of rows.slice(0, 4)) expect(await business(row.name)).toMatchObject({ price_range: row.priceRange });
    expect(String((await business(rows[0]!.name))!.amenity_names)).toContain("|kids' menu|");
    expect(await business(rows[5]!.name)).toMatchObject({ city: "Kloten", country_code: "CH" });
    // Rows 49, 99 … have neither country nor address: imported, counted in no country.
    expect(await business(rows[49]!.name)).toMatchObject({ country_code: null, city: null });
    expect(await countryCount("CH")).toBe(swissBefore + 294);

    const again = await importFile(cookie, "generated zurich.csv", text, 2000);
    expect(again.result).toMatchObject({ totalRows: 300, successCount: 300 });
    expect(again.result!.duplicateAnalysis).toMatchObject({ databaseDuplicateCount: 300, newPlaceIdCount: 0, databaseDuplicateRate: 100 });
    expect(await businessCount()).toBe(before + 300);
  }, 60_000);

  it("imports a 120-column XLSX with typed cells, text counts and 'None' postal codes", async () => {
    const { bytes, rows } = outscraperXlsx(150);
    const before = await businessCount();
    const job = await importFile(cookie, "generated quezon.xlsx", bytes);
    expect(job.result).toMatchObject({ success: true, totalRows: 150, successCount: 150, errorCount: 0 });
    expect(await businessCount()).toBe(before + 150);
    expect(await business(rows[0]!.name)).toMatchObject({ country_code: "PH", city: "Quezon City", postal_code: null, reviews: 5, rating: 3.5, type: "Restaurant", verified: 0 });
    expect(JSON.parse(String((await business(rows[0]!.name))!.working_hours)).Monday).toBe("Open 24 hours");
    expect(await business(rows[1]!.name)).toMatchObject({ postal_code: "1114", reviews: 58, verified: 1 });
    // "₱₱" is the same level as "$$": the filter reads one scale in every currency.
    expect(await business(rows[1]!.name)).toMatchObject({ price_range: rows[1]!.priceRange });
    expect(await business(rows[4]!.name)).toMatchObject({ rating: null, reviews: 0 });
    expect(await business(rows[9]!.name)).toMatchObject({ reviews: 482 });
    const nonePostal = await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE postal_code = 'None'`).first<{ n: number }>();
    expect(nonePostal!.n).toBe(0);
    await eventually(async () => (await env.BUCKET.list({ prefix: "uploads/" })).objects.length === 0, 10_000);
  }, 30_000);
});

describe("generated spreadsheets", () => {
  const rows = [
    ["name", "address", "phone", "category", "latitude", "longitude", "rating", "reviewCount", "place_id", "country"],
    ["Otel Ankara Palas", "Ulus, 06050 Ankara", "+90 312 000", "Hotel", 39.94, 32.85, 4.5, 120, "gen-1", "Türkiye"],
    ["Ξενοδοχείο Αθήνα", "Athens 105 57, Greece", "", "Hotel", 37.98, 23.72, 4.1, 80, "gen-2", "Greece"],
    ["東京ホテル", "Tokyo, Japan", "", "Hotel", 35.68, 139.76, 3.9, 40, "gen-3", "Japan"],
    ["Otel Ankara Palas", "Ulus, 06050 Ankara", "", "Hotel", 39.94, 32.85, 4.5, 120, "gen-1", "Türkiye"],
    ["Bad Coordinates Inn", "Nowhere", "", "Hotel", 123, 32.85, 4, 1, "gen-4", ""],
  ];

  it("reads an XLSX with a shared-strings table and derives country codes from country names", async () => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
    const bytes = XLSX.write(workbook, { type: "array", bookType: "xlsx", bookSST: true }) as ArrayBuffer;
    const job = await importFile(cookie, "template.xlsx", new Uint8Array(bytes));
    expect(job.result).toMatchObject({ success: false, totalRows: 5, successCount: 3, skippedCount: 1, errorCount: 1, skippedBusinesses: ["Otel Ankara Palas"] });
    expect(job.result!.errors[0]).toMatch(/^Satır 6 \(Bad Coordinates Inn\): geçersiz koordinat/);
    expect(job.result!.duplicateAnalysis).toMatchObject({ excelDuplicateCount: 1, excelDuplicateRecords: ["Otel Ankara Palas"] });
    expect(await business("Ξενοδοχείο Αθήνα")).toMatchObject({ country_code: "GR", reviews: 80 });
    expect(await business("Otel Ankara Palas")).toMatchObject({ country_code: "TR", full_address: "Ulus, 06050 Ankara" });
    expect(await business("Bad Coordinates Inn")).toBeNull();
  });

  it("reads a legacy XLS", async () => {
    const renamed = rows.map((r, i) => (i === 0 ? r : [`${r[0]} (xls)`, ...r.slice(1, 8), `${r[8]}-xls`, r[9]]));
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(renamed), "Sheet1");
    const bytes = XLSX.write(workbook, { type: "array", bookType: "biff8" }) as ArrayBuffer;
    const job = await importFile(cookie, "legacy.xls", new Uint8Array(bytes));
    expect(job.result).toMatchObject({ totalRows: 5, successCount: 3, skippedCount: 1, errorCount: 1 });
    expect(await business("東京ホテル (xls)")).toMatchObject({ country_code: "JP", place_id: "gen-3-xls" });
  });
});

describe("upload reports and progress", () => {
  it("lists the finished imports' reports for the dashboard, newest first", async () => {
    const response = await SELF.fetch("https://example.com/api/admin/upload-reports", { headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    expect(response.status).toBe(200);
    const reports = (await response.json()) as { success: boolean; summary: { fileName: string; totalRecords: number }; results: { added: number; updated: number } }[];
    expect(reports.length).toBeGreaterThanOrEqual(4);
    expect(reports[0]!.summary.fileName).toBe("legacy.xls");
    expect(reports.find((r) => r.summary.fileName === "generated quezon.xlsx")).toMatchObject({ success: true, summary: { totalRecords: 150 }, results: { added: 150, updated: 0 } });
    expect((await SELF.fetch("https://example.com/api/admin/upload-reports")).status).toBe(401);
  });

  it("sends the job's progress over its WebSocket until the result", async () => {
    const csv = ["name,place_id,latitude,longitude", ...Array.from({ length: 1200 }, (_, i) => `WS Hotel ${i},ws-${i},41.0,29.0`)].join("\n");
    const upload = await uploadFile(cookie, "ws.csv", csv, 100);
    expect(upload.status).toBe(202);
    const response = await SELF.fetch(`https://example.com/api/admin/upload-jobs/${upload.body.jobId}/progress`, {
      headers: { Upgrade: "websocket", Cookie: cookie, Origin: SITE_ORIGIN },
    });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    const messages: { status: string; processedRows: number; result?: { successCount: number } }[] = [];
    const done = new Promise<void>((resolve) => {
      socket.addEventListener("message", (event) => {
        const message = JSON.parse(event.data as string);
        messages.push(message);
        if (message.status === "done") resolve();
      });
    });
    socket.accept();
    await done;
    socket.close(1000, "bye");
    const last = messages.at(-1)!;
    expect(last.processedRows).toBe(1200);
    expect(last.result?.successCount).toBe(1200);
    expect(messages.length).toBeGreaterThan(1);
    expect(messages.map((m) => m.processedRows)).toEqual([...messages.map((m) => m.processedRows)].sort((a, b) => a - b));
  });
});
