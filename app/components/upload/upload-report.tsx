import { MiniFigure as Figure } from "~/components/admin/ui";
import { KNOWN_COLUMNS } from "~/import/clean/columns";
import { errorLineCount, type BatchResult } from "~/import/report";
import { firstItems } from "~/import/upload-messages";

function ShortList({ title, items, total }: { title: string; items: readonly string[]; total: number }) {
  if (total === 0) return null;
  const { shown, rest } = firstItems(items, total);
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{title}</h3>
      <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
        {shown.map((item, i) => (
          <li key={i} className="break-words">{item}</li>
        ))}
      </ul>
      {rest > 0 ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">… ve {rest} tane daha</p> : null}
    </div>
  );
}

/** A count is coloured only when there is something to see: a zero is no warning. */
function toneWhenAny(count: number, tone: "green" | "amber" | "red") {
  return count > 0 ? tone : "slate";
}

/** The batch result of one file: totals, errors, skipped names, column extraction, duplicates. */
export function UploadReport({ result }: { result: BatchResult }) {
  const duplicates = result.duplicateAnalysis;
  const columns = result.columnExtraction;
  return (
    <div className="mt-3 space-y-4" data-testid="upload-report">
      <p className={`text-sm font-medium ${result.success ? "text-green-700 dark:text-green-400" : result.successCount > 0 ? "text-amber-700 dark:text-amber-400" : "text-red-700 dark:text-red-400"}`}>
        {result.message}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Toplam satır" value={result.totalRows} />
        <Figure label="Başarılı" value={result.successCount} tone={toneWhenAny(result.successCount, "green")} />
        <Figure label="Yeni eklenen" value={result.addedCount} />
        <Figure label="Güncellenen" value={result.updatedCount} />
        <Figure label="Atlanan" value={result.skippedCount} tone={toneWhenAny(result.skippedCount, "amber")} />
        <Figure label="Hatalı" value={result.errorCount} tone={toneWhenAny(result.errorCount, "red")} />
        {result.ownerKeptCount ? <Figure label="Sahibin alanı korundu" value={result.ownerKeptCount} /> : null}
      </dl>
      <ShortList title="Hatalar" items={result.errors} total={errorLineCount(result)} />
      <ShortList title="Atlanan işletmeler" items={result.skippedBusinesses} total={result.skippedCount} />
      {columns ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">
            Sütun çıkarımı: {columns.extractedCount}/{KNOWN_COLUMNS.length} (%{columns.extractionRate})
          </h3>
          <p className="mt-1 text-xs text-green-800 dark:text-green-400">Bulunan: {columns.successful.join(", ") || "—"}</p>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Eksik: {columns.missing.join(", ") || "—"}</p>
        </div>
      ) : null}
      <div>
        <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Tekrar analizi</h3>
        <dl className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Figure label="Dosya içi tekrar" value={duplicates.excelDuplicateCount} />
          <Figure label="Veritabanında var" value={`${duplicates.databaseDuplicateCount} (%${duplicates.databaseDuplicateRate})`} />
          <Figure label="Yeni place_id" value={`${duplicates.newPlaceIdCount} (%${duplicates.newPlaceIdRate})`} />
          <Figure label="place_id olan kayıt" value={`${duplicates.recordsWithPlaceId}/${duplicates.totalRecords}`} />
        </dl>
        <ShortList title="Dosya içi tekrar örnekleri" items={duplicates.excelDuplicateRecords} total={duplicates.excelDuplicateCount} />
      </div>
    </div>
  );
}
