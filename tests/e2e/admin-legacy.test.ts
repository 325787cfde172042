import * as XLSX from "@e965/xlsx";
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signedInContext } from "./support/admin-session";
import { hydrated, launchBrowser, screenshot } from "./support/browser";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const base = () => inject("baseURL");

beforeAll(async () => {
  browser = await launchBrowser();
  // The administrator works in Turkey.
  context = await signedInContext(browser, base(), { viewport: { width: 1400, height: 900 }, acceptDownloads: true, timezoneId: "Europe/Istanbul" });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

async function openView(view: "businesses" | "settings") {
  await page.goto(`${base()}/admin-legacy?view=${view}`);
  await hydrated(page);
}

const toasts = () => page.getByTestId("toast-region");

/** The "Toplam işletme" tile of the business view. */
async function totalBusinesses(): Promise<number> {
  const tile = page.getByText("Toplam işletme", { exact: true }).locator("..");
  return Number((await tile.locator("p").nth(1).textContent())!.replace(/\D/g, ""));
}

function workbook(names: string[]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    ["name", "address", "category", "place_id", "country_code"],
    ...names.map((name, i) => [name, `Atatürk Cd. ${i}, İzmir`, "Hotel", `legacy-${name}`, "TR"]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Sheet1");
  return Buffer.from(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

describe("the legacy admin keeps the earlier variants of its screens", () => {
  it("single-file upload: refuses a non-Excel file, imports an .xlsx, shows its report and refreshes the list", async () => {
    await openView("businesses");
    const input = page.locator('input[type="file"]');
    await input.setInputFiles([{ name: "oteller.csv", mimeType: "text/csv", buffer: Buffer.from("name\nA\n") }]);
    await toasts().getByText("Invalid File Type", { exact: true }).waitFor();
    await expect(toasts().textContent()).resolves.toContain("Please select an Excel file (.xlsx or .xls)");
    await expect(page.getByTestId("single-upload-file").count()).resolves.toBe(0);

    const before = await totalBusinesses();
    const stamp = Date.now();
    const names = [`Legacy Otel ${stamp} A`, `Legacy Otel ${stamp} B`, `Legacy Otel ${stamp} C`];
    await input.setInputFiles([{ name: "eski.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook(names) }]);
    await expect(page.getByTestId("single-upload-file").textContent()).resolves.toContain("eski.xlsx");
    await page.getByRole("button", { name: "Yükle", exact: true }).click();

    await toasts().getByText("Yükleme başarılı", { exact: true }).waitFor({ timeout: 60_000 });
    await expect(page.getByTestId("upload-report").textContent()).resolves.toContain("eski.xlsx: 3 işletme kaydedildi");
    // The list beside it was reloaded without leaving the page.
    await expect.poll(totalBusinesses).toBe(before + 3);
    await screenshot(page, "legacy-single-upload");
  });

  it("simple export: posts the chosen fields and country, downloads businesses_export_{date}.csv, and says when it fails", async () => {
    await openView("businesses");
    await page.getByRole("button", { name: "CSV Dışa Aktar" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("checkbox").count()).resolves.toBe(9);
    // Focus moves to the first field, Tab stays inside the dialog, Escape gives focus back.
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).parentElement!.textContent)).resolves.toBe("name");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(page.evaluate(() => document.activeElement!.textContent)).resolves.toBe("Dışa Aktar");
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement!.getAttribute("aria-label"))).resolves.toBe("Kapat");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect(page.evaluate(() => document.activeElement!.textContent)).resolves.toBe("CSV Dışa Aktar");

    await page.getByRole("button", { name: "CSV Dışa Aktar" }).click();
    await dialog.getByLabel("rating").check();
    await dialog.getByLabel("Ülke").selectOption("TR");
    await screenshot(page, "legacy-export-dialog");

    const istanbulDate = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date());
    const datesAround = [istanbulDate()];
    const downloading = page.waitForEvent("download");
    const posting = page.waitForRequest("**/api/export-csv");
    await dialog.getByRole("button", { name: "Dışa Aktar" }).click();
    const download = await downloading;
    datesAround.push(istanbulDate());
    // The browser's zone goes with the request, and the file is dated on the admin's calendar.
    expect((await posting).postDataJSON()).toMatchObject({ timeZone: "Europe/Istanbul" });
    expect(datesAround.map((date) => `businesses_export_${date}.csv`)).toContain(download.suggestedFilename());
    const lines = readFileSync((await download.path())!).subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines[0]).toBe("name,address,phone,category,rating");
    expect(lines.some((line) => line.startsWith("Legacy Otel "))).toBe(true);
    await dialog.waitFor({ state: "detached" });

    await page.route("**/api/export-csv", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.getByRole("button", { name: "CSV Dışa Aktar" }).click();
    await dialog.getByRole("button", { name: "Dışa Aktar" }).click();
    await toasts().getByText("Export Failed", { exact: true }).waitFor();
    await expect(toasts().textContent()).resolves.toContain("Failed to export CSV file");
    await expect(dialog.isVisible()).resolves.toBe(true);
    await page.unroute("**/api/export-csv");
  });

  it("settings: says the earlier 'Site ayarları güncellendi.' and 'Site ayarları güncellenirken hata oluştu.'", async () => {
    await openView("settings");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await toasts().getByText("Site ayarları güncellendi.", { exact: true }).waitFor();

    await page.route("**/api/admin/site-settings", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, body: "down" }) : route.continue(),
    );
    await page.getByRole("button", { name: "Kaydet" }).click();
    await toasts().getByText("Site ayarları güncellenirken hata oluştu.", { exact: true }).waitFor();
    await page.unroute("**/api/admin/site-settings");
  });
});
