/**
 * Import through the real pipeline (upload → R2 → queue consumer → D1) against SQLite inserting
 * the same rows in one transaction, and the full CSV export streamed from the Worker. Both need
 * endpoints built in other branches: when they answer 404 the section is "not available".
 */
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Zip, ZipDeflate } from "fflate";
import { toBusinessRow, type BusinessRow } from "../../app/lib/business/business-record";
import { EXPORT_COLUMNS, exportQuery, type DateRange } from "../../app/lib/admin/export-options";
import { demoBusinesses, type DemoBusiness } from "../demo-data";
import { percentile } from "./load";
import { withCacheBust } from "./pages";
import { BENCH_ADMIN, ROOT, run, startFreshServer, workerdCpuSeconds, workerdRss, type RunningServer } from "./server";
import { UPSERT_BUSINESSES_SQL, upsertBusinessesParameters } from "../../app/import/commit.server";

/** Google-Maps-export (Outscraper) columns the importer maps; `about` is left out to stay under the 150 MB upload cap. */
const IMPORT_COLUMNS: [string, (b: DemoBusiness) => string | number | boolean | null][] = [
  ["name", (b) => b.name], ["site", (b) => b.url], ["category", (b) => b.category], ["type", (b) => b.type],
  ["phone", (b) => b.phone], ["full_address", (b) => b.fullAddress], ["street", (b) => b.street], ["city", (b) => b.city],
  ["postal_code", (b) => b.postalCode], ["country", (b) => b.country], ["country_code", (b) => b.countryCode],
  ["latitude", (b) => b.latitude], ["longitude", (b) => b.longitude], ["time_zone", (b) => b.timeZone],
  ["rating", (b) => b.rating], ["reviews", (b) => b.reviews], ["reviews_link", (b) => b.reviewsLink], ["photo", (b) => b.photo],
  ["logo", (b) => b.logo], ["located_in", (b) => b.locatedIn], ["working_hours", (b) => b.workingHours],
  ["verified", (b) => b.verified], ["place_id", (b) => b.placeId],
];

// Rows of the import files come after the seeded ones, so they are new businesses everywhere.
const IMPORT_FIRST_INDEX = 50_000_000;

