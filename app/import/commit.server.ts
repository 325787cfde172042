/**
 * Everything of the import that touches D1: the upload jobs (one row per uploaded file, from
 * queued to done or failed) and the batches that write their rows. The consumer's cursor and
 * running counts are committed in the same D1 batch as the rows of each step, so a retried or
 * redelivered step either sees its own work committed or none of it.
 */
import { and, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { database } from "~/db/client.server";
import { uploadJobs, uploadJobKeys } from "~/db/schema";
import { utf8Bytes } from "~/lib/admin/code-limits";
import { DERIVED_COLUMNS, rowIdentity, type BusinessRow } from "~/lib/business/business-record";
import { businessSlug } from "~/lib/business/slug";
import { constraintFailure } from "./commit-failure";
import type { SpreadsheetType } from "./read/file-type";
import { batchResult, emptyProgress, importFailure, uploadReport, type BatchResult, type ImportProgress, type UploadReport } from "./report";
import { uploadObjectKey } from "./store.server";

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
 * Lists go to D1 as one JSON parameter, read back with json_each: one statement for any number
 * of items, far below D1's 100 bound parameters. D1 refuses a value longer than its string limit
 * (SQLITE_TOOBIG; 2,000,000 bytes, 1,000,000 in its earlier limits), so a list is cut into
 * parameters of at most this many UTF-8 bytes, under either limit.
 */
const MAX_JSON_PARAMETER_BYTES = 900_000;

/**
 * JSON arrays of `items` (each already JSON text), each within MAX_JSON_PARAMETER_BYTES; an item
 * larger than that alone travels alone (its writer refuses such items before, see
 * oversizedBusinessRow).
 */
function jsonArrayParameters(items: readonly string[]): string[] {
  const parameters: string[] = [];
  let chunk: string[] = [];
  let bytes = 2;
  for (const item of items) {
    // UTF-8 can take up to 3 bytes per UTF-16 unit: counted conservatively without encoding.
    const size = item.length * 3 + 1;
    if (chunk.length > 0 && bytes + size > MAX_JSON_PARAMETER_BYTES) {
      parameters.push(`[${chunk.join(",")}]`);
      chunk = [];
      bytes = 2;
    }
    chunk.push(item);
    bytes += size;
  }
  if (chunk.length > 0 || parameters.length === 0) parameters.push(`[${chunk.join(",")}]`);
  return parameters;
}

/** `values` as JSON-array parameters (jsonArrayParameters). */
function jsonListParameters(values: readonly string[]): string[] {
  return jsonArrayParameters(values.map((value) => JSON.stringify(value)));
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
  withPlaceId: readonly BusinessRow[] = [],
): Promise<{ seenInFile: Set<string>; inDirectory: Set<string>; storedWithoutPlaceId: Set<string>; ownerKept: Map<string, number> }> {
  // Long identities (name and address) are sent in as many lists as keep each under D1's value limit.
  const seenQuery = db.prepare(`SELECT key AS value FROM upload_job_keys WHERE job_id = ?1 AND key IN (SELECT value FROM json_each(?2))`);
  const knownQuery = db.prepare(`SELECT place_id AS value FROM businesses WHERE place_id IN (SELECT value FROM json_each(?1))`);
  // Named index: the planner would otherwise walk every row without a place id.
  const namedQuery = db.prepare(
    `SELECT b.name || '|' || coalesce(b.full_address, '') AS value
     FROM json_each(?1) AS j CROSS JOIN businesses AS b INDEXED BY businesses_name_address_no_place_id
     WHERE b.place_id IS NULL AND b.name = j.value ->> 0 AND coalesce(b.full_address, '') = j.value ->> 1`,
  );
  // In the same round trip: the fields an owner set that these rows would change (ownerKeptSql).
  const keptQuery = db.prepare(ownerKeptSql());
  const lists = [
    jsonListParameters(keys).map((list) => seenQuery.bind(jobId, list)),
    jsonListParameters(placeIds).map((list) => knownQuery.bind(list)),
    jsonArrayParameters(withoutPlaceId.map((row) => JSON.stringify([row.name, row.full_address ?? ""]))).map((list) => namedQuery.bind(list)),
    withPlaceId.length ? upsertBusinessesParameters(withPlaceId).map((json) => keptQuery.bind(json)) : [],
  ];
  const results = await db.batch<{ value: string; kept?: number }>(lists.flat());
  const values = (from: typeof results) => new Set(from.flatMap((result) => result.results.map((r) => r.value)));
  const [seen, known, named] = [lists[0]!.length, lists[0]!.length + lists[1]!.length, lists[0]!.length + lists[1]!.length + lists[2]!.length];
  const ownerKept = new Map<string, number>();
  // A place id the file repeats is written from its first row, which is the one counted.
  for (const row of results.slice(named).flatMap((result) => result.results)) if (!ownerKept.has(row.value)) ownerKept.set(row.value, Number(row.kept ?? 0));
  return {
    seenInFile: values(results.slice(0, seen)),
    inDirectory: values(results.slice(seen, known)),
    storedWithoutPlaceId: values(results.slice(known, named)),
    ownerKept,
  };
}

/** Columns written from a BusinessRow; the SQL below is generated from this one list. */
const WRITTEN_COLUMNS = [
  "name", "slug", "category", "type", "category_slug", "full_address", "street", "city",
  "city_slug", "postal_code", "country", "country_code", "phone", "latitude", "longitude",
  "rating", "reviews", "reviews_link", "photo", "logo", "located_in", "working_hours",
  "verified", "about", "place_id", "time_zone", "url", "price_range", ...DERIVED_COLUMNS, "created_at",
] as const satisfies readonly (keyof BusinessRow)[];

/** Fields a re-import refreshes; the slug and creation date of a known business never change. */
const REFRESHED_COLUMNS = WRITTEN_COLUMNS.filter((c) => c !== "slug" && c !== "created_at");

/**
 * The listing fields (app/lib/listings/listing-fields.ts) each column follows: a column whose field
 * an owner's approved change set (businesses.owner_fields) keeps its value through a re-import,
 * and so do the columns derived from it, which then still agree with it.
 */
const OWNER_FIELDS_OF_COLUMN: Partial<Record<(typeof REFRESHED_COLUMNS)[number], readonly string[]>> = {
  name: ["name"], name_folded: ["name"], name_inner_words: ["name"], name_sort: ["name"],
  category: ["category"], type: ["category"], category_slug: ["category"], type_folded: ["category"], category_folded: ["category"],
  full_address: ["fullAddress"], city: ["city"], city_slug: ["city"], city_folded: ["city"],
  country: ["countryCode"], country_code: ["countryCode"], country_folded: ["countryCode"], search_country_code: ["countryCode"],
  latitude: ["latitude", "longitude"], longitude: ["latitude", "longitude"], geo_cell: ["latitude", "longitude"],
  phone: ["phone"], url: ["website"], working_hours: ["workingHours"], about: ["amenities", "description"], amenity_names: ["amenities", "description"],
};

/** A refreshed column's new value: the file's, unless an owner set its field. */
function refreshedValue(column: (typeof REFRESHED_COLUMNS)[number]): string {
  const fields = OWNER_FIELDS_OF_COLUMN[column];
  if (!fields) return `excluded.${column}`;
  const owned = fields.map((field) => `instr(businesses.owner_fields, '|${field}|')`).join(" OR ");
  return `CASE WHEN businesses.owner_fields IS NOT NULL AND (${owned}) THEN businesses.${column} ELSE excluded.${column} END`;
}

const refresh = REFRESHED_COLUMNS.map((c) => `${c} = ${refreshedValue(c)}`).join(", ");

/** The column that tells whether a re-import would change an owner's field. */
const OWNER_FIELD_COLUMN: Record<string, (typeof WRITTEN_COLUMNS)[number]> = {
  name: "name", category: "category_slug", fullAddress: "full_address", city: "city", countryCode: "country_code",
  latitude: "latitude", longitude: "longitude", phone: "phone", website: "url", workingHours: "working_hours",
  amenities: "amenity_names", description: "about",
};

/**
 * SQL: for each row of a JSON parameter (read as the upsert reads it) whose business an owner
 * changed, its place id and how many of the owner's fields the file says otherwise about, which
 * the upsert will keep: the import report's "kept" figure. Rows are found by place id (without
 * one, by name and address, which an owner's change of either moves away from).
 */
function ownerKeptSql(): string {
  const at = (column: (typeof WRITTEN_COLUMNS)[number]) => WRITTEN_COLUMNS.indexOf(column);
  const kept = Object.entries(OWNER_FIELD_COLUMN)
    .map(([field, column]) => `(instr(b.owner_fields, '|${field}|') > 0 AND b.${column} IS NOT (j.value ->> ${at(column)}))`)
    .join(" + ");
  return `SELECT j.value ->> ${at("place_id")} AS value, ${kept} AS kept FROM json_each(?1) AS j
    JOIN businesses AS b ON b.place_id = j.value ->> ${at("place_id")} WHERE b.owner_fields IS NOT NULL`;
}
/**
 * A known business is written only when a refreshed field differs: a file imported again
 * unchanged keeps its rows' `updated_at` (each sitemap URL's lastmod, which crawlers trust only
 * while it is true) and costs no trigger or search-index work.
 */
const changed = REFRESHED_COLUMNS.map((c) => `businesses.${c} IS NOT ${refreshedValue(c)}`).join(" OR ");

/**
 * Hand-written: drizzle's builder writes no ON CONFLICT on an expression index.
 * One statement writes a whole batch: the rows travel as a single JSON parameter read with
 * json_each, which keeps far below D1's 100-bound-parameter limit whatever the batch size.
 * Each row is an array in WRITTEN_COLUMNS order, read by position: objects repeated every column
 * name in every row, a third more text to send to D1 and for SQLite to search key by key (the
 * consumer's SQL time fell by about a seventh, decision 067 addendum).
 * Known businesses (same place id; or, without a place id, same name and address) are updated.
 * The second target is the expression of businesses_name_address_no_place_id:
 * a missing address counts as '', so a business with neither place id nor address is found again.
 */
export const UPSERT_BUSINESSES_SQL = `
INSERT INTO businesses (${WRITTEN_COLUMNS.join(", ")}, updated_at)
SELECT ${WRITTEN_COLUMNS.map((_, i) => `j.value ->> ${i}`).join(", ")}, unixepoch()
FROM json_each(?1) AS j WHERE true
ON CONFLICT (place_id) DO UPDATE SET ${refresh}, updated_at = unixepoch() WHERE ${changed}
ON CONFLICT (name, coalesce(full_address, '')) WHERE place_id IS NULL DO UPDATE SET ${refresh}, updated_at = unixepoch() WHERE ${changed}`;

/** A row as the upsert reads it: an array in WRITTEN_COLUMNS order. */
function rowJson(row: BusinessRow): string {
  return JSON.stringify(WRITTEN_COLUMNS.map((column) => row[column]));
}

/** Text a row may hold whatever it is: JSON writes a UTF-16 unit in at most 6 bytes (a \u escape), and its numbers and punctuation take far under 1,000. */
const ROW_TEXT_SURELY_FITS = Math.floor((MAX_JSON_PARAMETER_BYTES - 1000) / 6);

/**
 * A row too large to be written, with the column that holds most of it: its JSON must fit in
 * one upsert's parameter (MAX_JSON_PARAMETER_BYTES), as D1 refuses a longer value and would
 * refuse the row on every attempt. Null for a row that fits (nearly every row: the check
 * encodes only a row holding over 150,000 characters).
 */
export function oversizedBusinessRow(row: BusinessRow): { column: (typeof WRITTEN_COLUMNS)[number]; bytes: number; limit: number } | null {
  let characters = 0;
  let column: (typeof WRITTEN_COLUMNS)[number] = "name";
  let longest = -1;
  for (const name of WRITTEN_COLUMNS) {
    const value = row[name];
    if (typeof value !== "string") continue;
    characters += value.length;
    if (value.length > longest) {
      longest = value.length;
      column = name;
    }
  }
  if (characters <= ROW_TEXT_SURELY_FITS) return null;
  const bytes = utf8Bytes(rowJson(row));
  return bytes > MAX_JSON_PARAMETER_BYTES ? { column, bytes, limit: MAX_JSON_PARAMETER_BYTES } : null;
}

/**
 * Statements that upsert `rows`, to run in ONE db.batch (one transaction). Each statement's
 * JSON stays under D1's value limit. The summary tables and the search index follow through
 * the row triggers, as for every other write (decision 114).
 */
export function upsertBusinessesStatements(db: D1Database, rows: readonly BusinessRow[]): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const statement = db.prepare(UPSERT_BUSINESSES_SQL);
  return upsertBusinessesParameters(rows).map((json) => statement.bind(json));
}

