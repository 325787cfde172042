import { useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import { buttonClass, Card } from "~/components/admin/ui";
import { useToast } from "~/components/toast";
import { isExcelFile, MAX_UPLOAD_BYTES } from "~/import/read/file-type";
import { singleFileToast, tooLargeText, UPLOAD_MESSAGES } from "~/import/upload-messages";
import { fileEntry, FileProgress, formatSize, inFlight, uploadEntry, type FileEntry } from "./file-progress";
import { UploadReport } from "./upload-report";

/**
 * The earlier single-file Excel upload (legacy admin): no file, file selected, uploading, report
 * shown. The file travels like the upload page's (parts into R2, decision 069); the business
 * list beside it is reloaded once rows went in, also after a partial success.
 */
export function SingleFileUpload({ batchSize }: { batchSize: number }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [entry, setEntry] = useState<FileEntry | null>(null);
  const uploading = entry !== null && inFlight(entry);

  function select(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!isExcelFile(file)) {
      toast({ title: UPLOAD_MESSAGES.invalidTypeTitle, description: UPLOAD_MESSAGES.invalidTypeText, variant: "destructive" });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ title: UPLOAD_MESSAGES.tooLargeTitle, description: tooLargeText(file.name), variant: "destructive" });
      return;
    }
    setEntry(fileEntry(1, file));
  }

  async function start() {
    if (!entry?.file) return;
    const result = await uploadEntry({ ...entry, file: entry.file }, batchSize, (change) => setEntry((current) => (current ? { ...current, ...change } : current)));
    toast(singleFileToast(result));
    if (result.successCount > 0) revalidator.revalidate();
  }

  return (
    <Card title="Excel Yükle">
      <div className="flex flex-wrap items-end gap-4">
        <label className="text-sm text-slate-700 dark:text-slate-200">
          <span className="block font-medium">Excel dosyası (.xlsx, .xls) — max 150MB</span>
          <input
            ref={input}
            type="file"
            accept=".xlsx,.xls"
            disabled={uploading}
            onChange={(event) => select(event.currentTarget.files?.[0])}
            className="mt-1 block text-sm dark:text-slate-300 dark:file:bg-slate-600 file:mr-3 file:rounded file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-white"
          />
        </label>
        <button type="button" onClick={start} disabled={entry?.phase !== "waiting"} className={buttonClass.primary}>
          {uploading ? "Yükleniyor…" : "Yükle"}
        </button>
        <button type="button" onClick={() => setEntry(null)} disabled={entry === null || uploading} className={buttonClass.secondary}>
          Temizle
        </button>
      </div>
      {entry ? (
        <div className="mt-4" data-testid="single-upload-file">
          <p className="truncate font-medium text-slate-900 dark:text-slate-100">{entry.name}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{formatSize(entry.size)}</p>
          <FileProgress entry={entry} />
          {entry.result ? <UploadReport result={entry.result} /> : null}
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">Henüz dosya seçilmedi.</p>
      )}
    </Card>
  );
}