function csvCell(value: string | number | boolean | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

async function write(stream: NodeJS.WritableStream, text: string) {
  if (!stream.write(text)) await once(stream, "drain");
}

/**
 * Rows per generated file: a CSV row of these columns is ~600 bytes, so a file stays well under
 * the upload's 150 MB cap; a bigger import is several files, uploaded one after another as the
 * admin page does.
 */
export const ROWS_PER_FILE = 200_000;

/** The import files for `rows` rows of one format, generated once under `dir` and reused. */
export async function importFiles(dir: string, format: "csv" | "xlsx", rows: number): Promise<string[]> {
  const files: string[] = [];
  for (let start = 0, part = 1; start < rows; start += ROWS_PER_FILE, part++) {
    const file = path.join(dir, `import-${rows}-part${part}.${format}`);
    const count = Math.min(ROWS_PER_FILE, rows - start);
    await (format === "csv" ? generateCsv : generateXlsx)(file, IMPORT_FIRST_INDEX + start, count);
    files.push(file);
  }
  return files;
}

/** One CSV of `rows` generated businesses from index `first` (kept when it exists). */
export async function generateCsv(file: string, first: number, rows: number) {
  if (existsSync(file)) return;
  const stream = createWriteStream(`${file}.part`);
  await write(stream, IMPORT_COLUMNS.map(([name]) => name).join(",") + "\n");
  for (const business of demoBusinesses(first, rows)) {
    await write(stream, IMPORT_COLUMNS.map(([, get]) => csvCell(get(business))).join(",") + "\n");
  }
  stream.end();
  await once(stream, "finish");
  renameSync(`${file}.part`, file);
}

const xmlText = (text: string) => text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

/**
 * An XLSX as Excel writes it: text in the shared-strings part, which comes after the sheet in the
 * archive (the hard case for a streaming reader). Streamed to disk, never held whole in memory.
 */
async function generateXlsx(file: string, first: number, rows: number) {
  if (existsSync(file)) return;
  const out = createWriteStream(`${file}.part`);
  const finished = new Promise<void>((resolve, reject) => {
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      out.write(chunk);
      if (final) out.end(() => resolve());
    });
    const addSmall = (name: string, text: string) => {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(new TextEncoder().encode(text), true);
    };
    void (async () => {
      addSmall("[Content_Types].xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`);
      addSmall("_rels/.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
      addSmall("xl/workbook.xml", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`);
      addSmall("xl/_rels/workbook.xml.rels", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`);
      const sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
      zip.add(sheet);
      const encoder = new TextEncoder();
      const strings: string[] = [];
      let stringCount = 0;
      const stringsFile = `${file}.strings`;
      const stringsOut = createWriteStream(stringsFile);
      const cell = (value: string | number | boolean | null) => {
        if (value === null) return "<c/>";
        if (typeof value === "number") return `<c><v>${value}</v></c>`;
        strings.push(`<si><t xml:space="preserve">${xmlText(String(value))}</t></si>`);
        return `<c t="s"><v>${stringCount++}</v></c>`;
      };
      sheet.push(encoder.encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`));
      sheet.push(encoder.encode(`<row>${IMPORT_COLUMNS.map(([name]) => cell(name)).join("")}</row>`));
      let pending = "";
      for (const business of demoBusinesses(first, rows)) {
        pending += `<row>${IMPORT_COLUMNS.map(([, get]) => cell(get(business))).join("")}</row>`;
        if (pending.length > 1 << 20) {
          sheet.push(encoder.encode(pending));
          pending = "";
          await write(stringsOut, strings.join(""));
          strings.length = 0;
        }
      }
      sheet.push(encoder.encode(`${pending}</sheetData></worksheet>`), true);
      await write(stringsOut, strings.join(""));
      stringsOut.end();
      await once(stringsOut, "finish");
      const shared = new ZipDeflate("xl/sharedStrings.xml", { level: 6 });
      zip.add(shared);
      shared.push(encoder.encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${stringCount}" uniqueCount="${stringCount}">`));
      for await (const chunk of createReadStream(stringsFile)) shared.push(chunk as Uint8Array);
      shared.push(encoder.encode(`</sst>`), true);
      rmSync(stringsFile);
      zip.end();
    })().catch(reject);
  });
  await finished;
  renameSync(`${file}.part`, file);
}

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** A fresh database file with every migration applied (the production schema, triggers included). */
export function freshSchema(file: string) {
  rmSync(file, { force: true });
  const migrations = readdirSync(path.join(ROOT, "migrations")).filter((f) => f.endsWith(".sql")).sort();
  const sql = migrations.map((f) => readFileSync(path.join(ROOT, "migrations", f), "utf8")).join("\n;\n");
  run("sqlite3", [file], { input: sql });
}

export interface SqliteInsertResult {
  rowsPerSecond: number;
  seconds: number;
  cpuSeconds: number;
  /** Rows per transaction, when not all in one. */
  commitEvery?: number;
}

/** The import file's rows as the import writes them: only what the file carries, plus what is derived. */
function* importedRows(rows: number): Generator<BusinessRow> {
  const now = Math.floor(Date.now() / 1000);
  const importedNames = new Set(IMPORT_COLUMNS.map(([name]) => name));
  for (const business of demoBusinesses(IMPORT_FIRST_INDEX, rows)) {
    yield toBusinessRow({ ...business, about: importedNames.has("about") ? business.about : null }, now);
  }
}

/**
 * Rows/s of SQLite inserting the import file's rows (same columns) into a fresh schema: in one
 * transaction, or committing every `commitEvery` rows as the consumer commits each batch (then
 * in WAL mode with synchronous=FULL: each commit durable, as D1 makes it).
 */
