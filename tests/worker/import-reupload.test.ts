import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { businessSlug } from "~/lib/business/slug";
import { startImportJob } from "~/import/upload.server";
import { getUploadJob } from "~/import/commit.server";
import { uploadObjectKey } from "~/import/store.server";
import { processImportJob } from "~/import/consumer.server";
import { adminCookie, businessCount, importFile, SITE_ORIGIN } from "./import-support";

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

  it("leaves a business the file brings unchanged as it was: its update time (the sitemap's lastmod) only moves when a field changed", async () => {
    const longAgo = 1_700_000_000;
    await env.DB.prepare(`UPDATE businesses SET updated_at = ?1 WHERE name LIKE 'Reupload %'`).bind(longAgo).run();
    const again = await importFile(cookie, "reupload.csv", csv("+90 212 999 99 99"), 2);
    expect(again.result).toMatchObject({ success: true, successCount: 4, errorCount: 0 });
    for (const name of ["Reupload Hotel", "Reupload Bakery", "Reupload Kiosk", "Reupload Cafe"]) {
      expect((await business(name))!.updated_at, name).toBe(longAgo);
    }
    // One changed field: that business alone is written.
    await importFile(cookie, "reupload.csv", csv("+90 212 555 55 55"), 2);
    expect((await business("Reupload Kiosk"))!.updated_at).toBeGreaterThan(longAgo);
    expect((await business("Reupload Hotel"))!.updated_at).toBe(longAgo);
  });
});

describe("the same name typed in another Unicode form", () => {
  it("finds a business without a place id again when its name and address come decomposed (NFD), instead of adding it twice", async () => {
    const file = (text: string) => `name,full_address,city\r\n${text}\r\n`;
    const composed = "Café Ümit,Şişli Cd. 3,İstanbul";
    const first = await importFile(cookie, "nfc.csv", file(composed));
    expect(first.result).toMatchObject({ success: true, successCount: 1 });
    const before = await businessCount();
    const stored = await business("Café Ümit");
    expect(stored).not.toBeNull();

    const decomposed = composed.normalize("NFD");
    expect(decomposed).not.toBe(composed);
    const second = await importFile(cookie, "nfd.csv", file(decomposed));
    expect(second.result).toMatchObject({ success: true, successCount: 1 });
    expect(await businessCount()).toBe(before);
    expect(await business("Café Ümit")).toMatchObject({ id: stored!.id, full_address: "Şişli Cd. 3", city: "İstanbul" });
  });
});

