import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openUploadPage } from "./support/admin-session";
import { runSql, sqlString } from "./support/public-db";
import { launchBrowser, screenshot } from "./support/browser";
import { outscraperXlsx } from "../support/outscraper-exports";

// A generated export in the Outscraper XLSX layout (typed cells, shared strings, 120 columns).
const quezonXlsx = Buffer.from(outscraperXlsx(183, "e2e").bytes);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the upload screen", () => {
  it("uploads two files one after another, shows live progress and each file's report", async () => {
    const { baseURL, context, page } = await openUploadPage(browser);
    await screenshot(page, "upload-empty");

    const stamp = Date.now();
    const rows = Array.from({ length: 3000 }, (_, i) => `E2E Otel ${stamp}-${i},"Cumhuriyet Cd. ${i}, İstanbul",Hotel,41.0${i % 10},28.9${i % 10},e2e-${stamp}-${i},Turkey`);
    const csv = ["name,address,category,latitude,longitude,place_id,country", ...rows].join("\n");
    await page.locator('input[type="file"]').setInputFiles([
      { name: "oteller.csv", mimeType: "text/csv", buffer: Buffer.from(csv) },
      { name: "quezon.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: quezonXlsx },
    ]);
    await expect(page.getByTestId("upload-file").count()).resolves.toBe(2);
    await page.getByLabel("Toplu işlem boyutu").selectOption("100");
    await page.getByRole("button", { name: "Yükle (2)" }).click();

    // Live progress: the first file's processed-row count moves (over the job's WebSocket)
    // while the second file waits its turn.
    await page.getByText(/İşlenen satır: [1-9][\d.]* — işleniyor/).first().waitFor({ timeout: 30_000 });
    await expect(page.getByTestId("upload-file").nth(1).textContent()).resolves.toContain("Sırada");
    await expect(page.getByRole("button", { name: "Temizle" }).isDisabled()).resolves.toBe(true);
    await screenshot(page, "upload-progress");
    // Another screen asks first while a file is still to be sent (its progress would be seen
    // nowhere). Staying keeps the page as it was.
    const asked = new Promise<string>((resolve) => page.once("dialog", (dialog) => void dialog.dismiss().then(() => resolve(dialog.message()))));
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    expect(await asked).toContain("gönderim arka planda sürer");
    expect(new URL(page.url()).pathname).toBe("/admin/upload");

    await page.getByText("Tüm dosyalar başarıyla yüklendi").waitFor({ timeout: 60_000 });
    const reports = page.getByTestId("upload-report");
    await expect(reports.count()).resolves.toBe(2);
    await expect(reports.nth(0).textContent()).resolves.toContain("oteller.csv: 3000 işletme kaydedildi");
    await expect(reports.nth(1).textContent()).resolves.toContain("Sütun çıkarımı: 23/23");
    await expect(reports.nth(1).textContent()).resolves.toMatch(/quezon\.xlsx: 183 işletme kaydedildi/);
    await screenshot(page, "upload-done");

    const answer = await page.request.get(`${baseURL}/api/admin/upload-reports`);
    const list = (await answer.json()) as { summary: { fileName: string } }[];
    expect(list.slice(0, 2).map((r) => r.summary.fileName)).toEqual(["quezon.xlsx", "oteller.csv"]);
    await context.close();
  });

  it("shows an import already under way when it opens, and still takes more files meanwhile", async () => {
    // An import another tab sent, which its consumer is still working on (or a stalled one,
    // until the upkeep cron resumes it): the page follows it, but is not held busy by it.
    const jobId = `e2e-running-${Date.now()}`;
    const queuedJobId = `${jobId}-next`;
    runSql(
      inject("stateDir"),
      `INSERT INTO upload_jobs (id, file_name, file_size, object_key, file_type, status, progress) VALUES
         (${sqlString(jobId)}, 'baska-sekme.csv', 2048, ${sqlString(`uploads/${jobId}`)}, 'csv', 'processing', '{"processedRows":1200}'),
         (${sqlString(queuedJobId)}, 'sirada.csv', 1024, ${sqlString(`uploads/${queuedJobId}`)}, 'csv', 'queued', NULL);`,
    );
    try {
      const { context, page } = await openUploadPage(browser);
      const followed = page.getByTestId("upload-file").filter({ hasText: "baska-sekme.csv" });
      await followed.getByText("İşlenen satır: 1.200 — işleniyor…").waitFor();
      const waitingItsTurn = page.getByTestId("upload-file").filter({ hasText: "sirada.csv" });
      await expect(waitingItsTurn.getByText("Sırada: içe aktarma başlamayı bekliyor…").count()).resolves.toBe(1);
      // It cannot be taken off the list while it runs (that would look like stopping it), and
      // the page is not busy: another file is chosen and sent at once, and reported.
      await expect(followed.getByRole("button", { name: "baska-sekme.csv dosyasını kaldır" }).isDisabled()).resolves.toBe(true);
      const stamp = Date.now();
      await page.locator('input[type="file"]').setInputFiles([
        { name: "ek.csv", mimeType: "text/csv", buffer: Buffer.from(`name,category,place_id,country\nEk Otel ${stamp},Hotel,ek-${stamp},Turkey\n`) },
      ]);
      await page.getByRole("button", { name: "Yükle (1)" }).click();
      await page.getByText("Tüm dosyalar başarıyla yüklendi").waitFor({ timeout: 60_000 });
      await expect(page.getByTestId("upload-report").textContent()).resolves.toContain("ek.csv: 1 işletme kaydedildi");
      await screenshot(page, "upload-following");
      // Temizle clears the finished report and keeps the import still running.
      await page.getByRole("button", { name: "Temizle" }).click();
      await expect(page.getByTestId("upload-file").allTextContents()).resolves.toEqual([
        expect.stringContaining("baska-sekme.csv"),
        expect.stringContaining("sirada.csv"),
      ]);
      await context.close();
    } finally {
      runSql(inject("stateDir"), `DELETE FROM upload_jobs WHERE id IN (${sqlString(jobId)}, ${sqlString(queuedJobId)});`);
    }
  });

  it("reports a file holding only its header as failed, on the upload page and on the dashboard", async () => {
    const { baseURL, context, page } = await openUploadPage(browser);
    await page.locator('input[type="file"]').setInputFiles([{ name: "yalnizca-baslik.csv", mimeType: "text/csv", buffer: Buffer.from("name,address,phone\n") }]);
    await page.getByRole("button", { name: "Yükle (1)" }).click();
    await page.getByText("Yükleme hatası", { exact: true }).waitFor({ timeout: 60_000 });
    await expect(page.getByTestId("upload-report").textContent()).resolves.toContain("dosyada işletme satırı bulunamadı");

    await page.goto(`${baseURL}/admin/dashboard`);
    const report = page.getByTestId("dashboard-upload-reports").getByRole("listitem").filter({ hasText: "yalnizca-baslik.csv" });
    await expect(report.getByText("Başarısız").textContent()).resolves.toBe("Başarısız");
    await context.close();
  });

  it("refuses a file over 150 MB on selection and keeps the others", async () => {
    const { context, page } = await openUploadPage(browser);
    // A sparse 151 MB file built in the page: only its size matters to the check.
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(151 * 1024 * 1024)], "huge.csv"));
      transfer.items.add(new File(["name\nA"], "small.csv"));
      input.files = transfer.files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await page.getByText("huge.csv - Maksimum dosya boyutu 150MB'dır").waitFor();
    await expect(page.getByText("Dosya çok büyük").count()).resolves.toBe(1);
    await expect(page.getByTestId("upload-file").allTextContents()).resolves.toEqual([expect.stringContaining("small.csv")]);
    await screenshot(page, "upload-too-large");
    await context.close();
  });

  it("refuses files that are not spreadsheets on selection and keeps the others", async () => {
    const { context, page } = await openUploadPage(browser);
    await page.locator('input[type="file"]').setInputFiles([
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("name\nA") },
      { name: "photo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      { name: "ok.csv", mimeType: "text/csv", buffer: Buffer.from("name\nA") },
    ]);
    await page.getByText("notes.txt, photo.png - Yalnızca .xlsx, .xls ve .csv dosyaları yüklenebilir").waitFor();
    await expect(page.getByText("Desteklenmeyen dosya türü").count()).resolves.toBe(1);
    await expect(page.getByTestId("upload-file").allTextContents()).resolves.toEqual([expect.stringContaining("ok.csv")]);
    await context.close();
  });
});