export async function sqliteInsertBaseline(workDir: string, rows: number, commitEvery?: number): Promise<SqliteInsertResult> {
  const file = path.join(workDir, "import-baseline.sqlite");
  freshSchema(file);
  // Written as it is generated: half a million rows of SQL do not fit one string.
  const sqlFile = path.join(workDir, "import-baseline.sql");
  const out = createWriteStream(sqlFile);
  // A generous page cache, so the baseline is the limit and not a small default cache thrashing.
  await write(out, `PRAGMA cache_size = -131072;\n${commitEvery ? "PRAGMA journal_mode = WAL;\nPRAGMA synchronous = FULL;\n" : ""}BEGIN;\n`);
  let columns: (keyof BusinessRow)[] | undefined;
  let values: string[] = [];
  const flush = async () => {
    if (values.length && columns) await write(out, `INSERT INTO businesses (${columns.join(", ")}) VALUES ${values.join(",")};\n`);
    values = [];
  };
  let written = 0;
  for (const row of importedRows(rows)) {
    columns ??= Object.keys(row) as (keyof BusinessRow)[];
    values.push(`(${columns.map((c) => sqlLiteral(row[c])).join(",")})`);
    written++;
    const commit = commitEvery !== undefined && written % commitEvery === 0 && written < rows;
    if (values.length === 500 || commit) await flush();
    if (commit) await write(out, "COMMIT;\nBEGIN;\n");
  }
  await flush();
  out.end("COMMIT;\n");
  await once(out, "finish");
  const started = performance.now();
  // bash's `time` also gives the CPU seconds: on a shared machine the wall time mostly measures the queue.
  const result = spawnSync("bash", ["-c", `TIMEFORMAT='%U %S'; time sqlite3 '${file}' < '${sqlFile}'`], { encoding: "utf8" });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`sqlite3 import baseline failed: ${result.stderr}`);
  const [user, system] = result.stderr.trim().split("\n").at(-1)!.split(" ").map(Number) as [number, number];
  rmSync(sqlFile);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
  return { rowsPerSecond: rows / seconds, seconds, cpuSeconds: user + system, ...(commitEvery ? { commitEvery } : {}) };
}

export interface D1AloneResult {
  rowsPerSecond: number;
  seconds: number;
  /** workerd's CPU seconds over the run (every thread). */
  cpuSeconds: number;
  commitEvery: number;
}

/**
 * Rows/s of local D1 alone running the consumer's own upsert statement on the same rows, one D1
 * batch (one transaction) every `commitEvery` rows, into a fresh schema: no file, parsing,
 * cleaning, duplicate bookkeeping or progress. What the consumer cannot beat on this machine,
 * whatever it does; receiving the rows over HTTP is counted too (a few per cent of it).
 */
