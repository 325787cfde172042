import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getUploadJob } from "~/import/commit.server";
import { abandonImportJob, processImportJob } from "~/import/consumer.server";
import { crashingDb, pausingDb, queuedJob, recordingEnv } from "./import-support";

const STEPS_OF_300 = { stepRows: 300, stepMs: 60_000, sendPauseMs: 0 };

async function importedCount(name: string, jobId: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE place_id LIKE ?1`).bind(`${name}-${jobId}-%`).first<{ n: number }>();
  return row!.n;
}

describe("an import message delivered twice", () => {
  it("lets the first delivery to commit carry the job on; the other stops without an error or a message of its own", async () => {
    const jobId = await queuedJob("twice", 600);
    // The second delivery has read the job and is about to commit the header when the first
    // delivery starts from the same place and commits first.
    const late = pausingDb(1);
    const second = recordingEnv({ DB: late.db });
    const secondRun = processImportJob(second.env, jobId, STEPS_OF_300);
    await late.reached;
    const first = recordingEnv();
    await processImportJob(first.env, jobId, STEPS_OF_300);
    late.release();
    // Had it thrown, the queue would retry it into a second chain of steps racing the first.
    await expect(secondRun).resolves.toBeUndefined();
    expect(second.sent).toEqual([]);
    expect(first.sent).toEqual([{ kind: "import", jobId }]);

    // The first delivery's chain alone finishes the job, every row once.
    for (let i = 0; i < 5 && (await getUploadJob(env.DB, jobId))!.status === "processing"; i++) {
      await processImportJob(first.env, jobId, STEPS_OF_300);
    }
    const job = (await getUploadJob(env.DB, jobId))!;
    expect(job.status).toBe("done");
    expect(job.result!.batchResult).toMatchObject({ totalRows: 600, successCount: 600, skippedCount: 0 });
    expect(await importedCount("twice", jobId)).toBe(600);
  });

  it("stops a delivery caught mid-step by the job being ended as failed, writing none of its rows", async () => {
    const jobId = await queuedJob("ended", 300);
    // Batches: header cursor (1), identities read (2), first rows (3): paused before the rows.
    const paused = pausingDb(3);
    const run = processImportJob(recordingEnv({ DB: paused.db }).env, jobId, STEPS_OF_300);
    await paused.reached;
    // Meanwhile its message is dead-lettered (or the day-long stall cron gives up on it).
    await abandonImportJob(env, jobId);
    paused.release();
    await expect(run).resolves.toBeUndefined();

    const job = (await getUploadJob(env.DB, jobId))!;
    expect(job.status).toBe("failed");
    expect(job.error).toContain("İşlenen 0 satırdan 0 işletme kaydedildi");
    expect(await importedCount("ended", jobId)).toBe(0);
  });

  it("follows up a job that two deliveries reach the end of at once only once", async () => {
    const jobId = await queuedJob("ending", 250);
    // Every row is committed (batches: header, then identities and rows three times), and the
    // delivery dies before ending the job.
    await expect(processImportJob(recordingEnv({ DB: crashingDb(7) }).env, jobId, STEPS_OF_300)).rejects.toThrow();
    expect((await getUploadJob(env.DB, jobId))!).toMatchObject({ status: "processing", progress: { processedRows: 250 } });

    // Its retry and a copy of it run together: both find no rows left and end the job.
    const { env: consumer, sent } = recordingEnv();
    await Promise.all([processImportJob(consumer, jobId, STEPS_OF_300), processImportJob(consumer, jobId, STEPS_OF_300)]);
    expect((await getUploadJob(env.DB, jobId))!.result!.batchResult).toMatchObject({ totalRows: 250, successCount: 250 });
    // One cache generation and one request for each rebuild, not two.
    expect(sent.map((m) => m.kind).sort()).toEqual(["edgeCache.warm", "pageAnchors.rebuild", "sitemaps.rebuild"]);
  });
});
