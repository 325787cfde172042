import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useBeforeUnload, useBlocker, useLoaderData, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { buttonClass, Card, PageHeader } from "~/components/admin/ui";
import { FileDropZone } from "~/components/upload/file-drop-zone";
import { fileEntry, FileProgress, followEntry, formatSize, inFlight, runningEntry, uploadEntry, type FileEntry } from "~/components/upload/file-progress";
import { runningUploadJobs } from "~/components/upload/upload-client";
import { UploadReport } from "~/components/upload/upload-report";
import { useToast } from "~/components/toast";
import { ADMIN_DATA_FRESH_MS, keptAdminData } from "~/lib/admin/admin-data-cache";
import { isLeavingForLogin } from "~/lib/admin/api-client";
import { NO_STORE } from "~/lib/web/cache-policy";
import { MAX_UPLOAD_BYTES, typeFromFileName } from "~/import/read/file-type";
import { adminMeta } from "~/lib/directory/seo";
import type { BatchResult } from "~/import/report";
import { finalToast, tooLargeText, UNSUPPORTED_TYPE_TITLE, unsupportedTypeText, UPLOAD_MESSAGES } from "~/import/upload-messages";
import { requireAdminPage } from "~/models/auth.server";
import { BATCH_SIZES, DEFAULT_BATCH_SIZE, TEMPLATE_COLUMNS } from "~/import/upload.server";

export const meta: MetaFunction = () => adminMeta("Excel Yükleme – Yönetim");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage(request, context.cloudflare.env);
  return data({ templateColumns: TEMPLATE_COLUMNS, batchSizes: BATCH_SIZES, defaultBatchSize: DEFAULT_BATCH_SIZE }, { headers: NO_STORE });
}

/** Files are sent one after another, this far apart. */
const PAUSE_BETWEEN_FILES_MS = 25;

/** Shown again without asking the server while fresh (the spec's cache freshness). */
export const clientLoader = keptAdminData(ADMIN_DATA_FRESH_MS.default);

