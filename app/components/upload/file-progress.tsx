import type { BatchResult } from "~/lib/import/report";
import { uploadFile } from "./upload-client";

/** One file on an upload screen, from selection to its report. */
export interface FileEntry {
  id: number;
  file: File;
  phase: "waiting" | "uploading" | "processing" | "finished";
  sentBytes: number;
  processedRows: number;
  result: BatchResult | null;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  // A few bytes still read as "1 KB"; only an empty file reads as 0.
  return `${bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Uploads the entry's file, reporting its phase, bytes sent and rows imported as they change. */
export async function uploadEntry(entry: FileEntry, batchSize: number, change: (update: Partial<FileEntry>) => void): Promise<BatchResult> {
  change({ phase: "uploading" });
  const result = await uploadFile(entry.file, { batchSize }, {
    onBytes: (sent) => change({ sentBytes: sent, ...(sent >= entry.file.size ? { phase: "processing" } : {}) }),
    onRows: (rows) => change({ processedRows: rows, phase: "processing" }),
  });
  change({ phase: "finished", result, processedRows: result.totalRows });
  return result;
}

export function FileProgress({ entry }: { entry: FileEntry }) {
  const percent = entry.file.size > 0 ? Math.min(100, Math.round((entry.sentBytes / entry.file.size) * 100)) : 100;
  if (entry.phase === "waiting") return <p className="text-xs text-slate-500 dark:text-slate-400">Sırada</p>;
  return (
    <div className="mt-2" data-testid="file-progress">
      <div className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div
          className={`h-full transition-all ${entry.phase === "processing" ? "animate-pulse bg-amber-500" : entry.result?.successCount ? "bg-green-600" : entry.phase === "finished" ? "bg-red-600" : "bg-blue-600"}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {entry.phase === "uploading"
          ? `Yükleniyor: ${formatSize(entry.sentBytes)} / ${formatSize(entry.file.size)} (%${percent})`
          : `İşlenen satır: ${entry.processedRows.toLocaleString("tr-TR")}${entry.phase === "processing" ? " — işleniyor…" : ""}`}
      </p>
    </div>
  );
}