describe("uploading an exported file back", () => {
  it("stores the exported values, not the export's formula guard: '+49 …' stays '+49 …'", async () => {
    const original = ["name,category,full_address,phone,place_id", "@Home Hostel,Roundtrip,Königsallee 1,+49 211 2355002,roundtrip-1", "=Plus Bar,Roundtrip,-,-,roundtrip-2"].join("\r\n");
    expect((await importFile(cookie, "original.csv", original)).result).toMatchObject({ success: true, successCount: 2 });
    const before = await businessCount();

    const response = await SELF.fetch("https://example.com/api/admin/export-csv?fields=name,category,full_address,phone,place_id&categories=Roundtrip", { headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    const exported = await response.text();
    expect(exported).toContain("'+49 211 2355002");
    const again = await importFile(cookie, "exported.csv", exported);
    expect(again.result).toMatchObject({ success: true, totalRows: 2, successCount: 2, errorCount: 0 });
    expect(await businessCount()).toBe(before);
    const rows = await env.DB.prepare(`SELECT name, full_address, phone FROM businesses WHERE place_id LIKE 'roundtrip-%' ORDER BY place_id`).all();
    expect(rows.results).toEqual([
      { name: "@Home Hostel", full_address: "Königsallee 1", phone: "+49 211 2355002" },
      { name: "=Plus Bar", full_address: "-", phone: "-" },
    ]);
  });
});

describe("a business whose slug a same-named business already holds", () => {
  it("takes its second slug, in the directory or in the same batch, and keeps it on re-import and through fix slugs", async () => {
    // Another business already holds the slug the import gives "Clash Hotel" (place id clash-1).
    const slug = businessSlug("Clash Hotel", "clash-1");
    await env.DB.prepare(`INSERT INTO businesses (name, slug, place_id) VALUES ('Clash Hotel', ?1, 'clash-older')`).bind(slug).run();
    // Two branches of a chain whose identity tags are the same (found by search, checked here).
    const branches = ["ChIJchain-890066", "ChIJchain-1158080"];
    expect(businessSlug("Chain Hotel", branches[0]!)).toBe(businessSlug("Chain Hotel", branches[1]!));
    const file = ["name,place_id,city", "Clash Inn A,clash-a,Rome", "Clash Hotel,clash-1,Rome", `Chain Hotel,${branches[0]},Oslo`, `Chain Hotel,${branches[1]},Lima`].join("\r\n");
    const before = await businessCount();
    for (const upload of [1, 2]) {
      const job = await importFile(cookie, "clash.csv", file, 2);
      expect(job.status, `upload ${upload}`).toBe("done");
      expect(job.result, `upload ${upload}`).toMatchObject({ success: true, totalRows: 4, successCount: 4, errorCount: 0 });
      expect(await businessCount()).toBe(before + 4);
    }
    const slugs = await env.DB.prepare(`SELECT place_id, slug FROM businesses WHERE place_id IN ('clash-older', 'clash-1', ?1, ?2)`).bind(...branches).all<{ place_id: string; slug: string }>();
    expect(Object.fromEntries(slugs.results.map((r) => [r.place_id, r.slug]))).toEqual({
      "clash-older": slug,
      "clash-1": businessSlug("Clash Hotel", "clash-1", { second: true }),
      [branches[0]!]: businessSlug("Chain Hotel", branches[0]!),
      [branches[1]!]: businessSlug("Chain Hotel", branches[1]!, { second: true }),
    });
    // Each page opens its own business.
    const page = await SELF.fetch(`https://example.com/business/${businessSlug("Chain Hotel", branches[1]!, { second: true })}`);
    expect(await page.text()).toContain("Lima");
    // "Fix slugs" leaves a second slug as it is.
    const fixed = await SELF.fetch("https://example.com/api/admin/fix-slugs", { method: "POST", headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    expect(fixed.status).toBe(200);
    const after = await env.DB.prepare(`SELECT slug FROM businesses WHERE place_id = ?1`).bind(branches[1]).first<{ slug: string }>();
    expect(after!.slug).toBe(businessSlug("Chain Hotel", branches[1]!, { second: true }));
  });
});

describe("a row that breaks a database constraint", () => {
  it("ends the job at once with the constraint named, keeping the batches before it, instead of being retried as a server fault", async () => {
    // A constraint no file can satisfy by retrying: here, a unique phone, made for this test.
    await env.DB.prepare(`CREATE UNIQUE INDEX test_unique_phone ON businesses (phone)`).run();
    await env.DB.prepare(`INSERT INTO businesses (name, slug, place_id, phone) VALUES ('Phone Holder', 'phone-holder-000000', 'phone-older', '+1 555 0199')`).run();
    try {
      const jobId = crypto.randomUUID();
      const lines = ["name,place_id,phone", "Clash Inn A2,clash-a2,", "Clash Inn B2,clash-b2,", "Clash Inn C2,clash-c2,", "Phone Clash,clash-2,+1 555 0199"];
      await env.BUCKET.put(uploadObjectKey(jobId), lines.join("\r\n"));
      const sent: unknown[] = [];
      const quiet = { ...env, WORK_QUEUE: { send: async (m: unknown) => void sent.push(m) } as unknown as Queue } as Env;
      const started = await startImportJob(quiet, { jobId, fileName: "clash.csv", fileSize: 0, fileType: "csv", batchSize: 2 });
      expect(started.ok).toBe(true);

      // The delivery resolves (the message is acked): no retries, no dead letter.
      await processImportJob(quiet, jobId, { stepRows: 10_000, stepMs: 60_000, sendPauseMs: 0 });
      const job = (await getUploadJob(env.DB, jobId))!;
      expect(job.status).toBe("failed");
      expect(job.error).toContain("UNIQUE constraint failed: businesses.phone");
      expect(job.error).toContain("Satır 4 ile başlayan");
      expect(job.error).toContain("Önceki 2 satırdan 2 işletme kaydedildi");
      expect(job.error).not.toContain("sunucu hataları");
      expect(job.error).not.toContain("kalanını aktarabilirsiniz");
      // The first batch (two rows) is committed and counted; the failing batch wrote nothing.
      expect(job.progress).toMatchObject({ processedRows: 2, successCount: 2 });
      expect(await business("Clash Inn A2")).not.toBeNull();
      expect(await business("Clash Inn C2")).toBeNull();
      expect(await business("Phone Clash")).toBeNull();
    } finally {
      await env.DB.prepare(`DROP INDEX test_unique_phone`).run();
    }
  });
});
