import { createScheduledController, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getUploadJob } from "~/import/commit.server";
import { uploadObjectKey } from "~/import/store.server";
import worker from "../../workers/app";
import { STALLED_IMPORTS_CRON, UPKEEP_CRON } from "../../workers/cron-schedules";
import { processImportJob } from "~/import/consumer.server";
import { uploadProgressStub } from "~/import/progress.server";
import type { QueueMessage } from "~/models/queue-messages.server";
import { adminCookie, crashingDb, queuedJob, recordingEnv } from "./import-support";

const ONE_STEP = { stepRows: 10_000, stepMs: 60_000, sendPauseMs: 0 };

/** A D1 binding that dies right after the consumer's first committed batch of rows. */
function dyingAfterFirstBatch(): D1Database {
  // Batches: header cursor (1), identities read (2), first rows committed (3).
  return crashingDb(3, "worker stopped");
}

async function latestProgress(jobId: string) {
  return (await uploadProgressStub(env, jobId).latest()) as { status: string; result?: { successCount: number } } | null;
}

describe("the end of an import whose follow-up work fails", () => {
  it("tells the page the result before queueing the rebuilds, and a redelivery tells it again and queues them", async () => {
    const jobId = await queuedJob("followup", 250);
    const { env: broken, state } = recordingEnv();
    state.failing = true;
    // The rows are in and the job is done, but queueing the rebuilds throws: the queue retries.
    await expect(processImportJob(broken, jobId, ONE_STEP)).rejects.toThrow("queue unavailable");
    expect((await getUploadJob(env.DB, jobId))!.status).toBe("done");
    // The page was told the result all the same.
    expect(await latestProgress(jobId)).toMatchObject({ status: "done", result: { successCount: 250 } });

    // The redelivery finds the job done: it queues the rebuilds the first delivery never sent.
    const { env: working, sent } = recordingEnv();
    await processImportJob(working, jobId, ONE_STEP);
    expect(sent.map((m) => m.kind).sort()).toEqual(["edgeCache.warm", "pageAnchors.rebuild", "sitemaps.rebuild"]);

    // Its file is dropped last: a further copy finds it gone and queues nothing more.
    const { env: late, sent: lateSent } = recordingEnv();
    await processImportJob(late, jobId, ONE_STEP);
    expect(lateSent).toEqual([]);
    expect(await latestProgress(jobId)).toMatchObject({ status: "done", result: { successCount: 250 } });
  });

  it("publishes the final state again on a redelivery when the first publish was lost", async () => {
    const jobId = await queuedJob("lostpublish", 120);
    // The job's progress object is unreachable during the first delivery (publish is best effort).
    const unreachable = { idFromName: () => ({}), get: () => ({ publish: async () => Promise.reject(new Error("object unreachable")) }) };
    const { env: noProgress } = recordingEnv({ UPLOAD_PROGRESS: unreachable as unknown as Env["UPLOAD_PROGRESS"] });
    await processImportJob(noProgress, jobId, ONE_STEP);
    expect((await getUploadJob(env.DB, jobId))!.status).toBe("done");
    expect(await latestProgress(jobId)).toBeNull();

    const { env: working } = recordingEnv();
    await processImportJob(working, jobId, ONE_STEP);
    expect(await latestProgress(jobId)).toMatchObject({ status: "done", result: { successCount: 120 } });
  });
});

describe("imports that stopped moving", () => {
  it("are queued again by their 10-minute cron after 15 quiet minutes and resume to their report; after a day without progress they end as failed", async () => {
    // Lost its message after the upload (the send failed): still queued 20 minutes later.
    const lost = await queuedJob("lostsend", 150);
    // Its delivery died with its worker after the first committed batch, 20 minutes ago.
    const died = await queuedJob("diedstep", 300);
    await expect(processImportJob(recordingEnv({ DB: dyingAfterFirstBatch() }).env, died, ONE_STEP)).rejects.toThrow("worker stopped");
    // Quiet for a day and more: nothing will ever move it.
    const forgotten = await queuedJob("forgotten", 200);
    // Recently moved: left alone.
    const fresh = await queuedJob("fresh", 50);
    const backdate = (id: string, seconds: number) =>
      env.DB.prepare(`UPDATE upload_jobs SET updated_at = unixepoch() - ?2 WHERE id = ?1`).bind(id, seconds).run();
    await backdate(lost, 20 * 60);
    await backdate(died, 20 * 60);
    await backdate(forgotten, 25 * 3600);

    // The 6-hourly upkeep leaves them to their own cron, which runs every 10 minutes and does nothing else.
    const { env: upkeepEnv, sent: upkeepSent } = recordingEnv();
    await worker.scheduled(createScheduledController({ cron: UPKEEP_CRON, scheduledTime: Date.now() }), upkeepEnv);
    expect(upkeepSent.filter((m) => m.kind === "import")).toEqual([]);
    const { env: cronEnv, sent } = recordingEnv();
    await worker.scheduled(createScheduledController({ cron: STALLED_IMPORTS_CRON, scheduledTime: Date.now() }), cronEnv);
    const requeued = sent.map((m) => (m as { jobId: string }).jobId);
    expect(requeued.sort()).toEqual([lost, died].sort());

    const failed = (await getUploadJob(env.DB, forgotten))!;
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe(
      "forgotten.csv: içe aktarma 24 saat boyunca ilerlemediği için durduruldu. İşlenen 0 satırdan 0 işletme kaydedildi; dosyayı yeniden yükleyerek kalanını aktarabilirsiniz.",
    );
    expect((await getUploadJob(env.DB, fresh))!.status).toBe("queued");

    // The re-sent messages resume the two jobs from their committed cursors to exact reports.
    const { env: consumerEnv } = recordingEnv();
    for (const id of requeued) await processImportJob(consumerEnv, id, ONE_STEP);
    expect((await getUploadJob(env.DB, lost))!.result!.batchResult).toMatchObject({ totalRows: 150, successCount: 150 });
    expect((await getUploadJob(env.DB, died))!.result!.batchResult).toMatchObject({ totalRows: 300, successCount: 300 });
  });
});

