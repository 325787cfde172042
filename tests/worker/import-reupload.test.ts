import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
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

