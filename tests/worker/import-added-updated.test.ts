import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { readSitemapState } from "~/models/sitemap.server";
import { adminCookie, businessCount, importFile } from "./import-support";
import { eventually } from "./support/eventually";
import { outscraperCsv } from "../support/outscraper-exports";

// A 797-row export in the Outscraper CSV layout, as the real Zurich file has.
const zurich = outscraperCsv(797, "split").text;

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

interface ReportLine {
  summary: { fileName: string; totalRecords: number };
  results: { added: number; updated: number; skipped: number; addRate: number; updateRate: number };
}

async function latestReport(): Promise<ReportLine> {
  const response = await SELF.fetch("https://example.com/api/admin/upload-reports", { headers: { Cookie: cookie } });
  return ((await response.json()) as ReportLine[])[0]!;
}

describe("the import report's added / updated split", () => {
  it("counts a 797-row Outscraper CSV as added the first time and as updated the second, adding up to what was written", async () => {
    const before = await businessCount();
    const first = await importFile(cookie, "zurich.csv", zurich, 100);
    expect(first.result).toMatchObject({ successCount: 797, addedCount: 797, updatedCount: 0 });
    expect(first.result!.message).toContain("797 işletme kaydedildi (797 yeni, 0 güncellendi)");
    expect(await businessCount()).toBe(before + 797);
    expect(await latestReport()).toMatchObject({ summary: { fileName: "zurich.csv" }, results: { added: 797, updated: 0, addRate: 100, updateRate: 0 } });

    const second = await importFile(cookie, "zurich.csv", zurich, 500);
    expect(second.result).toMatchObject({ successCount: 797, addedCount: 0, updatedCount: 797 });
    expect(await businessCount()).toBe(before + 797);
    expect(await latestReport()).toMatchObject({ results: { added: 0, updated: 797, addRate: 0, updateRate: 100 } });
  }, 90_000);

  it("finds rows without a place id again by name and address, and skips a file's repeats from both counts", async () => {
    const header = "name,full_address,place_id,latitude,longitude";
    const firstFile = [header, "Split Inn,1 Main St,,41.0,29.0", "Split Hostel,,,41.0,29.0", "Split Hotel,2 Main St,split-3,41.0,29.0"].join("\n");
    const first = await importFile(cookie, "split.csv", firstFile, 100);
    expect(first.result).toMatchObject({ successCount: 3, addedCount: 3, updatedCount: 0 });

    // Two known rows (one refreshed with a new rating), a repeat of one of them, two new ones.
    const secondFile = [
      "name,full_address,place_id,latitude,longitude,rating",
      "Split Inn,1 Main St,,41.0,29.0,4.5",
      "Split Hostel,,,41.0,29.0,",
      "Split Inn,1 Main St,,41.0,29.0,4.5",
      "Split Inn,3 Other St,,41.0,29.0,",
      "Split Hotel New,2 Main St,split-4,41.0,29.0,",
    ].join("\n");
    const second = await importFile(cookie, "split.csv", secondFile, 2);
    expect(second.result).toMatchObject({ totalRows: 5, successCount: 4, skippedCount: 1, addedCount: 2, updatedCount: 2 });
    expect(second.result!.addedCount + second.result!.updatedCount).toBe(second.result!.successCount);
    const rated = await env.DB.prepare(`SELECT rating FROM businesses WHERE name = 'Split Inn' AND full_address = '1 Main St'`).first<{ rating: number }>();
    expect(rated!.rating).toBe(4.5);
  }, 60_000);

  it("has the sitemaps built once an import has finished (the import queues the rebuild)", async () => {
    const state = await eventually(async () => {
      const { current, build } = await readSitemapState(env.DB);
      return current && !build && (current.businessFileCount ?? 0) > 0 ? current : null;
    }, 60_000);
    expect(state.urlCount).toBeGreaterThan(800);
    const index = await (await SELF.fetch(`${env.SITE_URL.replace(/\/$/, "")}/sitemap.xml`)).text();
    expect(index).toContain("/sitemaps/businesses/page-1.xml");
  }, 70_000);
});
