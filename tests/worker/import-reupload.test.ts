import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { businessSlug } from "~/lib/slug";
import { startImportJob } from "~/models/import-upload.server";
import { getUploadJob, uploadObjectKey } from "~/models/upload-job.server";
import { processImportJob } from "../../workers/import/consumer";
import { adminCookie, businessCount, importFile } from "./import-support";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

async function business(name: string) {
  return env.DB.prepare(`SELECT * FROM businesses WHERE name = ?1`).bind(name).first<Record<string, unknown>>();
}

function csv(kioskPhone: string) {
  return [
    "name,full_address,place_id,phone",
    "Reupload Hotel,Main St 1,reupload-place-1,+90 212 000 00 01",
    "Reupload Bakery,Main St 2,,+90 212 000 00 02",
    `Reupload Kiosk,,,${kioskPhone}`, // neither place id nor address
    "Reupload Cafe,Main St 3,,+90 212 000 00 04",
  ].join("\r\n");
}

describe("uploading the same file twice", () => {
  it("finds a business with neither place id nor address again, as one with an address, instead of failing on its slug", async () => {
    const before = await businessCount();
    const first = await importFile(cookie, "reupload.csv", csv("+90 212 000 00 03"), 2);
    expect(first.status).toBe("done");
    expect(first.result).toMatchObject({ success: true, totalRows: 4, successCount: 4, errorCount: 0, skippedCount: 0 });
    expect(await businessCount()).toBe(before + 4);
    const kiosk = await business("Reupload Kiosk");
    expect(kiosk).toMatchObject({ full_address: null, place_id: null, phone: "+90 212 000 00 03" });

    // The second upload refreshes all four (the kiosk's new phone included) and adds none.
    const second = await importFile(cookie, "reupload.csv", csv("+90 212 999 99 99"), 2);
    expect(second.status).toBe("done");
    expect(second.result).toMatchObject({ success: true, totalRows: 4, successCount: 4, errorCount: 0, skippedCount: 0 });
    // Place-id-less rows count as written, not as database duplicates (decision 043), with or without address.
    expect(second.result!.duplicateAnalysis).toMatchObject({ databaseDuplicateCount: 1, newPlaceIdCount: 0, recordsWithPlaceId: 1 });
    expect(await businessCount()).toBe(before + 4);
    expect(await business("Reupload Kiosk")).toMatchObject({ id: kiosk!.id, slug: kiosk!.slug, phone: "+90 212 999 99 99" });
  });
});

describe("a row that breaks a database constraint", () => {
  it("ends the job at once with the constraint named, keeping the batches before it, instead of being retried as a server fault", async () => {
    // Another business already holds the slug the import gives "Clash Hotel" (place id clash-1).
    const slug = businessSlug("Clash Hotel", "clash-1");
    await env.DB.prepare(`INSERT INTO businesses (name, slug, place_id) VALUES ('Older Clash Hotel', ?1, 'clash-older')`).bind(slug).run();
    const jobId = crypto.randomUUID();
    const lines = ["name,place_id", "Clash Inn A,clash-a", "Clash Inn B,clash-b", "Clash Inn C,clash-c", "Clash Hotel,clash-1"];
    await env.BUCKET.put(uploadObjectKey(jobId), lines.join("\r\n"));
    const sent: unknown[] = [];
    const quiet = { ...env, IMPORT_QUEUE: { send: async (m: unknown) => void sent.push(m) } as unknown as Queue } as Env;
    const started = await startImportJob(quiet, { jobId, fileName: "clash.csv", fileSize: 0, fileType: "csv", batchSize: 2 });
    expect(started.ok).toBe(true);

    // The delivery resolves (the message is acked): no retries, no dead letter.
    await processImportJob(quiet, jobId, { stepRows: 10_000, stepMs: 60_000, sendPauseMs: 0 });
    const job = (await getUploadJob(env.DB, jobId))!;
    expect(job.status).toBe("failed");
    expect(job.error).toContain("UNIQUE constraint failed: businesses.slug");
    expect(job.error).toContain("Satır 4 ile başlayan");
    expect(job.error).not.toContain("sunucu hataları");
    expect(job.error).not.toContain("kalanını aktarabilirsiniz");
    // The first batch (two rows) is committed and counted; the failing batch wrote nothing.
    expect(job.progress).toMatchObject({ processedRows: 2, successCount: 2 });
    expect(await business("Clash Inn A")).not.toBeNull();
    expect(await business("Clash Inn C")).toBeNull();
    expect(await business("Clash Hotel")).toBeNull();
  });
});
