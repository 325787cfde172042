import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { categorySlug, slugify } from "~/lib/business/slug";
import { startImportJob } from "~/import/upload.server";
import { getUploadJob } from "~/import/commit.server";
import { uploadObjectKey } from "~/import/store.server";
import { processImportJob } from "~/import/consumer.server";
import { adminCookie, businessCount, importFile, uploadFile } from "./import-support";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

/** Text as Windows-1252 bytes: what Excel writes as "CSV" on many Windows machines. */
const CP1252_EXTRA: Record<string, number> = { "€": 0x80, "„": 0x84, "“": 0x93, "–": 0x96 };
function cp1252(text: string): Uint8Array {
  return Uint8Array.from([...text], (c) => {
    const code = CP1252_EXTRA[c] ?? c.charCodeAt(0);
    if (code > 0xff) throw new Error(`not in cp1252: ${c}`);
    return code;
  });
}

/** Turkish text as Windows-1254 bytes: what Excel writes as "CSV" on Turkish Windows machines. */
const CP1254_TURKISH: Record<string, number> = { Ğ: 0xd0, İ: 0xdd, Ş: 0xde, ğ: 0xf0, ı: 0xfd, ş: 0xfe };
function cp1254(text: string): Uint8Array {
  return Uint8Array.from([...text], (c) => CP1254_TURKISH[c] ?? cp1252(c)[0]!);
}

async function stored(placeIdPrefix: string) {
  const rows = await env.DB.prepare(`SELECT place_id, name, city, category, category_slug, slug FROM businesses WHERE place_id LIKE ?1 ORDER BY place_id`)
    .bind(`${placeIdPrefix}%`)
    .all<{ place_id: string; name: string; city: string; category: string; category_slug: string; slug: string }>();
  return rows.results;
}

