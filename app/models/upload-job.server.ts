/**
 * Upload jobs: one row per uploaded file, from queued to done or failed. The consumer's
 * cursor and running counts are committed in the same D1 batch as the rows of each step, so a
 * retried or redelivered step either sees its own work committed or none of it.
 */
import { and, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { database } from "~/db/client.server";
import { uploadJobs, uploadJobKeys } from "~/db/schema";
import type { BusinessRow } from "~/lib/business/business-record";
import type { SpreadsheetType } from "~/import/read/file-type";
import { batchResult, emptyProgress, importFailure, uploadReport, type BatchResult, type ImportProgress, type UploadReport } from "~/import/report";
import { jsonArrayParameters, jsonListParameters } from "./json-parameters.server";

/** uploading (browser sending parts) → queued → processing → done | failed */
export type UploadJobStatus = "uploading" | "queued" | "processing" | "done" | "failed";

type UploadJobRow = typeof uploadJobs.$inferSelect;

/** A job as the import reads it: its row, with the JSON columns read and the texts typed. */
export type UploadJob = Pick<UploadJobRow, "id" | "fileName" | "fileSize" | "objectKey" | "batchSize" | "cursor" | "error" | "createdAt" | "finishedAt"> & {
  fileType: SpreadsheetType;
  status: UploadJobStatus;
  progress: ImportProgress | null;
  result: { batchResult: BatchResult; report: UploadReport } | null;
};

export const BATCH_SIZES = [100, 500, 1000, 2000] as const;
export const DEFAULT_BATCH_SIZE = 500;

/** Storage key of an upload: generated from the job id, never from the user's file name. */
export function uploadObjectKey(jobId: string): string {
  return `uploads/${jobId}`;
}

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

function toJob(row: UploadJobRow): UploadJob {
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    objectKey: row.objectKey,
    fileType: row.fileType as SpreadsheetType,
    batchSize: row.batchSize,
    status: row.status as UploadJobStatus,
    cursor: row.cursor,
    // A job begun before a count existed reads it as 0 rather than undefined.
    progress: row.progress === null ? null : { ...emptyProgress(), ...(JSON.parse(row.progress) as ImportProgress) },
    result: parseJson(row.result),
    error: row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

const running = inArray(uploadJobs.status, ["queued", "processing"] satisfies UploadJobStatus[]);

export async function createUploadJob(
  d1: D1Database,
  job: { id: string; fileName: string; fileSize: number; fileType: SpreadsheetType; batchSize: number },
  /** A browser upload's R2 multipart upload: its job starts `uploading`, not `queued`. */
  uploadId?: string,
): Promise<void> {
  await database(d1)
    .insert(uploadJobs)
    .values({ ...job, objectKey: uploadObjectKey(job.id), status: uploadId ? "uploading" : "queued", uploadId: uploadId ?? null });
}

/** A browser upload whose parts are all stored and checked: ready for the consumer. */
export async function markUploadJobQueued(d1: D1Database, id: string, fileSize: number): Promise<boolean> {
  const result = await database(d1)
    .update(uploadJobs)
    .set({ status: "queued", fileSize, updatedAt: sql`unixepoch()` })
    .where(and(eq(uploadJobs.id, id), eq(uploadJobs.status, "uploading")));
  return (result.meta.changes ?? 0) > 0;
}

/**
 * Browser uploads still `uploading` that were opened before `openedBefore` (unix seconds):
 * the page was closed or lost its connection before completing them.
 */
export async function listAbandonedUploadJobs(d1: D1Database, openedBefore: number): Promise<Pick<UploadJobRow, "id" | "objectKey" | "uploadId">[]> {
  return database(d1)
    .select({ id: uploadJobs.id, objectKey: uploadJobs.objectKey, uploadId: uploadJobs.uploadId })
    .from(uploadJobs)
    .where(and(eq(uploadJobs.status, "uploading"), lt(uploadJobs.updatedAt, openedBefore)));
}

/**
 * Imports queued or processing whose row has not moved since `quietSince` (unix seconds): every
 * committed batch, and the consumer taking the job, set updated_at, so such a job lost its queue
 * message (a failed send, a delivery that died with its worker) or keeps failing without progress.
 */
export async function listStalledImportJobs(d1: D1Database, quietSince: number): Promise<Pick<UploadJobRow, "id" | "updatedAt">[]> {
  return database(d1)
    .select({ id: uploadJobs.id, updatedAt: uploadJobs.updatedAt })
    .from(uploadJobs)
    .where(and(running, lt(uploadJobs.updatedAt, quietSince)));
}

/** A job the upload page can follow after a reload: queued or being imported. */
export type RunningUploadJob = Pick<UploadJobRow, "id" | "fileName" | "fileSize"> & {
  status: "queued" | "processing";
  processedRows: number;
};

/** The imports not finished yet, oldest first (the order the queue takes them). */
export async function listRunningUploadJobs(d1: D1Database): Promise<RunningUploadJob[]> {
  const { id, fileName, fileSize, status, progress, createdAt } = uploadJobs;
  return database(d1)
    .select({
      id,
      fileName,
      fileSize,
      status: sql<RunningUploadJob["status"]>`${status}`,
      processedRows: sql<number>`coalesce(json_extract(${progress}, '$.processedRows'), 0)`,
    })
    .from(uploadJobs)
    .where(running)
    .orderBy(createdAt, sql`rowid`);
}

/** A refused or abandoned browser upload leaves no job behind. */
export async function deleteUploadingJob(d1: D1Database, id: string): Promise<void> {
  await database(d1)
    .delete(uploadJobs)
    .where(and(eq(uploadJobs.id, id), eq(uploadJobs.status, "uploading")));
}

export async function getUploadJob(d1: D1Database, id: string): Promise<UploadJob | null> {
  const row = await database(d1).select().from(uploadJobs).where(eq(uploadJobs.id, id)).get();
  return row ? toJob(row) : null;
}

/** The consumer takes a queued job; its first step also stamps started_at, which later steps keep. */
export async function markUploadJobProcessing(d1: D1Database, id: string): Promise<void> {
  await database(d1)
    .update(uploadJobs)
    .set({ status: "processing", startedAt: sql`coalesce(${uploadJobs.startedAt}, unixepoch())`, updatedAt: sql`unixepoch()` })
    .where(and(eq(uploadJobs.id, id), eq(uploadJobs.status, "queued")));
}

/**
 * Which of a step's identities were already read earlier in this file, and which of its rows
 * the directory already holds, as the upsert finds them: by place id, and for rows without one
 * by name and address (businesses_name_address_no_place_id; rowIdentity). Hand-written: INDEXED BY. Read before the step's
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
 * the step's identities (their foreign key fails the batch when the job is gone), and last the
 * new cursor and counts. Hand-written: they join the upsert's prepared statements in one D1
 * batch, which a query builder's statements cannot.
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
  d1: D1Database,
  job: UploadJob,
  cursor: string | null,
  progress: ImportProgress,
  givenFailure: string | null,
): Promise<{ status: "done" | "failed"; batchResult: BatchResult; report: UploadReport } | null> {
  const finishedAt = Math.floor(Date.now() / 1000);
  // Processing time counts from the consumer's first step, not from the upload (sending the
  // file and waiting behind another import are not processing). `job` may have been read before
  // that first step stamped it, so it is read again; a job never taken counts 0 s.
  const db = database(d1);
  const stamped = await db.select({ startedAt: uploadJobs.startedAt }).from(uploadJobs).where(eq(uploadJobs.id, job.id)).get();
  const startedAt = stamped?.startedAt ?? finishedAt;
  const failure = importFailure(job.fileName, progress, givenFailure);
  const result = batchResult(job.fileName, progress, failure);
  const report = uploadReport({ fileName: job.fileName, fileSize: job.fileSize, startedAt, finishedAt, result });
  const stored = { batchResult: result, report };
  const status = failure === null ? "done" : "failed";
  const statusNow = db.select({ status: uploadJobs.status }).from(uploadJobs).where(eq(uploadJobs.id, job.id));
  const [ended] = await db.batch([
    db
      .update(uploadJobs)
      .set({ status, progress: JSON.stringify(progress), result: JSON.stringify(stored), error: failure, finishedAt, updatedAt: finishedAt })
      .where(and(eq(uploadJobs.id, job.id), running, sql`${uploadJobs.cursor} IS ${cursor}`)),
    db.delete(uploadJobKeys).where(and(eq(uploadJobKeys.jobId, job.id), sql`${statusNow} IN ('done', 'failed')`)),
  ]);
  return (ended.meta.changes ?? 0) > 0 ? { status, ...stored } : null;
}

/** The dashboard's latest upload reports, newest first. */
export async function listUploadReports(d1: D1Database, limit = 10): Promise<UploadReport[]> {
  const results = await database(d1)
    .select({ result: uploadJobs.result })
    .from(uploadJobs)
    .where(isNotNull(uploadJobs.result))
    .orderBy(desc(uploadJobs.createdAt), sql`rowid DESC`)
    .limit(limit);
  return results.map((r) => (JSON.parse(r.result!) as { report: UploadReport }).report);
}
