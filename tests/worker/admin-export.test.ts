import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import Papa from "papaparse";
import { env } from "cloudflare:test";
import { exportQuery } from "~/lib/admin/export-options";
import { EXPORT_PAGE_SIZE } from "~/models/export.server";
import { addBusinesses, adminFetch, login, record } from "./admin-support";

let cookie: string;
const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  cookie = await login("10.7.0.1");
  await addBusinesses([
    record({ name: '=HYPERLINK("http://evil")', placeId: "x1", phone: "+1 212 555 0100", longitude: -73.98, latitude: 40.75, city: "New York", country: "United States", countryCode: "US", createdAt: now - 3 * DAY }),
    record({ name: 'The "Quoted", Hotel', placeId: "x2", fullAddress: "Line 1\nLine 2", about: "@mention", createdAt: now - 40 * DAY }),
    record({ name: "İstanbul Çırağan", placeId: "x3", type: "Palace", category: "palaces", city: "İstanbul", country: "Türkiye", countryCode: "TR", createdAt: now - 1 * DAY }),
  ]);
});

async function exportCsv(query: string, session = cookie): Promise<{ response: Response; text: string; rows: string[][] }> {
  const response = await adminFetch(session, `/api/admin/export-csv?${query}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  return { response, text, rows };
}

describe("CSV export", () => {
  it("answers a UTF-8 file with BOM, the chosen columns, RFC 4180 quoting and neutralised formulas", async () => {
    const { response, text, rows } = await exportCsv("fields=id,name,full_address,phone,longitude,about,country_code,verified&countryCode=all&dateRange=all");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="businesses_all_0kategoriler_all_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.csv"$/);
    expect(text.startsWith("\uFEFFid,name,full_address,phone,longitude,about,country_code,verified\r\n")).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
      [`'=HYPERLINK("http://evil")`, `'=HYPERLINK("http://evil") street 1`, "'+1 212 555 0100", "-73.98", "", "US", "true"],
      ['The "Quoted", Hotel', "Line 1\nLine 2", "", "8.54", "'@mention", "CH", "true"],
      ["İstanbul Çırağan", "İstanbul Çırağan street 1", "", "8.54", "", "TR", "true"],
    ]);
  });

  it("filters by country, category and date range (custom range only with both days)", async () => {
    expect((await exportCsv("fields=name&countryCode=TR")).rows.slice(1)).toEqual([["İstanbul Çırağan"]]);
    expect((await exportCsv("fields=name&categories=Palace,Hotel")).rows.length).toBe(4);
    const palace = await exportCsv("fields=name&categories=Palace");
    expect(palace.rows.slice(1)).toEqual([["İstanbul Çırağan"]]);
    expect(palace.response.headers.get("Content-Disposition")).toContain("businesses_all_1kategoriler_all_");
    expect((await exportCsv("fields=name&dateRange=last7days")).rows.slice(1).map((r) => r[0]).sort()).toEqual(['=HYPERLINK("http://evil")', "İstanbul Çırağan"].map((n) => (n.startsWith("=") ? `'${n}` : n)).sort());
    const day = (offset: number) => new Date((now - offset * DAY) * 1000).toISOString().slice(0, 10);
    expect((await exportCsv(`fields=name&dateRange=custom&startDate=${day(41)}&endDate=${day(39)}`)).rows.slice(1)).toEqual([['The "Quoted", Hotel']]);
    expect((await exportCsv(`fields=name&dateRange=custom&startDate=${day(41)}`)).rows.length).toBe(4);
  });

  it("exports a category whose name holds a comma, chosen in the dialog", async () => {
    await addBusinesses([record({ name: "Rose Cottage", placeId: "x4", type: "Bed & Breakfast, Inn", createdAt: now - 2 * DAY })]);
    const query = exportQuery(["name"], "all", ["Bed & Breakfast, Inn"], "all", "", "", "UTC");
    expect((await exportCsv(query.toString())).rows.slice(1)).toEqual([["Rose Cottage"]]);
    await env.DB.prepare(`DELETE FROM businesses WHERE place_id = 'x4'`).run();
  });

  it("refuses unknown fields, no fields and a bad country with a clear message", async () => {
    const unknown = await adminFetch(cookie, "/api/admin/export-csv?fields=name,password_hash");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toContain('Unknown export field "password_hash"');
    expect((await adminFetch(cookie, "/api/admin/export-csv?fields=")).status).toBe(400);
    expect((await adminFetch(cookie, "/api/admin/export-csv?fields=name&countryCode=USA")).status).toBe(400);
  });

  it("gives a field asked for many times one column, at once", async () => {
    const started = Date.now();
    const repeated = await exportCsv(`fields=${Array(3000).fill("name").join(",")},phone,name`);
    expect(repeated.response.status).toBe(200);
    expect(repeated.rows[0]).toEqual(["name", "phone"]);
    expect(repeated.rows.length).toBe(4);
    expect(Date.now() - started).toBeLessThan(3000);
    const simple = await adminFetch(cookie, "/api/export-csv", { method: "POST", body: JSON.stringify({ selectedFields: Array(500).fill("name"), countryCode: "all" }) });
    expect((await simple.text()).split("\n")[0]!.replace(/^\uFEFF/, "").trim()).toBe("name");
  });

  it("refuses a start or end day that is no date with 400 naming it, rather than exporting everything", async () => {
    const refusals: [query: string, parameter: string][] = [
      ["fields=name&dateRange=custom&startDate=2020-01-01' --", "startDate"],
      ["fields=name&dateRange=custom&startDate=2020-01-01&endDate=2020-02-30", "endDate"],
      ["fields=name&dateRange=custom&startDate=yesterday&endDate=2020-01-31", "startDate"],
      ["fields=name,passwd", "fields"],
    ];
    for (const [query, parameter] of refusals) {
      const response = await adminFetch(cookie, `/api/admin/export-csv?${query.replace(/ /g, "%20")}`);
      expect(response.status, query).toBe(400);
      const { message } = (await response.json()) as { message: string };
      expect(message.startsWith(parameter), `${query}: ${message}`).toBe(true);
    }
  });

  it("streams many pages of rows, every row once, in id order", async () => {
    const count = EXPORT_PAGE_SIZE * 2 + 345;
    await addBusinesses(Array.from({ length: count }, (_, i) => record({ name: `Stream Hotel ${String(i).padStart(5, "0")}`, placeId: `s-${i}`, countryCode: "DE", country: "Germany", city: "Berlin" })));
    const response = await adminFetch(cookie, "/api/admin/export-csv?fields=id,name&countryCode=de");
    // Read it as a stream, chunk by chunk, as a browser does.
    const reader = response.body!.getReader();
    let chunks = 0;
    let text = "";
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThanOrEqual(4); // header + 3 pages
    const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data.slice(1);
    expect(rows).toHaveLength(count);
    expect(rows[0]![1]).toBe("Stream Hotel 00000");
    expect(rows[count - 1]![1]).toBe(`Stream Hotel ${String(count - 1).padStart(5, "0")}`);
    const ids = rows.map((r) => Number(r[0]));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
  });

  it("serves the earlier export (POST) with its own field names and file name", async () => {
    const response = await adminFetch(cookie, "/api/export-csv", { method: "POST", body: JSON.stringify({ selectedFields: ["name", "address", "reviewCount"], countryCode: "TR" }) });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="businesses_export_\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe("name,address,reviewCount\r\nİstanbul Çırağan,İstanbul Çırağan street 1,10\r\n");
    const bad = await adminFetch(cookie, "/api/export-csv", { method: "POST", body: JSON.stringify({ selectedFields: [] }) });
    expect(bad.status).toBe(400);
  });
});

