/**
 * Upload jobs: one row per uploaded file, from queued to done or failed. The consumer's
 * cursor and running counts are committed in the same D1 batch as the rows of each step, so a
 * retried or redelivered step either sees its own work committed or none of it.
 */
import type { BusinessRow } from "~/lib/business-record";
import type { SpreadsheetType } from "~/lib/import/file-type";
import { batchResult, emptyProgress, importFailure, uploadReport, type BatchResult, type ImportProgress, type UploadReport } from "~/lib/import/report";
import { jsonArrayParameters, jsonListParameters } from "./json-parameters.server";

/** uploading (browser sending parts) → queued → processing → done | failed */
export type UploadJobStatus = "uploading" | "queued" | "processing" | "done" | "failed";

export interface UploadJob {
  id: string;
  fileName: string;
  fileSize: number;
  objectKey: string;
  fileType: SpreadsheetType;
  batchSize: number;
  status: UploadJobStatus;
  cursor: string | null;
  progress: ImportProgress | null;
  result: { batchResult: BatchResult; report: UploadReport } | null;
  error: string | null;
  createdAt: number;
  finishedAt: number | null;
}

export const BATCH_SIZES = [100, 500, 1000, 2000] as const;
export const DEFAULT_BATCH_SIZE = 500;

/** Storage key of an upload: generated from the job id, never from the user's file name. */
export function uploadObjectKey(jobId: string): string {
  return `uploads/${jobId}`;
}

function parseJson<T>(text: unknown): T | null {
  return typeof text === "string" ? (JSON.parse(text) as T) : null;
}

function toJob(row: Record<string, unknown>): UploadJob {
  return {
    id: String(row.id),
    fileName: String(row.file_name),
    fileSize: Number(row.file_size),
    objectKey: String(row.object_key),
    fileType: row.file_type as SpreadsheetType,
    batchSize: Number(row.batch_size),
    status: row.status as UploadJobStatus,
    cursor: (row.cursor as string | null) ?? null,
    // A job begun before a count existed reads it as 0 rather than undefined.
    progress: typeof row.progress === "string" ? { ...emptyProgress(), ...(JSON.parse(row.progress) as ImportProgress) } : null,
    result: parseJson(row.result),
    error: (row.error as string | null) ?? null,
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  };
}

export async function createUploadJob(
  db: D1Database,
  job: { id: string; fileName: string; fileSize: number; fileType: SpreadsheetType; batchSize: number },
  /** A browser upload's R2 multipart upload: its job starts `uploading`, not `queued`. */
  uploadId?: string,
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO upload_jobs (id, file_name, file_size, object_key, file_type, batch_size, status, upload_id)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    )
    .bind(job.id, job.fileName, job.fileSize, uploadObjectKey(job.id), job.fileType, job.batchSize, uploadId ? "uploading" : "queued", uploadId ?? null)
    .run();
}

