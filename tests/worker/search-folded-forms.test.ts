import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { searchBusinesses } from "~/models/search.server";
import { adminCookie, importFile, SITE_ORIGIN } from "./import-support";
import { searchIndexDrift } from "./support/search-index";

// What a visitor types finds what a file wrote, through every writer: the import stores each
// business's folded copies and inner words (derivedColumns), and the index holds them.

const SITE = "https://example.com";
let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie(SITE);
});

const found = async (q: string, location?: string) => (await searchBusinesses(env.DB, { q, location, page: 1 })).businesses.map((b) => b.name).sort();

const CSV_HEADER = "name,type,city,country,country_code,place_id";

async function importRows(...rows: string[]) {
  const job = await importFile(cookie, "folded.csv", [CSV_HEADER, ...rows].join("\n") + "\n");
  expect(job.status).toBe("done");
  expect(job.result).toMatchObject({ success: true, errorCount: 0, successCount: rows.length });
}

describe("a business written by the import", () => {
  it("is found by its words as visitors type them: apostrophes dropped, ß as ss, Greek without tonos, Thai words inside a name", async () => {
    await importRows(
      "Müller’s Weinstube,Weinstube,L'Aquila,Italia,IT,fold-1",
      "Ξενοδοχείο Ακρόπολις,Ξενοδοχείο,Αθήνα,Ελλάδα,GR,fold-2",
      "Gasthof zur Straße,Gasthof,Tromsø,Norge,NO,fold-3",
      "โรงแรมแมนดารินโอเรียนเต็ล,Hotel,Bangkok,Thailand,TH,fold-4",
    );
    expect(await found("mullers weinstube")).toEqual(["Müller’s Weinstube"]);
    expect(await found("weinstube", "laquila")).toEqual(["Müller’s Weinstube"]);
    expect(await found("ακροπολις")).toEqual(["Ξενοδοχείο Ακρόπολις"]);
    expect(await found("ξενοδοχειο", "αθηνα")).toEqual(["Ξενοδοχείο Ακρόπολις"]);
    expect(await found("strasse")).toEqual(["Gasthof zur Straße"]);
    expect(await found("gasthof", "tromso")).toEqual(["Gasthof zur Straße"]);
    expect(await found("แมนดาริน")).toEqual(["โรงแรมแมนดารินโอเรียนเต็ล"]);
    expect(await searchIndexDrift()).toEqual({ extra: [], missing: [] });
  });

  it("is found by its new name's folded forms once a corrected file renames it, never by the old ones", async () => {
    await importRows("Gasthof zur Straße,Gasthof,Tromsø,Norge,NO,fold-5");
    expect(await found("strasse")).toContain("Gasthof zur Straße");
    await importRows("Hotel Ørsta Fjord,Hotel,Ørsta,Norge,NO,fold-5");
    expect(await found("orsta fjord")).toEqual(["Hotel Ørsta Fjord"]);
    expect(await found("hotel", "orsta")).toEqual(["Hotel Ørsta Fjord"]);
    expect(await found("strasse")).not.toContain("Hotel Ørsta Fjord");
    expect(await searchIndexDrift()).toEqual({ extra: [], missing: [] });
  });

  it("keeps its folded forms through the admin's approval toggle", async () => {
    await importRows("Işık Pansiyon,Pansiyon,İzmir,Türkiye,TR,fold-6");
    expect(await found("isik pansiyon")).toEqual(["Işık Pansiyon"]);
    const row = await env.DB.prepare(`SELECT id FROM businesses WHERE place_id = 'fold-6'`).first<{ id: number }>();
    const toggle = () => SELF.fetch(`${SITE}/api/admin/businesses/${row!.id}/toggle-approval`, { method: "POST", headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
    expect((await toggle()).status).toBe(200);
    expect(await found("isik pansiyon")).toEqual([]);
    expect((await toggle()).status).toBe(200);
    expect(await found("isik pansiyon")).toEqual(["Işık Pansiyon"]);
    expect(await searchIndexDrift()).toEqual({ extra: [], missing: [] });
  });
});