/** The parameter of each UPSERT_BUSINESSES_SQL statement that writes `rows` (also what the benchmark sends local D1 alone). */
export function upsertBusinessesParameters(rows: readonly BusinessRow[]): string[] {
  return jsonArrayParameters(rows.map(rowJson));
}

/**
 * Gives each row whose slug another business holds (stored, or an earlier row of `rows`, with
 * another identity) its second slug (businessSlug `second`), in place; returns how many moved.
 * Called when a write failed on businesses.slug, so the common case pays no extra read. A row
 * whose slug its own earlier copy holds is a re-import and keeps it (the upsert refreshes it).
 */
async function moveCollidingSlugs(db: D1Database, rows: BusinessRow[]): Promise<number> {
  const { results } = await db
    .prepare(`SELECT slug, place_id, name, full_address FROM businesses WHERE slug IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(rows.map((row) => row.slug)))
    .all<Pick<BusinessRow, "slug" | "place_id" | "name" | "full_address">>();
  const holders = new Map(results.map((stored) => [stored.slug, rowIdentity(stored)]));
  let moved = 0;
  for (const row of rows) {
    const identity = rowIdentity(row);
    const holder = holders.get(row.slug);
    if (holder !== undefined && holder !== identity) {
      row.slug = businessSlug(row.name, identity, { second: true });
      moved++;
    }
    if (!holders.has(row.slug)) holders.set(row.slug, identity);
  }
  return moved;
}

/** Inserts or refreshes businesses; summary tables and the search index follow. */
export async function upsertBusinesses(db: D1Database, rows: readonly BusinessRow[]): Promise<void> {
  if (rows.length > 0) await db.batch(upsertBusinessesStatements(db, rows));
}

/**
 * The statements that commit one step, to run in one db.batch around the step's upserts:
 * the guard first (fails the whole batch when another delivery already moved the cursor or the
 * job was ended — json() of a non-JSON text raises an error, which rolls the batch back), then
 * the step's identities (their foreign key fails the batch when the job is gone), and last the
 * new cursor and counts. Hand-written: they join the upsert's prepared statements in one D1
 * batch, which a query builder's statements cannot.
 */
function stepCommitStatements(
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

/** Another delivery of the job committed first, or the job was ended: this delivery stops. */
export class DeliveryOvertaken extends Error {}

/**
 * Runs a batch that moves the cursor from `previousCursor` to `cursor`. When it fails with the job
 * neither where this step started nor where it ended, another delivery moved it (or the job was
 * ended): DeliveryOvertaken. Any other failure is thrown for the queue to retry from the cursor.
 */
async function commitStep(db: D1Database, jobId: string, statements: D1PreparedStatement[], previousCursor: string | null, cursor: string): Promise<void> {
  try {
    await db.batch(statements);
  } catch (error) {
    const position = await getUploadJob(db, jobId);
    const ours = position?.cursor === cursor || (position?.cursor === previousCursor && position.status === "processing");
    if (!ours) throw new DeliveryOvertaken(`import ${jobId}: another delivery moved the job on`);
    throw error;
  }
}

/**
 * Commits one step: its rows' upserts between the cursor guard and the new cursor, counts and
 * identities (stepCommitStatements), in one D1 batch.
 */
export async function commitRows(
  db: D1Database,
  step: { jobId: string; previousCursor: string | null; cursor: string; progress: ImportProgress; keys: readonly string[] },
  rows: BusinessRow[],
): Promise<void> {
  const { guard, after } = stepCommitStatements(db, step);
  const write = () => commitStep(db, step.jobId, [guard, ...upsertBusinessesStatements(db, rows), ...after], step.previousCursor, step.cursor);
  try {
    await write();
  } catch (error) {
    // A same-named business holds a row's slug (the batch rolled back): move those rows to
    // their second slug and write the batch again; any other failure goes on as before.
    if (constraintFailure(error) !== "UNIQUE constraint failed: businesses.slug" || (await moveCollidingSlugs(db, rows)) === 0) throw error;
    await write();
  }
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