/** A browser upload whose parts are all stored and checked: ready for the consumer. */
export async function markUploadJobQueued(db: D1Database, id: string, fileSize: number): Promise<boolean> {
  const result = await db
    .prepare(`UPDATE upload_jobs SET status = 'queued', file_size = ?2, updated_at = unixepoch() WHERE id = ?1 AND status = 'uploading'`)
    .bind(id, fileSize)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/**
 * Browser uploads still `uploading` that were opened before `openedBefore` (unix seconds):
 * the page was closed or lost its connection before completing them.
 */
export async function listAbandonedUploadJobs(
  db: D1Database,
  openedBefore: number,
): Promise<{ id: string; objectKey: string; uploadId: string | null }[]> {
  const { results } = await db
    .prepare(`SELECT id, object_key, upload_id FROM upload_jobs WHERE status = 'uploading' AND updated_at < ?1`)
    .bind(openedBefore)
    .all<{ id: string; object_key: string; upload_id: string | null }>();
  return results.map((r) => ({ id: r.id, objectKey: r.object_key, uploadId: r.upload_id }));
}

/**
 * Imports queued or processing whose row has not moved since `quietSince` (unix seconds): every
 * committed batch, and the consumer taking the job, set updated_at, so such a job lost its queue
 * message (a failed send, a delivery that died with its worker) or keeps failing without progress.
 */
export async function listStalledImportJobs(db: D1Database, quietSince: number): Promise<{ id: string; updatedAt: number }[]> {
  const { results } = await db
    .prepare(`SELECT id, updated_at FROM upload_jobs WHERE status IN ('queued', 'processing') AND updated_at < ?1`)
    .bind(quietSince)
    .all<{ id: string; updated_at: number }>();
  return results.map((r) => ({ id: r.id, updatedAt: r.updated_at }));
}

/** A job the upload page can follow after a reload: queued or being imported. */
export interface RunningUploadJob {
  id: string;
  fileName: string;
  fileSize: number;
  status: "queued" | "processing";
  processedRows: number;
}

/** The imports not finished yet, oldest first (the order the queue takes them). */
export async function listRunningUploadJobs(db: D1Database): Promise<RunningUploadJob[]> {
  const { results } = await db
    .prepare(
      `SELECT id, file_name, file_size, status, coalesce(json_extract(progress, '$.processedRows'), 0) AS processed_rows
       FROM upload_jobs WHERE status IN ('queued', 'processing') ORDER BY created_at, rowid`,
    )
    .all<{ id: string; file_name: string; file_size: number; status: "queued" | "processing"; processed_rows: number }>();
  return results.map((r) => ({ id: r.id, fileName: r.file_name, fileSize: r.file_size, status: r.status, processedRows: r.processed_rows }));
}

/** A refused or abandoned browser upload leaves no job behind. */
export async function deleteUploadingJob(db: D1Database, id: string): Promise<void> {
  await db.prepare(`DELETE FROM upload_jobs WHERE id = ?1 AND status = 'uploading'`).bind(id).run();
}

export async function getUploadJob(db: D1Database, id: string): Promise<UploadJob | null> {
  const row = await db.prepare(`SELECT * FROM upload_jobs WHERE id = ?1`).bind(id).first<Record<string, unknown>>();
  return row ? toJob(row) : null;
}

/** The consumer takes a queued job; its first step also stamps started_at, which later steps keep. */
export async function markUploadJobProcessing(db: D1Database, id: string): Promise<void> {
  await db
    .prepare(
      `UPDATE upload_jobs SET status = 'processing', started_at = coalesce(started_at, unixepoch()), updated_at = unixepoch()
       WHERE id = ?1 AND status = 'queued'`,
    )
    .bind(id)
    .run();
}

/**
 * Which of a step's identities were already read earlier in this file, and which of its rows
 * the directory already holds, as the upsert finds them: by place id, and for rows without one
 * by name and address (businesses_name_address_no_place_id; rowIdentity). Read before the step's
 * write batch; that batch is guarded by the cursor, so a concurrent duplicate delivery cannot
 * commit counts twice.
 */
export async function readKnownIdentities(
  db: D1Database,
  jobId: string,
  keys: readonly string[],
  placeIds: readonly string[],
  withoutPlaceId: readonly Pick<BusinessRow, "name" | "full_address">[] = [],
): Promise<{ seenInFile: Set<string>; inDirectory: Set<string>; storedWithoutPlaceId: Set<string> }> {
  // Long identities (name and address) are sent in as many lists as keep each under D1's value limit.
  const seenQuery = db.prepare(`SELECT key AS value FROM upload_job_keys WHERE job_id = ?1 AND key IN (SELECT value FROM json_each(?2))`);
  const knownQuery = db.prepare(`SELECT place_id AS value FROM businesses WHERE place_id IN (SELECT value FROM json_each(?1))`);
  // Named index: the planner would otherwise walk every row without a place id.
  const namedQuery = db.prepare(
    `SELECT b.name || '|' || coalesce(b.full_address, '') AS value
     FROM json_each(?1) AS j CROSS JOIN businesses AS b INDEXED BY businesses_name_address_no_place_id
     WHERE b.place_id IS NULL AND b.name = j.value ->> 0 AND coalesce(b.full_address, '') = j.value ->> 1`,
  );
  const lists = [
    jsonListParameters(keys).map((list) => seenQuery.bind(jobId, list)),
    jsonListParameters(placeIds).map((list) => knownQuery.bind(list)),
    jsonArrayParameters(withoutPlaceId.map((row) => JSON.stringify([row.name, row.full_address ?? ""]))).map((list) => namedQuery.bind(list)),
  ];
  const results = await db.batch<{ value: string }>(lists.flat());
  const values = (from: typeof results) => new Set(from.flatMap((result) => result.results.map((r) => r.value)));
  const [seen, known] = [lists[0]!.length, lists[0]!.length + lists[1]!.length];
  return {
    seenInFile: values(results.slice(0, seen)),
    inDirectory: values(results.slice(seen, known)),
    storedWithoutPlaceId: values(results.slice(known)),
  };
}

/**
 * The statements that commit one step, to run in one db.batch around the step's upserts:
 * the guard first (fails the whole batch when another delivery already moved the cursor or the
 * job was ended — json() of a non-JSON text raises an error, which rolls the batch back), then
 * the step's identities, and last the new cursor and counts.
 */
export function stepCommitStatements(
  db: D1Database,
  input: { jobId: string; previousCursor: string | null; cursor: string; progress: ImportProgress; keys: readonly string[] },
): { guard: D1PreparedStatement; after: D1PreparedStatement[] } {
  return {
    guard: db
      .prepare(
        `SELECT CASE WHEN cursor IS ?2 AND status = 'processing' THEN 1 ELSE json('stale import step: cursor moved') END AS ok
         FROM upload_jobs WHERE id = ?1`,
      )
      .bind(input.jobId, input.previousCursor),
    after: [
      ...jsonListParameters(input.keys).map((list) =>
        db.prepare(`INSERT OR IGNORE INTO upload_job_keys (job_id, key) SELECT ?1, value FROM json_each(?2)`).bind(input.jobId, list),
      ),
      db
        .prepare(`UPDATE upload_jobs SET cursor = ?2, progress = ?3, updated_at = unixepoch() WHERE id = ?1`)
        .bind(input.jobId, input.cursor, JSON.stringify(input.progress)),
    ],
  };
}

/**
 * Ends a job: stores its batch result and dashboard report, and drops its identities. Only a
 * job still running at `cursor` (the position `progress` counts up to) is ended; otherwise, as
 * when two deliveries reach the end at once or a stalled job moved again, null: whoever moved or
 * ended it reports it.
 */
export async function finishUploadJob(
  db: D1Database,
  job: UploadJob,
  cursor: string | null,
  progress: ImportProgress,
  givenFailure: string | null,
): Promise<{ status: "done" | "failed"; batchResult: BatchResult; report: UploadReport } | null> {
  const finishedAt = Math.floor(Date.now() / 1000);
  // Processing time counts from the consumer's first step, not from the upload (sending the
  // file and waiting behind another import are not processing). `job` may have been read before
  // that first step stamped it, so it is read again; a job never taken counts 0 s.
  const stamped = await db.prepare(`SELECT started_at FROM upload_jobs WHERE id = ?1`).bind(job.id).first<{ started_at: number | null }>();
  const startedAt = stamped?.started_at ?? finishedAt;
  const failure = importFailure(job.fileName, progress, givenFailure);
  const result = batchResult(job.fileName, progress, failure);
  const report = uploadReport({ fileName: job.fileName, fileSize: job.fileSize, startedAt, finishedAt, result });
  const stored = { batchResult: result, report };
  const status = failure === null ? "done" : "failed";
  const [ended] = await db.batch([
    db
      .prepare(
        `UPDATE upload_jobs SET status = ?2, progress = ?3, result = ?4, error = ?5, finished_at = ?6, updated_at = ?6
         WHERE id = ?1 AND status IN ('queued', 'processing') AND cursor IS ?7`,
      )
      .bind(job.id, status, JSON.stringify(progress), JSON.stringify(stored), failure, finishedAt, cursor),
    db.prepare(`DELETE FROM upload_job_keys WHERE job_id = ?1 AND (SELECT status FROM upload_jobs WHERE id = ?1) IN ('done', 'failed')`).bind(job.id),
  ]);
  return (ended!.meta.changes ?? 0) > 0 ? { status, ...stored } : null;
}

/** The dashboard's latest upload reports, newest first. */
export async function listUploadReports(db: D1Database, limit = 10): Promise<UploadReport[]> {
  const { results } = await db
    .prepare(
      `SELECT result FROM upload_jobs WHERE result IS NOT NULL ORDER BY created_at DESC, rowid DESC LIMIT ?1`,
    )
    .bind(limit)
    .all<{ result: string }>();
  return results.map((r) => (JSON.parse(r.result) as { report: UploadReport }).report);
}
