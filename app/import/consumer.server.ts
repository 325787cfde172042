/**
 * The import's entry for the queue (processImportJob): turns an uploaded spreadsheet in R2 into
 * businesses in D1, reading it (read/), cleaning each row (clean/) and committing it in batches
 * (commit.server.ts), with its progress on the job's Durable Object.
 *
 * Work goes in bounded steps (at most `stepRows` rows or `stepMs` of work per queue delivery).
 * Each batch of rows is written in one D1 batch together with the job's cursor and counts, so
 * a retried or redelivered message resumes exactly where the last committed batch ended and
 * never counts a row twice. A step that ends early re-enqueues the job. Queues deliver at least
 * once: when two deliveries of a job run at once, the cursor guard lets one commit and the other
 * stops quietly (no retry, no second message), so the job keeps a single chain of steps.
 */
import { rowIdentity, toBusinessRow, type BusinessRow } from "~/lib/business/business-record";
import { recordAuditEvent } from "~/models/audit-log.server";
import { directoryChanged } from "~/models/directory-change.server";
import type { QueueMessage } from "~/models/queue-messages.server";
import { cleanRow } from "./clean/row";
import { mapColumns, missingNameColumnMessage, type ColumnMapping } from "./clean/columns";
import { constraintFailure, constraintFailureMessage, oversizedRowReason } from "./commit-failure";
import {
  commitRows,
  DeliveryOvertaken,
  finishUploadJob,
  getUploadJob,
  markUploadJobProcessing,
  oversizedBusinessRow,
  readKnownIdentities,
  type UploadJob,
} from "./commit.server";
import { publishProgress } from "./progress.server";
import { checkCsvComplete, ImportFileError, sheetRows, type SourceRow } from "./read/rows";
import { emptyProgress, keep, rowErrorMessage, KEPT_EXAMPLES, type ImportProgress } from "./report";
import { importStepLimits, type ImportStepLimits } from "./step-limits";
import { deleteStoredUpload, isUploadStored, storedFile } from "./store.server";
import { yieldToOtherWork } from "./yield";

/** Resume point of a job, stored as JSON in upload_jobs.cursor. */
interface ImportCursor {
  row: number;
  offset?: number;
  headers: string[];
  /** The delivery that committed it: two deliveries of one step would otherwise write the same text. */
  delivery: string;
}

function identityKey(row: BusinessRow): string {
  return row.place_id ?? `${row.name.toLowerCase()}|${(row.full_address ?? "").toLowerCase()}`;
}

function isBlank(cells: readonly unknown[]): boolean {
  return cells.every((cell) => cell === null || cell === undefined || String(cell).trim() === "");
}

/** Local workerd can lose a delivery that sends to a queue right after seconds of D1 writes (decision 063). */
async function pauseBeforeSend(limits: ImportStepLimits) {
  if (limits.sendPauseMs > 0) await new Promise((resolve) => setTimeout(resolve, limits.sendPauseMs));
}

/**
 * The work that follows a finished job: the directory's follow-up queued when businesses were
 * written, and the file dropped last, so that a redelivery finding the file still stored knows
 * this work did not end and does it again.
 */
async function followUpFinishedJob(env: Env, job: UploadJob, status: "done" | "failed", progress: ImportProgress, limits: ImportStepLimits) {
  if (status === "done" || progress.successCount > 0) {
    // Queues the page anchors' and the sitemap's rebuild (a repeated request joins the running one).
    await pauseBeforeSend(limits);
    await directoryChanged(env, "import");
  }
  await deleteStoredUpload(env.BUCKET, job.objectKey);
}

/**
 * Ends the job at `cursor` and, unless another delivery moved or ended it first, tells the page
 * (first, so a failure below cannot leave it waiting) and follows up.
 */
