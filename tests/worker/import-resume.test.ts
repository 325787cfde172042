import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { getUploadJob } from "~/import/commit.server";
import { uploadObjectKey } from "~/import/store.server";
import { startImportJob } from "~/import/upload.server";
import worker from "../../workers/app";
import { DEAD_LETTER_QUEUE } from "../../workers/dead-letters";
import { processImportJob } from "~/import/consumer.server";
import type { QueueMessage } from "~/models/queue-messages.server";
import { businessCount, crashingDb, pausingDb, queuedJob, recordingEnv } from "./import-support";

describe("a consumer that fails mid-file", () => {
  it("resumes from the committed cursor and ends with exact counts, even when a step is delivered twice", async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => {
      if (i === 500) return "Resume Hotel 10,resume-10,41.0,29.0"; // a duplicate within the file
      if (i === 700) return "Lost Hotel,resume-700,123,29.0"; // impossible latitude
      return `Resume Hotel ${i},resume-${i},41.0,29.0`;
    });
    const jobId = crypto.randomUUID();
    await env.BUCKET.put(uploadObjectKey(jobId), ["name,place_id,latitude,longitude", ...lines].join("\r\n"));
    const { env: quiet, sent } = recordingEnv();
    const started = await startImportJob(quiet, { jobId, fileName: "resume.csv", fileSize: 0, fileType: "csv", batchSize: 100 });
    expect(started.ok).toBe(true);
    const before = await businessCount();

    // Batches: header cursor (1), identities read (2), step 1 commit (3), read (4), step 2 commit (5) → crash.
    const { env: crashing } = recordingEnv({ DB: crashingDb(5) });
    await expect(processImportJob(crashing, jobId, { stepRows: 10_000, stepMs: 60_000, sendPauseMs: 0 })).rejects.toThrow("simulated crash");
    expect((await getUploadJob(env.DB, jobId))!.progress!.processedRows).toBe(200);

    // The retry, delivered twice at once: the cursor guard lets only one of them commit each step.
    const twice = await Promise.allSettled([
      processImportJob(quiet, jobId, { stepRows: 300, stepMs: 60_000, sendPauseMs: 0 }),
      processImportJob(quiet, jobId, { stepRows: 300, stepMs: 60_000, sendPauseMs: 0 }),
    ]);
    // The one that lost stops quietly: no error for the queue to retry into a second chain of steps.
    expect(twice.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled"]);
    for (let i = 0; i < 10 && (await getUploadJob(env.DB, jobId))!.status === "processing"; i++) {
      await processImportJob(quiet, jobId, { stepRows: 300, stepMs: 60_000, sendPauseMs: 0 });
    }
    expect(sent.length).toBeGreaterThan(0); // steps ended early and re-enqueued the job

    const job = (await getUploadJob(env.DB, jobId))!;
    expect(job.status).toBe("done");
    expect(job.result!.batchResult).toMatchObject({ totalRows: 1000, successCount: 998, skippedCount: 1, errorCount: 1 });
    expect(job.result!.batchResult.duplicateAnalysis).toMatchObject({ excelDuplicateCount: 1, newPlaceIdCount: 998 });
    // Row 702 of the sheet (header row 1), though steps resumed after a CRLF before it.
    expect(job.result!.batchResult.errors).toEqual([expect.stringMatching(/^Satır 702 \(Lost Hotel\): /)]);
    expect(await businessCount()).toBe(before + 998);
    const keys = await env.DB.prepare(`SELECT count(*) AS n FROM upload_job_keys`).first<{ n: number }>();
    expect(keys!.n).toBe(0);
  });
});

describe("a job removed while its import runs", () => {
  const identities = async (jobId: string) =>
    (await env.DB.prepare(`SELECT count(*) AS n FROM upload_job_keys WHERE job_id = ?1`).bind(jobId).first<{ n: number }>())!.n;

  it("writes nothing of the step it was in, keeps none of its identities and stops without a retry", async () => {
    const jobId = await queuedJob("Removed", 300);
    const before = await businessCount();
    // Batches: header cursor (1), identities read (2), step 1 commit (3), read (4), step 2 commit (5).
    const paused = pausingDb(5);
    const { env: pausing } = recordingEnv({ DB: paused.db });
    const running = processImportJob(pausing, jobId, { stepRows: 10_000, stepMs: 60_000, sendPauseMs: 0 });
    await paused.reached;
    expect(await identities(jobId)).toBe(100);
    await env.DB.prepare(`DELETE FROM upload_jobs WHERE id = ?1`).bind(jobId).run();
    // The identities belong to the job and leave with it.
    expect(await identities(jobId)).toBe(0);
    paused.release();
    await expect(running).resolves.toBeUndefined();
    expect(await businessCount()).toBe(before + 100);
    expect(await identities(jobId)).toBe(0);
  });
});

