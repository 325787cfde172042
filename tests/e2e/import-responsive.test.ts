import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { adminLogin, DEFAULT_BATCH_SIZE, generateCsv, getOnNewConnection } from "../../scripts/bench/import-export";
import { withCacheBust } from "../../scripts/bench/pages";
import { run, startServer, type RunningServer } from "../../scripts/bench/server";
import { freePort } from "../../scripts/wrangler-env.mjs";

/** Enough rows that writing them takes several seconds on this machine (about 1,500–4,000 rows/s locally). */
const ROWS = 30_000;
/** The promise to the admin and the visitors: an answer within 2 s while an import runs. */
const ANSWER_WITHIN_MS = 2_000;

const workDir = mkdtempSync(path.join(os.tmpdir(), "e2e-import-responsive-"));
let server: RunningServer | undefined;

// A server of its own: the shared e2e server's directory stays as the other tests expect it.
beforeAll(async () => {
  const stateDir = path.join(workDir, "state");
  mkdirSync(stateDir);
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
  server = await startServer(stateDir, await freePort(), () => {});
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

/** One GET on a new connection: its answer and answer time, or null when none came within 10 s. */
async function timedGet(url: string, cookie = ""): Promise<{ ms: number; status: number; text: string } | null> {
  const sent = performance.now();
  const answer = await getOnNewConnection(url, cookie, 10_000);
  return answer && { ms: performance.now() - sent, ...answer };
}

test("while a large CSV is imported, the home page and the job's status call answer within 2 s", { timeout: 300_000 }, async () => {
  const baseURL = server!.baseURL;
  const file = path.join(workDir, "businesses.csv");
  await generateCsv(file, 70_000_000, ROWS);
  const cookie = await adminLogin(baseURL);
  if (!cookie) throw new Error("admin login is missing");

  const form = new FormData();
  form.set("file", new Blob([readFileSync(file)]), "businesses.csv");
  form.set("batchSize", String(DEFAULT_BATCH_SIZE));
  form.set("fileIndex", "0");
  form.set("totalFiles", "1");
  const upload = await fetch(`${baseURL}/api/upload-excel-batch`, { method: "POST", headers: { Cookie: cookie, Origin: baseURL, Accept: "application/json" }, body: form });
  expect(upload.status, await upload.clone().text()).toBe(202);
  const { jobId } = (await upload.json()) as { jobId: string };

  // Rounds of a visitor's home page (a fresh render, past the edge cache) and the admin's poll,
  // sent together, until the job ends.
  const rounds: { home: number | null; status: number | null; job: string; processedRows: number }[] = [];
  let job = { status: "queued", progress: { processedRows: 0, successCount: 0 } };
  for (let i = 0; job.status !== "done" && job.status !== "failed"; i++) {
    const [home, poll] = await Promise.all([
      timedGet(baseURL + withCacheBust("/", `during-import-${i}`)),
      timedGet(`${baseURL}/api/admin/upload-jobs/${jobId}`, cookie),
    ]);
    if (home) expect(home.status).toBe(200);
    if (poll) {
      expect(poll.status).toBe(200);
      job = JSON.parse(poll.text) as typeof job;
    }
    rounds.push({ home: home?.ms ?? null, status: poll?.ms ?? null, job: poll ? job.status : "unanswered", processedRows: job.progress?.processedRows ?? 0 });
    if (rounds.length > 1000) throw new Error(`the job did not end: ${JSON.stringify(rounds.slice(-5))}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(job.status).toBe("done");
  expect(job.progress.successCount).toBe(ROWS);

  // The rounds overlapped the writing: several were answered with part of the file written.
  const whileWriting = rounds.filter((r) => r.job === "processing" && r.processedRows > 0 && r.processedRows < ROWS);
  expect(whileWriting.length, JSON.stringify(rounds)).toBeGreaterThanOrEqual(5);
  // Every request sent while the job was processing (or that never got its answer) came back within 2 s.
  const duringImport = rounds.filter((r) => r.job !== "done");
  const slow = duringImport.filter((r) => r.home === null || r.status === null || r.home > ANSWER_WITHIN_MS || r.status > ANSWER_WITHIN_MS);
  expect(slow, `${slow.length} of ${duringImport.length} rounds slow`).toEqual([]);
});