export async function d1AloneUpserts(workDir: string, rows: number, commitEvery: number): Promise<D1AloneResult> {
  const probe = path.join(ROOT, "scripts/bench/d1-alone");
  const state = path.join(workDir, "d1-alone-state");
  const server = await startFreshServer(state, () => undefined, { cwd: probe });
  try {
    const batches: string[][] = [];
    let batch: BusinessRow[] = [];
    for (const row of importedRows(rows)) {
      batch.push(row);
      if (batch.length === commitEvery) {
        batches.push(upsertBusinessesParameters(batch));
        batch = [];
      }
    }
    if (batch.length) batches.push(upsertBusinessesParameters(batch));
    const cpuBefore = workerdCpuSeconds(server.child.pid!);
    const started = performance.now();
    for (const parameters of batches) {
      const response = await fetch(server.baseURL, { method: "POST", body: JSON.stringify({ sql: UPSERT_BUSINESSES_SQL, parameters }) });
      if (!response.ok) throw new Error(`local D1 alone: ${response.status} ${(await response.text()).slice(0, 300)}`);
    }
    const seconds = (performance.now() - started) / 1000;
    return { rowsPerSecond: rows / seconds, seconds, cpuSeconds: workerdCpuSeconds(server.child.pid!) - cpuBefore, commitEvery };
  } finally {
    await server.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

/**
 * fetch that retries once when the server closed a kept-alive connection while the bench was
 * busy elsewhere (Lighthouse): undici does not retry a POST on its own.
 */
export async function fetchOnFreshSocket(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw error;
    return fetch(url, init);
  }
}

/** Session cookie of the bench admin, or null when the login endpoint does not exist (yet). */
export async function adminLogin(baseURL: string): Promise<string | null> {
  const response = await fetchOnFreshSocket(`${baseURL}/api/admin/login`, {
    method: "POST",
    // Admin writes carry the site's Origin (workers/origin-guard.ts).
    headers: { "Content-Type": "application/json", Origin: baseURL },
    body: JSON.stringify(BENCH_ADMIN),
  });
  await response.arrayBuffer();
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`admin login answered ${response.status}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (!cookie) throw new Error("admin login set no cookie");
  return cookie;
}

/** Answer times of one kind of request sent while import jobs ran. */
export interface LatencyDuringImport {
  requests: number;
  p95Ms: number;
  maxMs: number;
  /** Requests not answered within SLOW_ANSWER_MS (each counted at that time in the percentile). */
  unanswered: number;
}

export type ImportResult =
  | { available: false; reason: string }
  | { available: true; rows: number; /** Businesses the jobs reported written (absent in results from before this was checked). */
      written?: number; files: number; fileBytes: number;
      /** From the first byte uploaded to the last job's done. */
      seconds: number; rowsPerSecond: number;
      /** From each upload's answer (job queued) to its done: the queue consumer's share (absent in older results). */
      consumerSeconds?: number; consumerRowsPerSecond?: number;
      /** While the jobs ran: a cold home page and the admin's status call (absent in older results). */
      duringImport?: { home: LatencyDuringImport; status: LatencyDuringImport };
      batchSize: number };

/** Batch sizes the upload page offers (spec): the default and the largest. */
export const DEFAULT_BATCH_SIZE = 500;
export const LARGEST_BATCH_SIZE = 2000;

export type ParserMemory =
  | { completed: true; type: string; fileMB: number; rows: number; seconds: number; peakHeapMB: number; heapLimitMB: number }
  | { completed: false; type: string; reason: string };

/**
 * Peak heap of the import's own row sources and row cleaning parsing `file` in a Node process
 * limited to a 64 MB heap (scripts/parse-memory.ts, R2 replaced by a file-backed stand-in).
 */
export function parserMemory(file: string, type: "csv" | "xlsx"): ParserMemory {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-parse-"));
  try {
    symlinkSync(file, path.join(dir, path.basename(file)));
    const run = spawnSync(
      process.execPath,
      ["--max-old-space-size=64", "--import", "tsx", path.join(ROOT, "scripts/parse-memory.ts"), "--measure", dir, path.basename(file), type],
      { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 },
    );
    const line = run.stdout.trim().split("\n").at(-1) ?? "";
    if (run.status !== 0 || !line.startsWith("{")) {
      return { completed: false, type, reason: `exit ${run.status}: ${run.stderr.trim().slice(-300)}` };
    }
    return { completed: true, ...(JSON.parse(line) as Omit<Extract<ParserMemory, { completed: true }>, "completed">) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function jobIdOf(answer: unknown): string | undefined {
  const a = answer as { jobId?: string; job?: { id?: string }; id?: string } | null;
  return a?.jobId ?? a?.job?.id ?? a?.id;
}

/** How long a request sent during an import is waited for: past the 2 s target, so a miss shows by how much. */
export const SLOW_ANSWER_MS = 5_000;

/**
 * One GET on its own connection, given up after `timeoutMs` (null): a server that stops
 * answering during an import (decision 063) must not add minutes to the measured time.
 */
export function getOnNewConnection(url: string, cookie = "", timeoutMs = SLOW_ANSWER_MS): Promise<{ status: number; text: string } | null> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: cookie ? { Cookie: cookie } : {} }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.setTimeout(timeoutMs, () => {
      request.destroy();
      resolve(null);
    });
    request.on("error", (error) => (request.destroyed ? resolve(null) : reject(error)));
  });
}

/**
 * Uploads the files one at a time like the admin page does (each file's job runs to its end
 * before the next file is sent): the time covers upload, R2, the queue and the consumer's writes.
 * Every generated row is a distinct business, so an import that writes fewer rows than it was
 * sent is broken (a parser that shifts columns and merges rows would look fast): it throws.
 */
export async function importThroughWorker(
  baseURL: string,
  cookie: string,
  files: readonly string[],
  { rows, batchSize, timeoutMs }: { rows: number; batchSize: number; timeoutMs: number },
): Promise<ImportResult> {
  const started = performance.now();
  const deadline = Date.now() + timeoutMs;
  let written = 0;
  let consumerSeconds = 0;
  const answerTimes = { home: [] as (number | null)[], status: [] as (number | null)[] };
  /** Times one request; null when it went unanswered. */
  const timed = async <T>(send: () => Promise<T | null>, into: (number | null)[]): Promise<T | null> => {
    const sent = performance.now();
    const answer = await send();
    into.push(answer === null ? null : performance.now() - sent);
    return answer;
  };
  for (const [index, file] of files.entries()) {
    const form = new FormData();
    form.set("file", new Blob([readFileSync(file)]), path.basename(file));
    form.set("batchSize", String(batchSize));
    form.set("fileIndex", String(index));
    form.set("totalFiles", String(files.length));
    const upload = await fetchOnFreshSocket(`${baseURL}/api/upload-excel-batch`, { method: "POST", headers: { Cookie: cookie, Origin: baseURL, Accept: "application/json" }, body: form });
    const text = await upload.text();
    if (upload.status === 404) return { available: false, reason: "POST /api/upload-excel-batch answers 404" };
    if (!upload.ok) throw new Error(`upload of ${path.basename(file)} answered ${upload.status}: ${text.slice(0, 300)}`);
    const jobId = jobIdOf(JSON.parse(text));
    if (!jobId) return { available: false, reason: `upload answer carries no job id: ${text.slice(0, 200)}` };
    // The upload answers once the file is in R2 and its job queued: the consumer's time starts here.
    const queued = performance.now();
    // Meanwhile a visitor asks for the home page, each time a fresh render (it misses the edge cache).
    let running = true;
    const visitor = (async () => {
      for (let i = 0; running; i++) {
        await timed(() => getOnNewConnection(baseURL + withCacheBust("/", `import-${index}-${i}`)), answerTimes.home);
        // One a second: a few per cent of the one thread the consumer also runs on.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    try {
      for (;;) {
        if (Date.now() > deadline) throw new Error(`import job ${jobId} did not finish within ${timeoutMs / 1000} s`);
        const answer = await timed(() => getOnNewConnection(`${baseURL}/api/admin/upload-jobs/${encodeURIComponent(jobId)}`, cookie), answerTimes.status);
        if (answer === null) continue; // the poll itself stalled: ask again
        if (answer.status === 404) return { available: false, reason: "GET /api/admin/upload-jobs/{id} answers 404" };
        const job = JSON.parse(answer.text) as { status?: string; progress?: { successCount?: number } };
        if (job.status === "failed") throw new Error(`import job ${jobId} failed: ${JSON.stringify(job).slice(0, 300)}`);
        if (job.status === "done") {
          consumerSeconds += (performance.now() - queued) / 1000;
          written += job.progress?.successCount ?? 0;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      running = false;
      await visitor;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (written !== rows) throw new Error(`the import wrote ${written} of the ${rows} businesses it was sent`);
  const fileBytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
  return {
    available: true,
    rows,
    written,
    files: files.length,
    fileBytes,
    seconds,
    rowsPerSecond: rows / seconds,
    consumerSeconds,
    consumerRowsPerSecond: rows / consumerSeconds,
    duringImport: { home: latencySummary(answerTimes.home), status: latencySummary(answerTimes.status) },
    batchSize,
  };
}

/** p95 and worst of answer times, an unanswered request counted as SLOW_ANSWER_MS. */
export function latencySummary(times: readonly (number | null)[]): LatencyDuringImport {
  const sorted = times.map((t) => t ?? SLOW_ANSWER_MS).sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p95Ms: sorted.length ? percentile(sorted, 95) : 0,
    maxMs: sorted.at(-1) ?? 0,
    unanswered: times.filter((t) => t === null).length,
  };
}

/** What the export dialog can narrow: categories (names or slugs) and a range of days. */
export interface ExportFilterChoice {
  categories?: string[];
  dateRange?: DateRange;
  startDate?: string;
  endDate?: string;
}

export type ExportResult =
  | { available: false; reason: string }
  | { available: true; rows: number; bytes: number; seconds: number; rowsPerSecond: number; peakRssBytes: number; idleRssBytes: number };

/**
 * Streams the 27-field export, counting rows, while sampling the workerd memory: all of it, or
 * what `filter` keeps, asked for as the admin's dialog asks (days in UTC).
 */
export async function timeExport(server: RunningServer, cookie: string | null, filter: ExportFilterChoice = {}): Promise<ExportResult> {
  if (!cookie) return { available: false, reason: "POST /api/admin/login answers 404" };
  const rootPid = server.child.pid!;
  const idleRssBytes = workerdRss(rootPid);
  let peakRssBytes = idleRssBytes;
  const sampler = setInterval(() => (peakRssBytes = Math.max(peakRssBytes, workerdRss(rootPid))), 200);
  try {
    const started = performance.now();
    const query = exportQuery(EXPORT_COLUMNS, "all", filter.categories ?? [], filter.dateRange ?? "all", filter.startDate ?? "", filter.endDate ?? "", "UTC");
    const response = await fetchOnFreshSocket(`${server.baseURL}/api/admin/export-csv?${query}`, { headers: { Cookie: cookie } });
    if (response.status === 404) {
      await response.arrayBuffer();
      return { available: false, reason: "GET /api/admin/export-csv answers 404" };
    }
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
    // Records, not lines: a newline inside a quoted cell does not end a record.
    let records = 0;
    let bytes = 0;
    let quoted = false;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) {
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) records += 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = Math.max(0, records - 1);
    return { available: true, rows, bytes, seconds, rowsPerSecond: rows / seconds, peakRssBytes, idleRssBytes };
  } finally {
    clearInterval(sampler);
  }
}
