/**
 * Running counts of an import (committed with each step's cursor) and the report figures
 * built from them: the spec's batch result and the dashboard's upload report.
 */
import type { ColumnExtraction } from "./clean/columns";

/** Errors and skipped names kept for the report; the rest are only counted. */
export const KEPT_MESSAGES = 50;
/** Duplicate examples kept for the report. */
export const KEPT_EXAMPLES = 5;

export interface ImportProgress {
  /** Data rows read so far (header excluded). */
  processedRows: number;
  successCount: number;
  /** Of successCount, the rows that became new businesses; the others refreshed stored ones. */
  addedCount: number;
  errorCount: number;
  skippedCount: number;
  errors: string[];
  skippedBusinesses: string[];
  excelDuplicateCount: number;
  excelDuplicateRecords: string[];
  databaseDuplicateCount: number;
  newPlaceIdCount: number;
  recordsWithPlaceId: number;
  columnExtraction: ColumnExtraction | null;
  /** Fields the file would have changed that an owner's approved change set, so were kept (absent in older jobs). */
  ownerKeptCount?: number;
  /** A workbook's sheet that was read and its other visible sheets, left unread (null for CSV). */
  sheets?: { read: string; unread: string[] } | null;
}

export function emptyProgress(): ImportProgress {
  return {
    processedRows: 0, successCount: 0, addedCount: 0, errorCount: 0, skippedCount: 0, errors: [], skippedBusinesses: [],
    excelDuplicateCount: 0, excelDuplicateRecords: [], databaseDuplicateCount: 0, newPlaceIdCount: 0,
    recordsWithPlaceId: 0, columnExtraction: null, sheets: null, ownerKeptCount: 0,
  };
}

export function keep(list: string[], item: string, max = KEPT_MESSAGES) {
  if (list.length < max) list.push(item);
}

export function rowErrorMessage(rowNumber: number, reason: string, name: string | null): string {
  return `Satır ${rowNumber}${name ? ` (${name})` : ""}: ${reason}`;
}

function rate(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 1000) / 10 : 0;
}

export interface DuplicateAnalysis {
  excelDuplicateCount: number;
  databaseDuplicateCount: number;
  newPlaceIdCount: number;
  uniquePlaceIds: number;
  totalDuplicateRecords: number;
  duplicateRate: number;
  totalRecords: number;
  recordsWithPlaceId: number;
  databaseDuplicateRate: number;
  newPlaceIdRate: number;
  excelDuplicateRecords: string[];
}

export function duplicateAnalysis(p: ImportProgress): DuplicateAnalysis {
  const totalRecords = p.processedRows - p.errorCount;
  const totalDuplicateRecords = p.excelDuplicateCount + p.databaseDuplicateCount;
  return {
    excelDuplicateCount: p.excelDuplicateCount,
    databaseDuplicateCount: p.databaseDuplicateCount,
    newPlaceIdCount: p.newPlaceIdCount,
    uniquePlaceIds: p.newPlaceIdCount + p.databaseDuplicateCount,
    totalDuplicateRecords,
    duplicateRate: rate(totalDuplicateRecords, totalRecords),
    totalRecords,
    recordsWithPlaceId: p.recordsWithPlaceId,
    databaseDuplicateRate: rate(p.databaseDuplicateCount, totalRecords),
    newPlaceIdRate: rate(p.newPlaceIdCount, totalRecords),
    excelDuplicateRecords: p.excelDuplicateRecords,
  };
}

export interface BatchResult {
  success: boolean;
  message: string;
  totalRows: number;
  successCount: number;
  /** successCount split: new businesses and stored ones a re-import refreshed (added + updated = successCount). */
  addedCount: number;
  updatedCount: number;
  errorCount: number;
  skippedCount: number;
  errors: string[];
  skippedBusinesses: string[];
  columnExtraction: ColumnExtraction | null;
  duplicateAnalysis: DuplicateAnalysis;
  /** Fields the file would have changed that an owner's approved change set: kept as the owner set them (absent when none, as in the spec's result). */
  ownerKeptCount?: number;
}

/**
 * The file-level failure an import ends with: the one given, or, for a file that held no business
 * rows at all (a header alone, an empty sheet), that reason, rather than a silent "0 kaydedildi".
 */