async function finish(env: Env, job: UploadJob, cursor: string | null, progress: ImportProgress, failure: string | null, limits: ImportStepLimits) {
  const stored = await finishUploadJob(env.DB, job, cursor, progress, failure);
  if (!stored) return;
  // The job as stored: a file without a business row ends failed although no failure was given.
  const { status } = stored;
  await recordAuditEvent(env.DB, status === "done" ? "import.finished" : "import.failed", "import-queue", { subject: job.fileName, detail: stored.batchResult.message });
  await publishProgress(env, job, status, progress, stored.batchResult);
  await followUpFinishedJob(env, job, status, progress, limits);
}

/**
 * Ends a job whose queue message failed every retry (it reached the dead-letter queue), or that
 * made no progress for a day (the cron, stalled.server.ts): the batches already committed
 * stay in the directory; the job is reported failed so the upload page and the dashboard stop
 * showing it as running, and its file is dropped from R2.
 */
export async function abandonImportJob(env: Env, jobId: string, why = "tekrarlanan sunucu hataları yüzünden"): Promise<void> {
  const job = await getUploadJob(env.DB, jobId);
  if (!job || job.status === "done" || job.status === "failed") return;
  const progress = job.progress ?? emptyProgress();
  const failure =
    `${job.fileName}: içe aktarma ${why} durduruldu. ` +
    `İşlenen ${progress.processedRows} satırdan ${progress.successCount} işletme kaydedildi; dosyayı yeniden yükleyerek kalanını aktarabilirsiniz.`;
  await finish(env, job, job.cursor, progress, failure, importStepLimits(env));
}

