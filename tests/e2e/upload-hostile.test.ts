import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { honestXlsx, lyingSheetBomb } from "../support/hostile-files";
import { openUploadPage } from "./support/admin-session";
import { launchBrowser, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("hostile files on the running server", () => {
  it("fails a zip bomb with lying headers and a row too big for D1 on their own, and imports the next file completely", async () => {
    const { baseURL, context, page } = await openUploadPage(browser);

    const stamp = Date.now();
    // About 1.1 MB: its sheet says 1,000,000 bytes in both zip headers and inflates to 1.1 GB.
    const bomb = lyingSheetBomb([`E2E Bomb Hotel ${stamp}`]);
    const bigCell = ["name,about,place_id", `E2E Big Cell ${stamp},${"b".repeat(6 * 1024 * 1024)},e2e-big-${stamp}`, `E2E Small Cell ${stamp},Fine,e2e-small-${stamp}`].join("\n");
    const names = Array.from({ length: 2000 }, (_, i) => `E2E After Bomb ${stamp}-${i}`);
    await page.locator('input[type="file"]').setInputFiles([
      { name: "bomb.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(bomb) },
      { name: "big-cell.csv", mimeType: "text/csv", buffer: Buffer.from(bigCell) },
      { name: "after.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(honestXlsx(names)) },
    ]);
    await page.getByLabel("Toplu işlem boyutu").selectOption("500");
    await page.getByRole("button", { name: "Yükle (3)" }).click();

    await page.getByText("Kısmi başarı").waitFor({ timeout: 60_000 });
    const reports = page.getByTestId("upload-report");
    await expect(reports.count()).resolves.toBe(3);
    await expect(reports.nth(0).textContent()).resolves.toContain(
      "bomb.xlsx: bozuk .xlsx: xl/worksheets/sheet1.xml bildirdiği boyuttan (1.000.000 bayt) büyük açılıyor; zip bombası olabilir",
    );
    await expect(reports.nth(1).textContent()).resolves.toMatch(/Satır 2 \(E2E Big Cell \d+\): about hücresi çok uzun/);
    await expect(reports.nth(2).textContent()).resolves.toContain("after.xlsx: 2000 işletme kaydedildi");
    await screenshot(page, "upload-hostile");

    // The dashboard's reports say the same, and no job is left queued or processing.
    const reportsAnswer = await page.request.get(`${baseURL}/api/admin/upload-reports`);
    const list = (await reportsAnswer.json()) as { success: boolean; summary: { fileName: string }; results: { added: number } }[];
    expect(list.slice(0, 3).map((r) => [r.summary.fileName, r.success, r.results.added])).toEqual([
      ["after.xlsx", true, 2000],
      ["big-cell.csv", false, 1],
      ["bomb.xlsx", false, 0],
    ]);
    const running = await page.request.get(`${baseURL}/api/admin/upload-jobs`);
    expect(await running.json()).toEqual([]);
    await context.close();
  });
});