export function importFailure(fileName: string, p: ImportProgress, failure: string | null): string | null {
  if (failure !== null || p.processedRows > 0) return failure;
  return `${fileName}: dosyada işletme satırı bulunamadı (yalnızca başlık satırı var ya da sayfa boş).`;
}

/** A sentence naming the visible sheets an import left unread, so their rows are not missed unseen. */
function unreadSheetsNote(sheets: ImportProgress["sheets"]): string {
  if (!sheets?.unread.length) return "";
  const names = sheets.unread.map((name) => `“${name}”`).join(", ");
  return ` Yalnızca ilk görünür sayfa “${sheets.read}” okundu; okunmayan sayfa${sheets.unread.length > 1 ? "lar" : ""}: ${names}.`;
}

/** The spec's batch result; `failure` is the file-level error of a rejected file. */
export function batchResult(fileName: string, p: ImportProgress, failure: string | null = null): BatchResult {
  const success = failure === null && p.errorCount === 0 && p.successCount > 0;
  const updatedCount = p.successCount - p.addedCount;
  const message =
    failure ??
    `${fileName}: ${p.successCount} işletme kaydedildi (${p.addedCount} yeni, ${updatedCount} güncellendi), ${p.skippedCount} tekrar atlandı, ${p.errorCount} satır hatalı.${ownerKeptNote(p.ownerKeptCount ?? 0)}${unreadSheetsNote(p.sheets)}`;
  return {
    success,
    message,
    totalRows: p.processedRows,
    successCount: p.successCount,
    addedCount: p.addedCount,
    updatedCount,
    errorCount: failure === null ? p.errorCount : Math.max(1, p.errorCount),
    skippedCount: p.skippedCount,
    errors: failure === null ? p.errors : [failure, ...p.errors],
    skippedBusinesses: p.skippedBusinesses,
    columnExtraction: p.columnExtraction,
    duplicateAnalysis: duplicateAnalysis(p),
    ...(p.ownerKeptCount ? { ownerKeptCount: p.ownerKeptCount } : {}),
  };
}

/** Said only when it happened: the file's values an owner's own values outranked. */
function ownerKeptNote(kept: number): string {
  return kept > 0 ? ` İşletme sahiplerinin değiştirdiği ${kept} alan korundu.` : "";
}

/**
 * How many lines the result's error list stands for: its counted row errors, plus the file's
 * failure when `batchResult` put one first (a failure is no row, so `errorCount` leaves it out
 * once rows failed too). The list holds more than its counted rows could fill only then.
 */
export function errorLineCount(result: Pick<BatchResult, "errors" | "errorCount">): number {
  const failureListed = result.errors.length > Math.min(result.errorCount, KEPT_MESSAGES);
  return result.errorCount + (failureListed ? 1 : 0);
}

export interface UploadReport {
  success: boolean;
  timestamp: string;
  summary: { fileName: string; fileSizeMB: number; processingTimeSeconds: number; totalRecords: number };
  /** The spec's figures, plus `added` (new businesses): added + updated = rows written. */
  results: { added: number; updated: number; skipped: number; addRate: number; updateRate: number; skipRate: number };
  duplicateAnalysis: DuplicateAnalysis;
}

export function uploadReport(input: {
  fileName: string;
  fileSize: number;
  startedAt: number;
  finishedAt: number;
  result: BatchResult;
}): UploadReport {
  const { result } = input;
  const skipped = result.skippedCount + result.errorCount;
  return {
    success: result.success,
    timestamp: new Date(input.finishedAt * 1000).toISOString(),
    summary: {
      fileName: input.fileName,
      fileSizeMB: Math.round((input.fileSize / (1024 * 1024)) * 100) / 100,
      processingTimeSeconds: Math.max(0, input.finishedAt - input.startedAt),
      totalRecords: result.totalRows,
    },
    results: {
      added: result.addedCount,
      updated: result.updatedCount,
      skipped,
      addRate: rate(result.addedCount, result.totalRows),
      updateRate: rate(result.updatedCount, result.totalRows),
      skipRate: rate(skipped, result.totalRows),
    },
    duplicateAnalysis: result.duplicateAnalysis,
  };
}
