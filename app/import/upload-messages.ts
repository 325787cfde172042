/** The upload screen's messages (error catalogue of the admin spec) and its final toast. */
import type { BatchResult } from "./report";

export const UPLOAD_MESSAGES = {
  timeout: "Dosya yükleme timeout oldu. Dosya çok büyük olabilir.",
  network: "Ağ hatası. İnternet bağlantınızı kontrol edin.",
  fetch: "Sunucuya bağlanılamadı. Lütfen tekrar deneyin.",
  other: "Dosya yükleme sırasında bir hata oluştu.",
  tooLargeTitle: "Dosya çok büyük",
  invalidTypeTitle: "Invalid File Type",
  invalidTypeText: "Please select an Excel file (.xlsx or .xls)",
  /** Not in the spec's catalogue: the page stops following an import it may no longer read. */
  sessionEnded: "Oturum sona erdi; içe aktarma sunucuda sürüyor olabilir. Sonucu yeniden giriş yapıp panoda görebilirsiniz.",
  jobGone: "Yükleme işi bulunamadı.",
  /** Not in the spec's catalogue: asked before another screen opens while this page still sends files. */
  leaveWhileUploading:
    "Dosyalar hâlâ gönderiliyor. Başka bir ekrana geçerseniz gönderim arka planda sürer, ancak ilerlemesini ve raporlarını bu sayfada göremezsiniz. Yine de geçmek istiyor musunuz?",
} as const;

export function tooLargeText(fileName: string): string {
  return `${fileName} - Maksimum dosya boyutu 150MB'dır`;
}

/** The upload page refuses other files when they are chosen (the spec names no text for it). */
export const UNSUPPORTED_TYPE_TITLE = "Desteklenmeyen dosya türü";

export function unsupportedTypeText(fileNames: readonly string[]): string {
  return `${fileNames.join(", ")} - Yalnızca .xlsx, .xls ve .csv dosyaları yüklenebilir`;
}

export function fileFailureMessage(fileName: string, serverText: string): string {
  // The server's texts name the file themselves (they also stand alone in the API): say it once.
  const text = serverText.startsWith(`${fileName}: `) ? serverText.slice(fileName.length + 2) : serverText;
  return `Upload failed for ${fileName}: ${text}`;
}

/** Upload timeout: 5 minutes, 10 for files over 100 MB. */
export function uploadTimeoutMs(fileSize: number): number {
  return (fileSize > 100 * 1024 * 1024 ? 10 : 5) * 60_000;
}

/** A failed file becomes an error result: success false, errorCount 1. */
export function failedFileResult(fileName: string, serverText: string): BatchResult {
  const message = fileFailureMessage(fileName, serverText);
  return {
    success: false,
    message,
    totalRows: 0,
    successCount: 0,
    addedCount: 0,
    updatedCount: 0,
    errorCount: 1,
    skippedCount: 0,
    errors: [message],
    skippedBusinesses: [],
    columnExtraction: null,
    duplicateAnalysis: {
      excelDuplicateCount: 0, databaseDuplicateCount: 0, newPlaceIdCount: 0, uniquePlaceIds: 0, totalDuplicateRecords: 0,
      duplicateRate: 0, totalRecords: 0, recordsWithPlaceId: 0, databaseDuplicateRate: 0, newPlaceIdRate: 0, excelDuplicateRecords: [],
    },
  };
}

/**
 * The result of an import that ended failed (a constraint failure, a broken sheet, a job given
 * up): a failed file, though the rows written before the failure stay counted in its report.
 */
export function failedImportResult(fileName: string, result: BatchResult): BatchResult {
  const message = result.message.startsWith("Upload failed for ") ? result.message : fileFailureMessage(fileName, result.message);
  return { ...result, success: false, message, errorCount: Math.max(1, result.errorCount) };
}

/** A file counts as uploaded when it was imported (rows may still have been skipped, as its report shows). */
export function fileSucceeded(result: BatchResult): boolean {
  return result.successCount > 0 && !result.message.startsWith("Upload failed for ");
}

export function finalToast(results: readonly BatchResult[]): { title: string; description: string; variant?: "destructive" } {
  const ok = results.filter(fileSucceeded).length;
  if (ok === results.length) return { title: "Tüm dosyalar başarıyla yüklendi", description: `${ok} dosya yüklendi` };
  if (ok > 0) return { title: "Kısmi başarı", description: `${ok}/${results.length} dosya başarılı`, variant: "destructive" };
  return { title: "Yükleme hatası", description: `${results.length} dosyanın hiçbiri yüklenemedi`, variant: "destructive" };
}

/**
 * The earlier single-file screen's toast: a refused file shows its message, as a partial success
 * when some rows were still imported, otherwise as an error.
 */
export function singleFileToast(result: BatchResult): { title: string; description: string; variant?: "destructive" } {
  if (result.success) return { title: "Yükleme başarılı", description: result.message };
  if (result.successCount > 0) return { title: "Kısmi başarı", description: result.message, variant: "destructive" };
  return { title: "Yükleme hatası", description: result.message, variant: "destructive" };
}

/** At most `max` items shown, with the count of the rest. */
export function firstItems<T>(items: readonly T[], total: number, max = 5): { shown: T[]; rest: number } {
  const shown = items.slice(0, max);
  return { shown, rest: Math.max(0, total - shown.length) };
}