export async function processImportJob(env: Env, jobId: string, limits: ImportStepLimits = importStepLimits(env)): Promise<void> {
  const job = await getUploadJob(env.DB, jobId);
  if (!job) return;
  if (job.status === "done" || job.status === "failed") {
    // A redelivery: the earlier delivery may have stopped after the job ended but before its page
    // heard of it (publishing again is harmless) or before its follow-up work ended.
    if (!job.result) return;
    const progress = job.progress ?? emptyProgress();
    await publishProgress(env, job, job.status, progress, job.result.batchResult);
    if (await isUploadStored(env.BUCKET, job.objectKey)) await followUpFinishedJob(env, job, job.status, progress, limits);
    return;
  }
  await markUploadJobProcessing(env.DB, jobId);
  const started = Date.now();
  const delivery = crypto.randomUUID();
  let cursorText = job.cursor;
  const cursor: ImportCursor | null = cursorText ? (JSON.parse(cursorText) as ImportCursor) : null;
  const progress = job.progress ?? emptyProgress();
  let mapping: ColumnMapping | null = cursor ? mapColumns(cursor.headers) : null;
  let headers = cursor?.headers ?? [];
  let pending: SourceRow[] = [];
  let stepRows = 0;

  /** The cursor just after `source`, as this delivery commits it. */
  const cursorAt = (source: SourceRow): string =>
    JSON.stringify({ row: source.rowNumber, ...(source.offset === undefined ? {} : { offset: source.offset }), headers, delivery } satisfies ImportCursor);

  const commit = async () => {
    const last = pending.at(-1);
    if (!last || !mapping) return;
    const rows: BusinessRow[] = [];
    for (const source of pending) {
      progress.processedRows++;
      const cleaned = cleanRow(source.cells, mapping);
      if (!cleaned.ok) {
        progress.errorCount++;
        keep(progress.errors, rowErrorMessage(source.rowNumber, cleaned.reason, cleaned.name));
        continue;
      }
      const row = toBusinessRow(cleaned.record);
      // D1 would refuse it on every attempt: skipped and reported like any other bad row.
      const oversized = oversizedBusinessRow(row);
      if (oversized) {
        progress.errorCount++;
        keep(progress.errors, rowErrorMessage(source.rowNumber, oversizedRowReason(oversized), row.name));
        continue;
      }
      rows.push(row);
    }
    const keys = rows.map(identityKey);
    const placeIds = rows.flatMap((r) => (r.place_id ? [r.place_id] : []));
    const known = await readKnownIdentities(env.DB, jobId, keys, placeIds, rows.filter((r) => !r.place_id), rows.filter((r) => r.place_id));
    const seen = new Set<string>();
    const written: BusinessRow[] = [];
    for (const row of rows) {
      const key = identityKey(row);
      if (row.place_id) progress.recordsWithPlaceId++;
      if (seen.has(key) || known.seenInFile.has(key)) {
        progress.skippedCount++;
        progress.excelDuplicateCount++;
        keep(progress.skippedBusinesses, row.name);
        keep(progress.excelDuplicateRecords, row.name, KEPT_EXAMPLES);
        continue;
      }
      seen.add(key);
      if (row.place_id) {
        if (known.inDirectory.has(row.place_id)) progress.databaseDuplicateCount++;
        else progress.newPlaceIdCount++;
      }
      // Added or refreshed, as the upsert will find the row (decision 043).
      const stored = row.place_id ? known.inDirectory.has(row.place_id) : known.storedWithoutPlaceId.has(rowIdentity(row));
      if (!stored) progress.addedCount++;
      if (row.place_id && known.ownerKept.has(row.place_id)) progress.ownerKeptCount = (progress.ownerKeptCount ?? 0) + known.ownerKept.get(row.place_id)!;
      written.push(row);
      progress.successCount++;
    }
    const nextText = cursorAt(last);
    await commitRows(env.DB, { jobId, previousCursor: cursorText, cursor: nextText, progress, keys: [...seen] }, written);
    cursorText = nextText;
    stepRows += pending.length;
    pending = [];
    await publishProgress(env, job, "processing", progress);
  };

  try {
    const file = storedFile(env.BUCKET, job.objectKey);
    if (!cursor && job.fileType === "csv") await checkCsvComplete(file);
    const rows = sheetRows(file, job.fileType, job.fileSize, { row: cursor?.row ?? 0, offset: cursor?.offset }, (sheet) => {
      progress.sheets = { read: sheet.name, unread: sheet.unread };
    });
    for await (const source of rows) {
      if (!mapping) {
        if (isBlank(source.cells)) continue;
        // The first non-blank row is the header; a file without a name column changes nothing.
        headers = source.cells.map((c) => String(c ?? ""));
        mapping = mapColumns(headers);
        const missing = missingNameColumnMessage(mapping);
        if (missing) return await finish(env, job, cursorText, progress, `${job.fileName}: ${missing}`, limits);
        progress.columnExtraction = mapping.extraction;
        // Commit the header as the first cursor, so a resumed step knows the columns.
        const first = cursorAt(source);
        await commitRows(env.DB, { jobId, previousCursor: cursorText, cursor: first, progress, keys: [] }, []);
        cursorText = first;
        continue;
      }
      if (isBlank(source.cells)) continue;
      pending.push(source);
      if (pending.length >= job.batchSize) {
        await commit();
        // Other requests are answered between batches, whatever the batch size (see yield.ts).
        await yieldToOtherWork();
        if (stepRows >= limits.stepRows || Date.now() - started >= limits.stepMs) {
          await rows.return(undefined);
          await pauseBeforeSend(limits);
          await env.WORK_QUEUE.send({ kind: "import", jobId } satisfies QueueMessage);
          return;
        }
      }
    }
    await commit();
  } catch (error) {
    if (error instanceof DeliveryOvertaken) return console.log(error.message);
    if (error instanceof ImportFileError) return await finish(env, job, cursorText, progress, `${job.fileName}: ${error.message}`, limits);
    // Deterministic: a retry would fail the same way. End the job with what is committed.
    const constraint = constraintFailure(error);
    if (constraint === null) throw error;
    const stored = (await getUploadJob(env.DB, jobId)) ?? job;
    const committed = stored.progress ?? emptyProgress();
    const afterRow = stored.cursor ? (JSON.parse(stored.cursor) as ImportCursor).row : null;
    const message = constraintFailureMessage(job.fileName, constraint, { processedRows: committed.processedRows, successCount: committed.successCount, afterRow, batchSize: job.batchSize });
    return await finish(env, job, stored.cursor, committed, message, limits);
  }
  if (!mapping) return await finish(env, job, cursorText, progress, `${job.fileName}: dosya boş (başlık satırı yok).`, limits);
  await finish(env, job, cursorText, progress, null, limits);
}
