import { describe, expect, it } from "vitest";
import { batchResult, emptyProgress, errorLineCount, KEPT_MESSAGES } from "~/import/report";
import { isExcelFile } from "~/import/read/file-type";
import { failedFileResult, failedImportResult, fileSucceeded, finalToast, firstItems, singleFileToast, uploadTimeoutMs } from "~/import/upload-messages";

const imported = batchResult("a.csv", { ...emptyProgress(), processedRows: 10, successCount: 9, errorCount: 1 });

describe("upload screen messages", () => {
  it("turns a failed file into an error result naming the file and the server's text", () => {
    const failed = failedFileResult("b.xlsx", "dosya boş.");
    expect(failed).toMatchObject({ success: false, errorCount: 1, message: "Upload failed for b.xlsx: dosya boş." });
    // A server text that already names the file does not name it twice.
    expect(failedFileResult("bad.txt", "bad.txt: Yalnızca .xlsx, .xls ve .csv dosyaları yüklenebilir.").message).toBe(
      "Upload failed for bad.txt: Yalnızca .xlsx, .xls ve .csv dosyaları yüklenebilir.",
    );
  });

  it("ends with the all-success, partial or error toast", () => {
    expect(finalToast([imported, imported])).toEqual({ title: "Tüm dosyalar başarıyla yüklendi", description: "2 dosya yüklendi" });
    expect(finalToast([imported, failedFileResult("b.xlsx", "x")])).toEqual({ title: "Kısmi başarı", description: "1/2 dosya başarılı", variant: "destructive" });
    expect(finalToast([failedFileResult("b.xlsx", "x")]).title).toBe("Yükleme hatası");
  });

  it("counts an import that ended failed after writing rows as a failed file, its rows still reported", () => {
    const failure = "big.csv: veritabanı bir satırı reddetti. İşlenen 40000 satır kaydedildi.";
    const partway = failedImportResult("big.csv", batchResult("big.csv", { ...emptyProgress(), processedRows: 40_000, successCount: 40_000 }, failure));
    expect(partway).toMatchObject({ success: false, successCount: 40_000, errorCount: 1, message: `Upload failed for big.csv: ${failure.slice("big.csv: ".length)}` });
    expect(fileSucceeded(partway)).toBe(false);
    expect(finalToast([partway]).title).toBe("Yükleme hatası");
    expect(finalToast([imported, partway])).toEqual({ title: "Kısmi başarı", description: "1/2 dosya başarılı", variant: "destructive" });
    // Said once, when the result already says it.
    expect(failedImportResult("big.csv", partway).message).toBe(partway.message);
  });

  it("the earlier single-file screen: takes Excel files by type or extension, and says how the file went", () => {
    expect(isExcelFile({ name: "oteller.XLSX", type: "" })).toBe(true);
    expect(isExcelFile({ name: "eski.xls", type: "" })).toBe(true);
    expect(isExcelFile({ name: "export", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" })).toBe(true);
    expect(isExcelFile({ name: "oteller.csv", type: "text/csv" })).toBe(false);
    expect(isExcelFile({ name: "notes.xlsx.txt", type: "text/plain" })).toBe(false);

    const whole = batchResult("a.xlsx", { ...emptyProgress(), processedRows: 10, successCount: 10 });
    expect(singleFileToast(whole)).toEqual({ title: "Yükleme başarılı", description: whole.message });
    // Rows left out: the refusal's message, shown as a partial success.
    expect(singleFileToast(imported)).toEqual({ title: "Kısmi başarı", description: imported.message, variant: "destructive" });
    const failed = failedFileResult("b.xlsx", "dosya boş.");
    expect(singleFileToast(failed)).toEqual({ title: "Yükleme hatası", description: "Upload failed for b.xlsx: dosya boş.", variant: "destructive" });
  });

  it("shows at most five items with the count of the rest, and allows more time for big files", () => {
    expect(firstItems(["a", "b", "c", "d", "e", "f"], 12)).toEqual({ shown: ["a", "b", "c", "d", "e"], rest: 7 });
    expect(uploadTimeoutMs(50 * 1024 * 1024)).toBe(300_000);
    expect(uploadTimeoutMs(120 * 1024 * 1024)).toBe(600_000);
  });

  it("counts a failed file's failure beside its row errors, so '… ve N tane daha' names every line left", () => {
    const rowErrors = (n: number) => Array.from({ length: Math.min(n, KEPT_MESSAGES) }, (_, i) => `Satır ${i + 2}: x`);
    const failedWithRows = (n: number) =>
      batchResult("d.csv", { ...emptyProgress(), processedRows: 200, successCount: 10, errorCount: n, errors: rowErrors(n) }, "d.csv: durduruldu.");
    expect(errorLineCount(failedWithRows(3))).toBe(4);
    expect(errorLineCount(failedWithRows(120))).toBe(121);
    expect(errorLineCount(failedImportResult("d.csv", failedWithRows(120)))).toBe(121);
    expect(errorLineCount(failedWithRows(0))).toBe(1);
    expect(errorLineCount(failedFileResult("b.xlsx", "dosya boş."))).toBe(1);
    // Without a failure the list is its row errors alone, kept ones and counted ones.
    const done = batchResult("e.csv", { ...emptyProgress(), processedRows: 200, successCount: 80, errorCount: 120, errors: rowErrors(120) });
    expect(errorLineCount(done)).toBe(120);
    const { rest } = firstItems(failedWithRows(120).errors, errorLineCount(failedWithRows(120)));
    expect(rest).toBe(116);
  });

  it("reports rates and duplicate figures in percent of the valid records", () => {
    const result = batchResult("c.csv", { ...emptyProgress(), processedRows: 10, successCount: 8, skippedCount: 1, errorCount: 1, excelDuplicateCount: 1, databaseDuplicateCount: 2, newPlaceIdCount: 6 });
    expect(result.duplicateAnalysis).toMatchObject({ totalRecords: 9, totalDuplicateRecords: 3, duplicateRate: 33.3, uniquePlaceIds: 8 });
  });
});
