/**
 * SQL constraint failures of an import step, and D1's size limits (a value or statement too
 * big). Retrying one cannot help: the same rows hit the same constraint on every attempt, so the
 * queue's retries would only keep the job "processing" for minutes and end it as a server fault.
 * The consumer ends such a job at once instead, saying which constraint failed; transient errors
 * (anything else) are still thrown and retried.
 */

const CONSTRAINT = /\b(UNIQUE|NOT NULL|CHECK|FOREIGN KEY|PRIMARY KEY) constraint failed(?::\s*([\w.]+(?:,\s*[\w.]+)*))?/i;

/** SQLite's answer to a value or statement over its length limits (D1: a string or blob over 2 MB, a statement over 100 KB). */
const TOO_BIG = /SQLITE_TOOBIG|string or blob too big|statement too long/i;
const TOO_BIG_FAILURE = "SQLITE_TOOBIG";

/** The "… constraint failed: table.column" part of a D1 error, "SQLITE_TOOBIG" for a size limit, or null for any other error. */
export function constraintFailure(error: unknown): string | null {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  const match = CONSTRAINT.exec(text);
  if (!match) return TOO_BIG.test(text) ? TOO_BIG_FAILURE : null;
  return match[2] ? `${match[1]!.toUpperCase()} constraint failed: ${match[2]}` : `${match[1]!.toUpperCase()} constraint failed`;
}

/**
 * The job's failure message: the group of rows that could not be written (the step after the
 * committed cursor), the constraint, and that the rows before it are kept.
 */
export function constraintFailureMessage(
  fileName: string,
  detail: string,
  committed: { processedRows: number; successCount: number; afterRow: number | null; batchSize: number },
): string {
  const from = committed.afterRow === null ? "" : `Satır ${committed.afterRow + 1} ile başlayan (en çok ${committed.batchSize} satırlık) grup `;
  return (
    `${fileName}: ${from}veritabanına yazılamadı: ${detail === TOO_BIG_FAILURE ? "bir kayıt veritabanının boyut sınırını aştı" : "bir kayıt veritabanı kısıtına takıldı"} (${detail}). ` +
    `Önceki ${committed.processedRows} satırdan ${committed.successCount} işletme kaydedildi, bu gruptan itibaren hiçbir satır aktarılmadı. ` +
    `Aynı dosyayı yeniden yüklemek aynı hatayı verir: çakışan satırı düzeltip ya da çıkarıp yeniden yükleyin.`
  );
}

/**
 * The reason a row too large for D1 (oversizedBusinessRow) is skipped, as the report lists bad
 * rows: the column that holds most of it, and the limit.
 */
export function oversizedRowReason(oversized: { column: string; bytes: number; limit: number }): string {
  const bytes = (n: number) => `${n.toLocaleString("tr-TR")} bayt`;
  return `${oversized.column} hücresi çok uzun: satır veritabanına yazılamayacak kadar büyük (${bytes(oversized.bytes)}; bir satır en çok ${bytes(oversized.limit)} olabilir)`;
}