describe("CSV text as Excel writes it", () => {
  it("imports a Windows-1252 CSV with its accents intact, not as replacement characters", async () => {
    const csv = cp1252(
      [
        "name,city,category,place_id",
        "Café Müller,München,Café,w1252-1",
        '"Straßen Grill, „Nord“",Köln,Imbiss – 24h,w1252-2',
        "Rue de l'Église,Zürich,Bäckerei €,w1252-3",
      ].join("\r\n") + "\r\n",
    );
    expect(csv.includes(0xe9)).toBe(true); // é as one byte: not UTF-8
    const job = await importFile(cookie, "latin1.csv", csv);
    expect(job.status).toBe("done");
    expect(job.result).toMatchObject({ success: true, totalRows: 3, successCount: 3, errorCount: 0 });
    const rows = await stored("w1252-");
    expect(rows.map(({ name, city, category }) => ({ name, city, category }))).toEqual([
      { name: "Café Müller", city: "München", category: "Café" },
      { name: "Straßen Grill, „Nord“", city: "Köln", category: "Imbiss – 24h" },
      { name: "Rue de l'Église", city: "Zürich", category: "Bäckerei €" },
    ]);
    expect(rows[0]!.category_slug).toBe(categorySlug("Café"));
    expect(rows[0]!.slug.startsWith(slugify("Café Müller"))).toBe(true);
    const mojibake = await env.DB.prepare(`SELECT count(*) AS n FROM businesses WHERE name LIKE '%' || char(65533) || '%' OR category LIKE '%' || char(65533) || '%'`).first<{ n: number }>();
    expect(mojibake!.n).toBe(0);
  });

  it("imports a Turkish Excel CSV (Windows-1254, semicolons) with its Turkish letters, not as 'Iþýk Otel Aðrý'", async () => {
    const csv = cp1254(
      [
        "name;category;street;city;country;country_code;rating;reviews;place_id",
        "Işık Otel Ağrı;Otel;Cumhuriyet Cd. 5;Ağrı;Türkiye;TR;4,3;1.234;w1254-1",
        "Şehir Lokantası;Lokanta;İnönü Cd. 12;İzmir;Türkiye;TR;4,6;87;w1254-2",
      ].join("\r\n") + "\r\n",
    );
    const job = await importFile(cookie, "turkce.csv", csv);
    expect(job.status).toBe("done");
    expect(job.result).toMatchObject({ success: true, totalRows: 2, successCount: 2, errorCount: 0 });
    const rows = await env.DB.prepare(`SELECT name, street, city, category, rating, reviews, slug FROM businesses WHERE place_id LIKE 'w1254-%' ORDER BY place_id`).all();
    expect(rows.results).toMatchObject([
      { name: "Işık Otel Ağrı", street: "Cumhuriyet Cd. 5", city: "Ağrı", category: "Otel", rating: 4.3, reviews: 1234 },
      { name: "Şehir Lokantası", street: "İnönü Cd. 12", city: "İzmir", category: "Lokanta", rating: 4.6, reviews: 87 },
    ]);
    expect(String(rows.results[0]!.slug).startsWith(slugify("Işık Otel Ağrı"))).toBe(true);
  });

  it("imports semicolon- and tab-separated CSVs by their header's delimiter, commas in cells staying text", async () => {
    const semicolon = "\uFEFFname;city;address;place_id\r\nGasthaus Zur Post;München;Hauptstraße 1, 80331 München;semi-1\r\n\"Bistro \"\"Le Coin\"\"; Paris\";Zürich;Rue 2;semi-2\r\n";
    const job = await importFile(cookie, "semicolon.csv", semicolon);
    expect(job.status).toBe("done");
    expect(job.result).toMatchObject({ success: true, totalRows: 2, successCount: 2, errorCount: 0 });
    expect((await stored("semi-")).map(({ name, city }) => ({ name, city }))).toEqual([
      { name: "Gasthaus Zur Post", city: "München" },
      { name: 'Bistro "Le Coin"; Paris', city: "Zürich" },
    ]);

    const tab = "name\tcity\tplace_id\nKonditorei Café, Süß\tWien\ttab-1\n";
    const tabJob = await importFile(cookie, "tab.csv", tab);
    expect(tabJob.result).toMatchObject({ success: true, totalRows: 1, successCount: 1 });
    expect((await stored("tab-")).map(({ name, city }) => ({ name, city }))).toEqual([{ name: "Konditorei Café, Süß", city: "Wien" }]);
  });

  it("keeps the delimiter and the decoding in steps resumed after the first", async () => {
    const lines = Array.from({ length: 250 }, (_, i) => `Café Nummer ${i};Düsseldorf;step-cp-${String(i).padStart(3, "0")}`);
    const jobId = crypto.randomUUID();
    await env.BUCKET.put(uploadObjectKey(jobId), cp1252(["name;city;place_id", ...lines].join("\r\n")));
    const sent: unknown[] = [];
    const quiet = { ...env, WORK_QUEUE: { send: async (message: unknown) => void sent.push(message) } as unknown as Queue } as Env;
    expect((await startImportJob(quiet, { jobId, fileName: "steps.csv", fileSize: 0, fileType: "csv", batchSize: 100 })).ok).toBe(true);
    for (let i = 0; i < 10 && (await getUploadJob(env.DB, jobId))!.status !== "done"; i++) {
      await processImportJob(quiet, jobId, { stepRows: 100, stepMs: 60_000, sendPauseMs: 0 });
    }
    expect(sent.length).toBeGreaterThan(0); // it did run over several steps
    expect((await getUploadJob(env.DB, jobId))!.result!.batchResult).toMatchObject({ totalRows: 250, successCount: 250, errorCount: 0 });
    const rows = await stored("step-cp-");
    expect(rows.map((r) => `${r.name}|${r.city}`)).toEqual(lines.map((line) => line.split(";").slice(0, 2).join("|")));
  });

  it("refuses a UTF-16 (Excel \"Unicode text\") CSV with a message saying how to save it, storing nothing", async () => {
    const text = "name\tcity\r\nCafé Müller\tMünchen\r\n";
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) utf16[2 + 2 * i] = text.charCodeAt(i); // all below U+0100: high bytes 0
    const before = await businessCount();
    const upload = await uploadFile(cookie, "unicode.csv", utf16);
    expect(upload.status).toBe(400);
    expect(upload.body).toMatchObject({ success: false });
    expect(upload.body.message).toBe(
      'unicode.csv: dosya UTF-16 ("Unicode metin") olarak kaydedilmiş; Excel\'de "Farklı Kaydet" ile "CSV UTF-8 (virgülle ayrılmış)" biçiminde kaydedip yeniden yükleyin.',
    );
    expect((await env.BUCKET.list({ prefix: "uploads/" })).objects).toEqual([]);
    expect(await businessCount()).toBe(before);
  });
});