export default function AdminUpload() {
  const { templateColumns, batchSizes, defaultBatchSize } = useLoaderData<typeof loader>();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [entries, setEntries] = useState<FileEntry[]>([]);
  const [batchSize, setBatchSize] = useState<number>(defaultBatchSize);
  // Only this page's own uploads make it busy. Imports it follows (sent before a reload, or from
  // another tab) are shown to their report, while the administrator may choose and send more
  // files: each file is an import job of its own, as when two tabs upload.
  const [uploading, setUploading] = useState(false);
  const nextId = useRef(1);
  const input = useRef<HTMLInputElement>(null);

  const update = (id: number, change: Partial<FileEntry>) =>
    setEntries((current) => current.map((e) => (e.id === id ? { ...e, ...change } : e)));

  // This page sends its files one after another. While some are not sent yet, another screen
  // asks first (the sending goes on unseen there, its reports shown nowhere), and a reload or
  // closing the tab too (the files not sent are then lost); an import under way on the server
  // needs no guard, nor does an ended session sending the administrator to the login page.
  const sending = uploading && entries.some((e) => e.file !== null && (e.phase === "waiting" || e.phase === "uploading"));
  const blocker = useBlocker(({ currentLocation, nextLocation }) => sending && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UPLOAD_MESSAGES.leaveWhileUploading)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!sending || isLeavingForLogin()) return;
        event.preventDefault();
        event.returnValue = "";
      },
      [sending],
    ),
  );

  const report = (results: BatchResult[]) => {
    toast(finalToast(results));
    // Imported rows change the menu's business count.
    if (results.some((result) => result.successCount > 0)) revalidator.revalidate();
  };

  // An import started before a reload (or from another visit) is shown and followed to its report.
  useEffect(() => {
    let open = true;
    const stops: (() => void)[] = [];
    void runningUploadJobs().then(async (jobs) => {
      if (!open || jobs.length === 0) return;
      const followed = jobs.map((job) => ({ job, entry: runningEntry(nextId.current++, job) }));
      setEntries((current) => [...followed.map((f) => f.entry), ...current]);
      const results = await Promise.all(
        followed.map(({ job, entry }) => {
          const watcher = followEntry(entry, job.id, (change) => update(entry.id, change));
          stops.push(watcher.stop);
          return watcher.result;
        }),
      );
      if (open) report(results);
    });
    return () => {
      open = false;
      for (const stop of stops) stop();
    };
    // Once, on arrival.
  }, []);

  const select = (files: FileList | null) => {
    if (!files) return;
    const accepted: FileEntry[] = [];
    const unsupported = Array.from(files).filter((file) => !typeFromFileName(file.name));
    if (unsupported.length > 0) {
      toast({ title: UNSUPPORTED_TYPE_TITLE, description: unsupportedTypeText(unsupported.map((f) => f.name)), variant: "destructive" });
    }
    for (const file of Array.from(files)) {
      if (unsupported.includes(file)) continue;
      if (file.size > MAX_UPLOAD_BYTES) {
        toast({ title: UPLOAD_MESSAGES.tooLargeTitle, description: tooLargeText(file.name), variant: "destructive" });
        continue;
      }
      accepted.push(fileEntry(nextId.current++, file));
    }
    setEntries((current) => [...current.filter((e) => e.phase !== "finished"), ...accepted]);
    if (input.current) input.current.value = "";
  };

  const start = async () => {
    if (uploading) return;
    const queue = entries.flatMap((e) => (e.phase === "waiting" && e.file ? [{ ...e, file: e.file }] : []));
    if (queue.length === 0) return;
    setUploading(true);
    const results: BatchResult[] = [];
    for (const [index, entry] of queue.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_FILES_MS));
      results.push(await uploadEntry(entry, batchSize, (change) => update(entry.id, change)));
    }
    focusPickerWhenDone.current = document.activeElement === uploadButton.current;
    setUploading(false);
    report(results);
  };

  const waiting = entries.filter((e) => e.phase === "waiting").length;
  // An import under way stays listed until its report, even when it is not this page's upload.
  const removable = (entry: FileEntry) => !uploading && !inFlight(entry);

  // Yükle is only aria-disabled while it uploads, so the keyboard focus stays on it; once nothing
  // waits it is disabled, and the administrator who pressed it goes on to choosing more files
  // rather than to the top of the document.
  const uploadButton = useRef<HTMLButtonElement>(null);
  const focusPickerWhenDone = useRef(false);
  useEffect(() => {
    if (uploading || !focusPickerWhenDone.current) return;
    focusPickerWhenDone.current = false;
    input.current?.focus();
  }, [uploading]);

  return (
    <>
      <PageHeader
        title="Excel Yükleme"
        subtitle="İşletme listelerini .xlsx, .xls veya .csv olarak yükleyin (dosya başına en fazla 150MB). Google Maps dışa aktarımları (Outscraper) doğrudan okunur."
      />

      <Card title="Şablon sütunları">
        <ul className="flex flex-wrap gap-2">
          {templateColumns.map((column) => (
            <li key={column} className="rounded bg-slate-100 px-2 py-1 font-mono text-xs text-slate-700 dark:bg-slate-700 dark:text-slate-200">{column}</li>
          ))}
        </ul>

        <div className="mt-5">
          <FileDropZone disabled={uploading} onFiles={select}>
            <label className="min-w-0 text-sm text-slate-700 dark:text-slate-200">
              <span className="sr-only">Dosyalar</span>
              <input
                ref={input}
                type="file"
                multiple
                accept=".xlsx,.xls,.csv"
                disabled={uploading}
                onChange={(event) => select(event.currentTarget.files)}
                className="block max-w-full text-sm dark:text-slate-300 dark:file:bg-slate-600 file:mr-3 file:rounded file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-white"
              />
            </label>
          </FileDropZone>
        </div>

        <div className="mt-5 flex flex-wrap items-end gap-4">
          <label className="text-sm text-slate-700 dark:text-slate-200">
            <span className="block font-medium">Toplu işlem boyutu</span>
            <select
              value={batchSize}
              disabled={uploading}
              onChange={(event) => setBatchSize(Number(event.currentTarget.value))}
              className="mt-1 rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
            >
              {batchSizes.map((size) => (
                <option key={size} value={size}>{size} kayıt</option>
              ))}
            </select>
          </label>
          <button
            ref={uploadButton}
            type="button"
            onClick={start}
            disabled={!uploading && waiting === 0}
            aria-disabled={uploading}
            className={buttonClass.primary}
          >
            {uploading ? "Yükleniyor…" : `Yükle (${waiting})`}
          </button>
          <button
            type="button"
            onClick={() => setEntries((current) => current.filter((e) => !removable(e)))}
            disabled={!entries.some(removable)}
            className={buttonClass.secondary}
          >
            Temizle
          </button>
        </div>
      </Card>

      {entries.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">Henüz dosya seçilmedi.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800" data-testid="upload-file">
              <div className="flex items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900 dark:text-slate-100">{entry.name}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">{formatSize(entry.size)}</p>
                </div>
                <button
                  type="button"
                  onClick={() => setEntries((current) => current.filter((e) => e.id !== entry.id))}
                  disabled={!removable(entry)}
                  aria-label={`${entry.name} dosyasını kaldır`}
                  className="rounded px-2 py-1 text-sm text-slate-500 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-400 dark:hover:bg-slate-700"
                >
                  Kaldır
                </button>
              </div>
              <FileProgress entry={entry} />
              {entry.result ? <UploadReport result={entry.result} /> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
