import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { startImportJob } from "~/import/upload.server";
import { getUploadJob } from "~/import/commit.server";
import { uploadObjectKey } from "~/import/store.server";
import { processImportJob } from "~/import/consumer.server";
import { inflateZipEntry } from "~/import/read/zip-inflate";
import { bombData, honestXlsx, lyingSheetBomb } from "../support/hostile-files";
import { adminCookie, businessCount, importFile, recordingEnv } from "./import-support";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

/** A job for `bytes`, stored and queued as an upload makes it, its queue message not delivered: the test delivers it. */
async function storedJob(fileName: string, bytes: Uint8Array | string, fileType: "csv" | "xlsx", batchSize = 500) {
  const jobId = crypto.randomUUID();
  await env.BUCKET.put(uploadObjectKey(jobId), bytes);
  const size = typeof bytes === "string" ? new TextEncoder().encode(bytes).length : bytes.length;
  const { env: quiet } = recordingEnv();
  const started = await startImportJob(quiet, { jobId, fileName, fileSize: size, fileType, batchSize });
  expect(started.ok, fileName).toBe(true);
  return jobId;
}

async function namesLike(pattern: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE name LIKE ?1`).bind(pattern).first<{ n: number }>();
  return row!.n;
}

describe("a hostile file ends its own job at once and never stops the next", () => {
  it("fails a 1 MB xlsx whose sheet declares 1,000,000 bytes and inflates to 1.1 GB in one delivery, writing nothing", async () => {
    const bomb = lyingSheetBomb(Array.from({ length: 50 }, (_, i) => `Bomb Hotel ${i}`));
    expect(bomb.length).toBeLessThan(1_300_000);
    const before = await businessCount();
    const jobId = await storedJob("bomb.xlsx", bomb, "xlsx");
    const started = Date.now();
    // Resolving (not throwing) is what acknowledges the message: the queue does not retry it.
    await expect(processImportJob(env, jobId)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2000);
    const job = await getUploadJob(env.DB, jobId);
    expect(job!.status).toBe("failed");
    expect(job!.result!.batchResult.message).toBe(
      "bomb.xlsx: bozuk .xlsx: xl/worksheets/sheet1.xml bildirdiği boyuttan (1.000.000 bayt) büyük açılıyor; zip bombası olabilir",
    );
    expect(await businessCount()).toBe(before);
    expect(await namesLike("Bomb Hotel%")).toBe(0);
    // Its file is dropped like any finished job's.
    expect(await env.BUCKET.head(uploadObjectKey(jobId))).toBeNull();
  });

  it("stops an entry at the ratio limit in workerd too, by the compressed bytes zlib took in", async () => {
    // Declared as large as it inflates (2 GB), as if the upload's directory check had been passed.
    const bomb = bombData("", 2047, "");
    async function* pieces() {
      for (let at = 0; at < bomb.length; at += 1 << 20) yield bomb.subarray(at, at + (1 << 20));
    }
    let inflated = 0;
    const started = Date.now();
    const read = async () => {
      for await (const chunk of inflateZipEntry(pieces(), { name: "xl/sharedStrings.xml", method: 8, uncompressedSize: 2047 * 1024 * 1024 })) inflated += chunk.length;
    };
    await expect(read()).rejects.toThrow(/^xl\/sharedStrings\.xml şüpheli bir oranla açılıyor/);
    expect(inflated).toBeLessThan(202 * (1 << 20));
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("skips a CSV row whose about cell is 6 MB as a bad row naming its row and column, and writes the rest", async () => {
    const csv = [
      "name,about,place_id",
      "Small About Cafe,Cosy,hostile-small-1",
      `Big About Cafe,${"a".repeat(6 * 1024 * 1024)},hostile-big-1`,
      `Long About Cafe,${"ü".repeat(140_000)},hostile-long-1`,
      "Last About Cafe,Fine,hostile-last-1",
    ].join("\n");
    const jobId = await storedJob("big-cell.csv", csv, "csv");
    await expect(processImportJob(env, jobId)).resolves.toBeUndefined();
    const job = await getUploadJob(env.DB, jobId);
    expect(job!.status).toBe("done");
    expect(job!.result!.batchResult).toMatchObject({ successCount: 3, errorCount: 1 });
    const errors = job!.result!.batchResult.errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Satır 3 \(Big About Cafe\): about hücresi çok uzun: satır veritabanına yazılamayacak kadar büyük \(6\.291\.\d{3} bayt; bir satır en çok 900\.000 bayt olabilir\)$/);
    // A long cell under the limit (280,000 bytes of UTF-8) is stored whole.
    const long = await env.DB.prepare(`SELECT length(about) AS n FROM businesses WHERE place_id = 'hostile-long-1'`).first<{ n: number }>();
    expect(long!.n).toBe(140_000);
    expect(await namesLike("Big About Cafe")).toBe(0);
  });

  it("writes a batch whose identities together are larger than one D1 value", async () => {
    // 1,000 rows without a place id, each known by name and a 2,500-character address: 2.5 MB of identities in one batch.
    const rows = Array.from({ length: 1000 }, (_, i) => `Long Address Inn ${i},"${`Street ${i} `.padEnd(2500, "x")}"`);
    const jobId = await storedJob("long-addresses.csv", ["name,full_address", ...rows].join("\n"), "csv", 1000);
    await expect(processImportJob(env, jobId)).resolves.toBeUndefined();
    const job = await getUploadJob(env.DB, jobId);
    expect(job!.result!.batchResult).toMatchObject({ successCount: 1000, errorCount: 0 });
    expect(await namesLike("Long Address Inn %")).toBe(1000);
  });

  it("after a bomb through the running queue, a normal xlsx uploaded next is imported completely", async () => {
    const bomb = await importFile(cookie, "queued-bomb.xlsx", lyingSheetBomb(["Queued Bomb Hotel"]));
    expect(bomb.status).toBe("failed");
    expect(bomb.result!.message).toMatch(/^queued-bomb\.xlsx: bozuk \.xlsx: .* zip bombası olabilir$/);
    const names = Array.from({ length: 1200 }, (_, i) => `After Bomb Hotel ${i}`);
    const normal = await importFile(cookie, "after-bomb.xlsx", honestXlsx(names));
    expect(normal.status).toBe("done");
    expect(normal.result).toMatchObject({ successCount: 1200, errorCount: 0 });
    expect(await namesLike("After Bomb Hotel %")).toBe(1200);
    expect(await namesLike("Queued Bomb Hotel")).toBe(0);
  });
});
