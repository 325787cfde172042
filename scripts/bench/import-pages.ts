/**
 * Pages around an import (decision 113): each page at N connections from its edge-cache entry
 * (warm), while an import commits its batches, and right after the import ended and moved the
 * cache's directory generation, with a cold run (every request a render) for reference. Each
 * page has an import of its own, so that its "right after" window starts at the change; all of
 * one page's figures come from one run, beside the load average. It runs on a copy of the seeded
 * database, which the imports would otherwise grow.
 */
import { cpSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../wrangler-env.mjs";
import { adminLogin, fetchOnFreshSocket, generateCsv, getOnNewConnection, jobIdOf, DEFAULT_BATCH_SIZE } from "./import-export";
import { sample, summarize, type LoadResult, type LoadSample } from "./load";
import { startServer } from "./server";

export interface AroundImportPage {
  id: string;
  label: string;
  path: string;
  warm: LoadResult;
  during: LoadResult;
  after: LoadResult;
  cold: LoadResult;
  /** X-Edge-Cache of the page's first answer once the change was seen: STALE when answered from the previous copy. */
  firstAfter: string | null;
  /** Seconds from the job's `done` to the change seen from outside (null: not seen within CHANGE_WAIT_MS). */
  changeSeenAfter: number | null;
  importSeconds: number;
  /** 1/5/15-minute load average when this page's run began. */
  loadAverage: number[];
}

export type AroundImportResult =
  | { available: false; reason: string }
  | { available: true; rows: number; batchSize: number; connections: number; seconds: number; pages: AroundImportPage[] };

/** The target: during and right after an import, p95 within this many times the warm p95. */
export const AROUND_IMPORT_TARGET_RATIO = 1.5;

// Rows of these files come after the seeded and the import section's ones: new businesses everywhere.
const FIRST_INDEX = 60_000_000;
/** A public answer neither measured nor warmed after a change: a HEAD of it turns STALE once the change is seen. */
const CHANGE_PROBE = "/api/categories";
const CHANGE_WAIT_MS = 15_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `X-Edge-Cache` mark of one request on a fresh socket. */
export async function edgeMark(url: string, method: "GET" | "HEAD"): Promise<string | null> {
  const response = await fetchOnFreshSocket(url, { method });
  await response.arrayBuffer();
  return response.headers.get("X-Edge-Cache");
}

/** Gets `path` until its entry for the current generations is stored (a HEAD answers HIT). */
export async function primed(baseURL: string, path: string) {
  const deadline = Date.now() + CHANGE_WAIT_MS;
  while ((await edgeMark(baseURL + path, "HEAD")) !== "HIT") {
    if (Date.now() > deadline) throw new Error(`${path} never came from the edge cache`);
    await edgeMark(baseURL + path, "GET");
    await pause(50);
  }
}

async function startImport(baseURL: string, cookie: string, file: string, batchSize: number): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([readFileSync(file)]), path.basename(file));
  form.set("batchSize", String(batchSize));
  form.set("fileIndex", "0");
  form.set("totalFiles", "1");
  const upload = await fetchOnFreshSocket(`${baseURL}/api/upload-excel-batch`, { method: "POST", headers: { Cookie: cookie, Origin: baseURL, Accept: "application/json" }, body: form });
  const text = await upload.text();
  const jobId = upload.ok ? jobIdOf(JSON.parse(text)) : undefined;
  if (!jobId) throw new Error(`upload of ${path.basename(file)} answered ${upload.status}: ${text.slice(0, 300)}`);
  return jobId;
}

async function aroundOneImport(
  baseURL: string,
  cookie: string,
  page: { id: string; label: string; path: string },
  file: string,
  { connections, seconds, batchSize }: { connections: number; seconds: number; batchSize: number },
): Promise<AroundImportPage> {
  const loadAverage = os.loadavg();
  const cold = summarize([await sample(baseURL, page.path, { connections, seconds, cold: true })]);
  const warm = summarize([await sample(baseURL, page.path, { connections, seconds, cold: false })]);
  await primed(baseURL, page.path);
  await primed(baseURL, CHANGE_PROBE);

  const started = performance.now();
  const jobId = await startImport(baseURL, cookie, file, batchSize);
  let ended: { status: string; at: number } | null = null;
  const watcher = (async () => {
    while (!ended) {
      const answer = await getOnNewConnection(`${baseURL}/api/admin/upload-jobs/${encodeURIComponent(jobId)}`, cookie);
      const status = answer?.status === 200 ? (JSON.parse(answer.text) as { status?: string }).status : undefined;
      if (status === "done" || status === "failed") ended = { status, at: performance.now() };
      else await pause(200);
    }
  })();
  // Visitors keep asking for the page at the same address while the batches commit.
  const during: LoadSample[] = [];
  do during.push(await sample(baseURL, page.path, { connections, seconds, cold: false, prime: false }));
  while (!ended);
  await watcher;
  const { status, at: endedAt } = ended as { status: string; at: number };
  if (status !== "done") throw new Error(`import job ${jobId} ${status}`);

  // The consumer moves the cache's directory generation just after the job's `done`.
  let changeSeenAfter: number | null = null;
  while (performance.now() - endedAt < CHANGE_WAIT_MS) {
    if ((await edgeMark(baseURL + CHANGE_PROBE, "HEAD")) === "STALE") {
      changeSeenAfter = (performance.now() - endedAt) / 1000;
      break;
    }
    await pause(25);
  }
  const firstAfter = await edgeMark(baseURL + page.path, "GET");
  const after = summarize([await sample(baseURL, page.path, { connections, seconds, cold: false, prime: false })]);
  return { ...page, warm, during: summarize(during), after, cold, firstAfter, changeSeenAfter, importSeconds: (endedAt - started) / 1000, loadAverage };
}

export async function pagesAroundImport(
  stateDir: string,
  dataDir: string,
  pages: { id: string; label: string; path: string }[],
  { rows, connections, seconds, log }: { rows: number; connections: number; seconds: number; log: (line: string) => void },
): Promise<AroundImportResult> {
  const copy = path.join(dataDir, "import-pages-state");
  rmSync(copy, { recursive: true, force: true });
  cpSync(stateDir, copy, { recursive: true });
  const server = await startServer(copy, await freePort(), log);
  try {
    const cookie = await adminLogin(server.baseURL);
    if (!cookie) return { available: false, reason: "POST /api/admin/login answers 404" };
    const measured: AroundImportPage[] = [];
    for (const [index, page] of pages.entries()) {
      const file = path.join(dataDir, `import-pages-${rows}-${index}.csv`);
      await generateCsv(file, FIRST_INDEX + index * rows, rows);
      log(`${page.path} around an import of ${rows} rows …`);
      measured.push(await aroundOneImport(server.baseURL, cookie, page, file, { connections, seconds, batchSize: DEFAULT_BATCH_SIZE }));
    }
    return { available: true, rows, batchSize: DEFAULT_BATCH_SIZE, connections, seconds, pages: measured };
  } finally {
    await server.stop();
    rmSync(copy, { recursive: true, force: true });
  }
}