describe("an XLSX imported over several steps", () => {
  it("keeps its shared strings in R2 side storage between steps and removes them at the end", async () => {
    const rows = [["name", "city", "place_id"], ...Array.from({ length: 1000 }, (_, i) => [`Step Hotel ${i}`, `City ${i % 7}`, `step-${i}`])];
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
    const bytes = new Uint8Array(XLSX.write(workbook, { type: "array", bookType: "xlsx", bookSST: true }) as ArrayBuffer);
    const jobId = crypto.randomUUID();
    await env.BUCKET.put(uploadObjectKey(jobId), bytes);
    const { env: quiet, sent } = recordingEnv();
    expect((await startImportJob(quiet, { jobId, fileName: "steps.xlsx", fileSize: bytes.length, fileType: "xlsx", batchSize: 100 })).ok).toBe(true);

    await processImportJob(quiet, jobId, { stepRows: 300, stepMs: 60_000, sendPauseMs: 0 });
    const side = await env.BUCKET.list({ prefix: `${uploadObjectKey(jobId)}.strings/` });
    expect(side.objects.map((o) => o.key)).toContain(`${uploadObjectKey(jobId)}.strings/index`);
    for (let i = 0; i < 10 && (await getUploadJob(env.DB, jobId))!.status === "processing"; i++) {
      await processImportJob(quiet, jobId, { stepRows: 300, stepMs: 60_000, sendPauseMs: 0 });
    }
    // The upload's own message, then one per step that ended early (rows 300, 600, 900).
    expect(sent.filter((m) => m.kind === "import")).toHaveLength(4);
    const job = (await getUploadJob(env.DB, jobId))!;
    expect(job.result!.batchResult).toMatchObject({ totalRows: 1000, successCount: 1000, errorCount: 0 });
    const last = await env.DB.prepare(`SELECT city FROM businesses WHERE place_id = 'step-999'`).first<{ city: string }>();
    expect(last?.city).toBe("City 5");
    // Each resumed step picks up at the row after its cursor: every row once, in its own columns.
    const { results } = await env.DB.prepare(
      `SELECT place_id, name, city FROM businesses WHERE place_id IN ('step-299', 'step-300', 'step-600', 'step-601') ORDER BY place_id`,
    ).all();
    expect(results).toEqual([
      { place_id: "step-299", name: "Step Hotel 299", city: "City 5" },
      { place_id: "step-300", name: "Step Hotel 300", city: "City 6" },
      { place_id: "step-600", name: "Step Hotel 600", city: "City 5" },
      { place_id: "step-601", name: "Step Hotel 601", city: "City 6" },
    ]);
    const imported = await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE place_id LIKE 'step-%'`).first<{ n: number }>();
    expect(imported!.n).toBe(1000);
    expect((await env.BUCKET.list({ prefix: uploadObjectKey(jobId) })).objects).toEqual([]);
  });
});

describe("a CSV whose last step ends exactly on its last row", () => {
  it("finishes in the next step instead of reading past the end", async () => {
    const lines = Array.from({ length: 600 }, (_, i) => `Edge Hotel ${i},edge-${i}`);
    const jobId = crypto.randomUUID();
    const text = ["name,place_id", ...lines].join("\n");
    await env.BUCKET.put(uploadObjectKey(jobId), text);
    const { env: quiet } = recordingEnv();
    await startImportJob(quiet, { jobId, fileName: "edge.csv", fileSize: text.length, fileType: "csv", batchSize: 100 });
    for (let i = 0; i < 5 && (await getUploadJob(env.DB, jobId))!.status !== "done"; i++) {
      await processImportJob(quiet, jobId, { stepRows: 300, stepMs: 60_000, sendPauseMs: 0 });
    }
    const job = (await getUploadJob(env.DB, jobId))!;
    expect(job.status).toBe("done");
    expect(job.result!.batchResult).toMatchObject({ totalRows: 600, successCount: 600 });
  });
});

describe("a job whose message failed every retry", () => {
  it("is ended as failed by the dead-letter consumer, keeping the rows already written", async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `Dead Hotel ${i},dead-${i}`);
    const jobId = crypto.randomUUID();
    await env.BUCKET.put(uploadObjectKey(jobId), ["name,place_id", ...lines].join("\n"));
    const { env: quiet } = recordingEnv();
    await startImportJob(quiet, { jobId, fileName: "dead.csv", fileSize: 0, fileType: "csv", batchSize: 100 });
    // Batches: header cursor (1), identities read (2), step 1 commit (3) → crash, as on every retry.
    const { env: crashing } = recordingEnv({ DB: crashingDb(3) });
    await expect(processImportJob(crashing, jobId, { stepRows: 10_000, stepMs: 60_000, sendPauseMs: 0 })).rejects.toThrow("simulated crash");
    expect((await getUploadJob(env.DB, jobId))!.status).toBe("processing");

    const batch = createMessageBatch<QueueMessage>(DEAD_LETTER_QUEUE, [
      { id: "dead-1", timestamp: new Date(), attempts: 1, body: { kind: "import", jobId } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["dead-1"]);

    const job = (await getUploadJob(env.DB, jobId))!;
    expect(job.status).toBe("failed");
    expect(job.error).toBe(
      "dead.csv: içe aktarma tekrarlanan sunucu hataları yüzünden durduruldu. İşlenen 100 satırdan 100 işletme kaydedildi; dosyayı yeniden yükleyerek kalanını aktarabilirsiniz.",
    );
    expect(job.result!.batchResult).toMatchObject({ success: false, totalRows: 100, successCount: 100 });
    const kept = await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE place_id LIKE 'dead-%'`).first<{ n: number }>();
    expect(kept!.n).toBe(100);
    expect((await env.BUCKET.list({ prefix: uploadObjectKey(jobId) })).objects).toEqual([]);

    // A late copy of the message changes nothing.
    await worker.queue(createMessageBatch<QueueMessage>(DEAD_LETTER_QUEUE, [{ id: "dead-2", timestamp: new Date(), attempts: 1, body: { kind: "import", jobId } }]), env);
    expect((await getUploadJob(env.DB, jobId))!.error).toBe(job.error);
  });
});
