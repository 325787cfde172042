import { createScheduledController, env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { UPKEEP_CRON } from "../../workers/cron-schedules";
import { adminCookie, businessCount, uploadFile, waitForJob, SITE_ORIGIN } from "./import-support";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

/** About 12 MB: more than one 10 MB part. The padding column is not a directory column. */
function bigCsv(prefix: string, rows = 11_000): string {
  const padding = "x".repeat(1_100);
  const lines = Array.from({ length: rows }, (_, i) => `${prefix} Hotel ${i},${prefix}-${i},41.0,29.0,${padding}`);
  return ["name,place_id,latitude,longitude,notes", ...lines].join("\n");
}

describe("files larger than one upload part", () => {
  it("streams a 12 MB multipart/form-data upload to R2 in parts and imports it", async () => {
    const before = await businessCount();
    const upload = await uploadFile(cookie, "big.csv", bigCsv("stream"), 2000);
    expect(upload.status).toBe(202);
    const job = await waitForJob(cookie, upload.body.jobId!, 120_000);
    expect(job.result).toMatchObject({ success: true, totalRows: 11_000, successCount: 11_000 });
    expect(await businessCount()).toBe(before + 11_000);
  }, 120_000);

  it("takes a large file from the browser in R2 multipart parts, then queues its job", async () => {
    const bytes = new TextEncoder().encode(bigCsv("parts"));
    const headers = { Cookie: cookie, Origin: SITE_ORIGIN, "Content-Type": "application/json" };
    const begin = await SELF.fetch("https://example.com/api/admin/uploads", {
      method: "POST",
      headers,
      body: JSON.stringify({ fileName: "parts.csv", fileSize: bytes.length, batchSize: 1000 }),
    });
    const { jobId, uploadId, partSize } = (await begin.json()) as { jobId: string; uploadId: string; partSize: number };
    const parts = [];
    for (let start = 0, partNumber = 1; start < bytes.length; start += partSize, partNumber++) {
      const body = bytes.slice(start, start + partSize);
      const response = await SELF.fetch(`https://example.com/api/admin/uploads/${jobId}/parts/${partNumber}?uploadId=${uploadId}`, {
        method: "PUT",
        headers: { Cookie: cookie, Origin: SITE_ORIGIN, "Content-Length": String(body.length) },
        body,
      });
      expect(response.status).toBe(200);
      parts.push(((await response.json()) as { part: { partNumber: number; etag: string } }).part);
    }
    expect(parts).toHaveLength(2);
    // The job exists from the start (its WebSocket can be watched), but is not queued yet.
    const waiting = await SELF.fetch(`https://example.com/api/admin/upload-jobs/${jobId}`, { headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    expect(((await waiting.json()) as { status: string }).status).toBe("uploading");
    const complete = await SELF.fetch(`https://example.com/api/admin/uploads/${jobId}/complete`, {
      method: "POST",
      headers,
      body: JSON.stringify({ uploadId, parts }),
    });
    expect(complete.status).toBe(202);
    const job = await waitForJob(cookie, jobId, 120_000);
    expect(job.result).toMatchObject({ success: true, totalRows: 11_000, successCount: 11_000 });
    const row = await env.DB.prepare(`SELECT name FROM businesses WHERE place_id = 'parts-10999'`).first<{ name: string }>();
    expect(row?.name).toBe("parts Hotel 10999");
    const jobRow = await env.DB.prepare(`SELECT batch_size, file_size FROM upload_jobs WHERE id = ?1`).bind(jobId).first();
    expect(jobRow).toEqual({ batch_size: 1000, file_size: bytes.length });
  }, 120_000);

  it("refuses to open an upload for a file over 150 MB or of another type", async () => {
    const headers = { Cookie: cookie, Origin: SITE_ORIGIN, "Content-Type": "application/json" };
    const tooBig = await SELF.fetch("https://example.com/api/admin/uploads", {
      method: "POST",
      headers,
      body: JSON.stringify({ fileName: "huge.xlsx", fileSize: 151 * 1024 * 1024 }),
    });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe("huge.xlsx - Maksimum dosya boyutu 150MB'dır");
    const wrongType = await SELF.fetch("https://example.com/api/admin/uploads", {
      method: "POST",
      headers,
      body: JSON.stringify({ fileName: "photo.png", fileSize: 10 }),
    });
    expect(wrongType.status).toBe(415);
  });

  it("refuses a completed upload whose content does not match its extension, leaving no job", async () => {
    const headers = { Cookie: cookie, Origin: SITE_ORIGIN, "Content-Type": "application/json" };
    const begin = await SELF.fetch("https://example.com/api/admin/uploads", { method: "POST", headers, body: JSON.stringify({ fileName: "fake.xlsx", fileSize: 8 }) });
    const { jobId, uploadId } = (await begin.json()) as { jobId: string; uploadId: string };
    const put = await SELF.fetch(`https://example.com/api/admin/uploads/${jobId}/parts/1?uploadId=${uploadId}`, {
      method: "PUT",
      headers: { Cookie: cookie, Origin: SITE_ORIGIN, "Content-Length": "8" },
      body: "name\nA,B",
    });
    const { part } = (await put.json()) as { part: { partNumber: number; etag: string } };
    const complete = await SELF.fetch(`https://example.com/api/admin/uploads/${jobId}/complete`, { method: "POST", headers, body: JSON.stringify({ uploadId, parts: [part] }) });
    expect(complete.status).toBe(400);
    expect(((await complete.json()) as { message: string }).message).toMatch(/uyuşmuyor/);
    expect(await env.DB.prepare(`SELECT id FROM upload_jobs WHERE id = ?1`).bind(jobId).first()).toBeNull();
    expect(await env.BUCKET.head(`uploads/${jobId}`)).toBeNull();
  });

  it("clears a browser upload abandoned for a day at the cron: its R2 parts aborted, its job gone", async () => {
    const headers = { Cookie: cookie, Origin: SITE_ORIGIN, "Content-Type": "application/json" };
    const begin = async (fileName: string) => {
      const response = await SELF.fetch("https://example.com/api/admin/uploads", { method: "POST", headers, body: JSON.stringify({ fileName, fileSize: 9 }) });
      return (await response.json()) as { jobId: string; uploadId: string };
    };
    const abandoned = await begin("closed-tab.csv");
    const put = await SELF.fetch(`https://example.com/api/admin/uploads/${abandoned.jobId}/parts/1?uploadId=${abandoned.uploadId}`, {
      method: "PUT",
      headers: { Cookie: cookie, Origin: SITE_ORIGIN, "Content-Length": "9" },
      body: "name\nA,B\n",
    });
    expect(put.status).toBe(200);
    const recent = await begin("still-sending.csv");
    await env.DB.prepare(`UPDATE upload_jobs SET updated_at = unixepoch() - 25 * 3600 WHERE id = ?1`).bind(abandoned.jobId).run();
    await env.DB.prepare(`UPDATE upload_jobs SET updated_at = unixepoch() - 3600 WHERE id = ?1`).bind(recent.jobId).run();

    await worker.scheduled(createScheduledController({ cron: UPKEEP_CRON, scheduledTime: Date.now() }), env);

    expect(await env.DB.prepare(`SELECT id FROM upload_jobs WHERE id = ?1`).bind(abandoned.jobId).first()).toBeNull();
    const upload = env.BUCKET.resumeMultipartUpload(`uploads/${abandoned.jobId}`, abandoned.uploadId);
    await expect(upload.uploadPart(2, "more")).rejects.toThrow();
    // An upload opened an hour ago may still be sending its parts.
    const kept = await env.DB.prepare(`SELECT status, upload_id FROM upload_jobs WHERE id = ?1`).bind(recent.jobId).first();
    expect(kept).toEqual({ status: "uploading", upload_id: recent.uploadId });
  });
});
