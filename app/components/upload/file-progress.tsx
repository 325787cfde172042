import type { BatchResult } from "~/import/report";
import { fileSucceeded } from "~/import/upload-messages";
import type { RunningUploadJob } from "~/import/upload.server";
import { uploadFile, watchJob } from "./upload-client";

/**
 * One file on an upload screen, from selection to its report; or an import already under way
 * when the page opened (no file in this page; `queued` until the consumer takes it up).
 */
export interface FileEntry {
  id: number;
  name: string;
  size: number;
  file: File | null;
  phase: "waiting" | "uploading" | "queued" | "processing" | "finished";
  sentBytes: number;
  processedRows: number;
  result: BatchResult | null;
}

/** Sent or being imported: the server is working on it, so it cannot be taken off the list. */
export function inFlight(entry: FileEntry): boolean {
  return entry.phase !== "waiting" && entry.phase !== "finished";
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  // A few bytes still read as "1 KB"; only an empty file reads as 0.
  return `${bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function fileEntry(id: number, file: File): FileEntry {
  return { id, name: file.name, size: file.size, file, phase: "waiting", sentBytes: 0, processedRows: 0, result: null };
}

/** Uploads the entry's file, reporting its phase, bytes sent and rows imported as they change. */
export async function uploadEntry(entry: FileEntry & { file: File }, batchSize: number, change: (update: Partial<FileEntry>) => void): Promise<BatchResult> {
  change({ phase: "uploading" });
  const result = await uploadFile(entry.file, { batchSize }, {
    onBytes: (sent) => change({ sentBytes: sent, ...(sent >= entry.size ? { phase: "processing" } : {}) }),
    onRows: (rows) => change({ processedRows: rows, phase: "processing" }),
  });
  change({ phase: "finished", result, processedRows: result.totalRows });
  return result;
}

/** An import found running when the page opened: its file is already uploaded. */
export function runningEntry(id: number, job: RunningUploadJob): FileEntry {
  return {
    id, name: job.fileName, size: job.fileSize, file: null, phase: job.status === "queued" ? "queued" : "processing",
    sentBytes: job.fileSize, processedRows: job.processedRows, result: null,
  };
}

/** Follows an import already under way to its report, as for a file sent from this page. */
export function followEntry(entry: FileEntry, jobId: string, change: (update: Partial<FileEntry>) => void) {
  const watcher = watchJob(jobId, entry.name, (rows) => change({ processedRows: rows, ...(rows > 0 ? { phase: "processing" } : {}) }));
  const result = watcher.result.then((value) => {
    change({ phase: "finished", result: value, processedRows: value.totalRows });
    return value;
  });
  return { result, stop: watcher.stop };
}

/**
 * One bar per file: the bytes sent while uploading, full once finished (green or red). While the
 * import runs its total is unknown: the bar is empty until rows are read, then a segment sweeps
 * it (no value is claimed), and the rows are told in words.
 */
export function FileProgress({ entry }: { entry: FileEntry }) {
  const percent = entry.size > 0 ? Math.min(100, Math.round((entry.sentBytes / entry.size) * 100)) : 100;
  if (entry.phase === "waiting") return <p className="text-xs text-slate-500 dark:text-slate-400">Sırada</p>;
  const importing = entry.phase === "queued" || entry.phase === "processing";
  const status =
    entry.phase === "uploading"
      ? `Yükleniyor: ${formatSize(entry.sentBytes)} / ${formatSize(entry.size)} (%${percent})`
      : entry.phase === "queued"
        ? "Sırada: içe aktarma başlamayı bekliyor…"
        : `İşlenen satır: ${entry.processedRows.toLocaleString("tr-TR")}${entry.phase === "processing" ? " — işleniyor…" : ""}`;
  const value = entry.phase === "uploading" ? percent : entry.phase === "finished" ? 100 : null;
  const fill = entry.phase === "finished" ? (entry.result && fileSucceeded(entry.result) ? "bg-green-600" : "bg-red-600") : "bg-blue-600";
  // Not a live region: a reader asks for it, rather than hearing every step.
  return (
    <div className="mt-2" data-testid="file-progress">
      <div
        className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
        role="progressbar"
        aria-label={entry.name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ?? undefined}
        aria-valuetext={status}
      >
        {importing ? (
          entry.processedRows > 0 ? <div data-testid="file-progress-fill" className={`h-full w-1/3 motion-safe:animate-import-sweep ${fill}`} /> : null
        ) : (
          <div data-testid="file-progress-fill" className={`h-full transition-all ${fill}`} style={{ width: `${value}%` }} />
        )}
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{status}</p>
    </div>
  );
}