describe("CSV export days in the admin's zone", () => {
  // 00:30 and 23:30 in Istanbul (UTC+3): Sunday the 22nd there, both still Saturday the 21st in UTC.
  const afterMidnight = Date.parse("2026-11-21T21:30:00Z") / 1000;
  const beforeMidnight = Date.parse("2026-11-21T20:30:00Z") / 1000;
  const names = async (query: string, session = cookie) =>
    (await exportCsv(`fields=name&categories=Pansiyon&${query}`, session)).rows.slice(1).map((r) => r[0]).sort();

  beforeAll(async () => {
    await addBusinesses([
      record({ name: "Gece Pansiyonu", placeId: "tz1", type: "Pansiyon", countryCode: "TR", createdAt: afterMidnight }),
      record({ name: "Akşam Pansiyonu", placeId: "tz2", type: "Pansiyon", countryCode: "TR", createdAt: beforeMidnight }),
    ]);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts a custom day from midnight in the admin's zone, and from UTC midnight without one", async () => {
    expect(await names("dateRange=custom&startDate=2026-11-22&endDate=2026-11-22&timeZone=Europe/Istanbul")).toEqual(["Gece Pansiyonu"]);
    expect(await names("dateRange=custom&startDate=2026-11-21&endDate=2026-11-21&timeZone=Europe/Istanbul")).toEqual(["Akşam Pansiyonu"]);
    expect(await names("dateRange=custom&startDate=2026-11-21&endDate=2026-11-21")).toEqual(["Akşam Pansiyonu", "Gece Pansiyonu"]);
    // An unknown zone is read as UTC; it never fails the export.
    expect(await names("dateRange=custom&startDate=2026-11-21&endDate=2026-11-21&timeZone=Mars%2FOlympus")).toEqual(["Akşam Pansiyonu", "Gece Pansiyonu"]);
  });

  it("at 01:30 in Istanbul, 'today' holds what was created since midnight there, and the file is named on that clock", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-21T22:30:00Z") });
    // Signed in on the same clock, so that the session is neither from the future nor idle.
    const session = await login("10.7.0.2");
    const today = await exportCsv("fields=name&categories=Pansiyon&dateRange=today&timeZone=Europe/Istanbul", session);
    expect(today.rows.slice(1)).toEqual([["Gece Pansiyonu"]]);
    expect(today.response.headers.get("Content-Disposition")).toBe('attachment; filename="businesses_all_1kategoriler_today_2026-11-22T01-30-00.csv"');
    expect(await names("dateRange=yesterday&timeZone=Europe/Istanbul", session)).toEqual(["Akşam Pansiyonu"]);
    // In UTC both were created today, and the file is named on the UTC clock.
    const utc = await exportCsv("fields=name&categories=Pansiyon&dateRange=today", session);
    expect(utc.rows.slice(1).map((r) => r[0]).sort()).toEqual(["Akşam Pansiyonu", "Gece Pansiyonu"]);
    expect(utc.response.headers.get("Content-Disposition")).toContain("_today_2026-11-21T22-30-00.csv");

    // The earlier (POST) export dates its file name by the admin's calendar too.
    const simple = (body: object) => adminFetch(session, "/api/export-csv", { method: "POST", body: JSON.stringify({ selectedFields: ["name"], ...body }) });
    expect((await simple({ timeZone: "Europe/Istanbul" })).headers.get("Content-Disposition")).toBe('attachment; filename="businesses_export_2026-11-22.csv"');
    expect((await simple({})).headers.get("Content-Disposition")).toBe('attachment; filename="businesses_export_2026-11-21.csv"');
    expect((await simple({ timeZone: 42 })).headers.get("Content-Disposition")).toBe('attachment; filename="businesses_export_2026-11-21.csv"');
  });
});