describe("imports the queue does not deliver", () => {
  it("are run by the cron itself once a re-send went untaken for ten minutes, and one that fails does not stop the next", async () => {
    // Re-sent by the cron's run 10 minutes ago (quiet 20 minutes then), never taken: local
    // workerd's queue can stop delivering after its isolate restarts.
    const untaken = await queuedJob("untaken", 180);
    // Its step fails the same way at every try here (its file is gone): it must not hold up the one after it.
    const failing = await queuedJob("failingstep", 40);
    await env.BUCKET.delete(uploadObjectKey(failing));
    const later = await queuedJob("untakenlater", 90);
    for (const id of [failing, untaken, later]) await env.DB.prepare(`UPDATE upload_jobs SET updated_at = unixepoch() - 40 * 60 WHERE id = ?1`).bind(id).run();

    const { env: cronEnv, sent } = recordingEnv();
    await worker.scheduled(createScheduledController({ cron: STALLED_IMPORTS_CRON, scheduledTime: Date.now() }), cronEnv);
    expect((await getUploadJob(env.DB, untaken))!.result!.batchResult).toMatchObject({ totalRows: 180, successCount: 180 });
    expect((await getUploadJob(env.DB, later))!.result!.batchResult).toMatchObject({ totalRows: 90, successCount: 90 });
    // Not sent to the queue that did not deliver it; the failing one waits for the next run.
    expect(sent.filter((m) => m.kind === "import")).toEqual([]);
    expect((await getUploadJob(env.DB, failing))!.status).toBe("processing");
  });
});

describe("the report's processing time", () => {
  it("counts from when the consumer took the job, not from the upload or the wait behind another import", async () => {
    const jobId = await queuedJob("waited", 100);
    // Uploaded, then queued behind another import: created 40 s before the consumer takes it.
    await env.DB.prepare(`UPDATE upload_jobs SET created_at = unixepoch() - 40 WHERE id = ?1`).bind(jobId).run();
    await processImportJob(recordingEnv().env, jobId, ONE_STEP);
    const report = (await getUploadJob(env.DB, jobId))!.result!.report;
    expect(report.summary.processingTimeSeconds).toBeLessThan(10);
  });
});

describe("the running imports call", () => {
  it("lists the queued and processing jobs with their rows so far, for a reloaded upload page, and only to an admin", async () => {
    const running = await queuedJob("running", 300);
    // Stopped after its first batch of 100 rows, as if caught mid-import.
    await expect(processImportJob(recordingEnv({ DB: dyingAfterFirstBatch() }).env, running, ONE_STEP)).rejects.toThrow("worker stopped");
    const waiting = await queuedJob("waiting", 10);
    const finished = await queuedJob("finished", 10);
    await processImportJob(recordingEnv().env, finished, ONE_STEP);

    const cookie = await adminCookie();
    const response = await SELF.fetch("https://example.com/api/admin/upload-jobs", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const jobs = (await response.json()) as { id: string; fileName: string; status: string; processedRows: number }[];
    const mine = jobs.filter((j) => ([running, waiting, finished] as string[]).includes(j.id));
    expect(mine).toEqual([
      expect.objectContaining({ id: running, fileName: "running.csv", status: "processing", processedRows: 100 }),
      expect.objectContaining({ id: waiting, fileName: "waiting.csv", status: "queued", processedRows: 0 }),
    ]);

    const anonymous = await SELF.fetch("https://example.com/api/admin/upload-jobs");
    expect(anonymous.status).toBe(401);
  });
});
