import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { toBusinessRow } from "~/lib/business/business-record";
import { distanceKm } from "~/lib/map/geo-cell";
import { upsertBusinesses } from "~/import/commit.server";
import { getBusinessPage } from "~/models/business-detail.server";
import { NEARBY_COUNT } from "~/models/finder.server";
import { directoryRecord } from "./directory-fixtures";
import { atTwoSizes, measuringDb } from "./support/rows-read";

/** A fixed sequence of numbers in [0, 1): the same directory on every run. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Businesses from..to-1: a dense old town (about 1 km), a wider city round it, and a few far villages. */
async function seed(from: number, to: number) {
  const random = randomFrom(from + 11);
  const rows = [];
  for (let i = from; i < to; i++) {
    const spread = i % 10 === 0 ? 1.5 : i % 3 === 0 ? 0.01 : 0.08;
    rows.push(
      toBusinessRow(
        directoryRecord({
          name: `Nearby ${i}`, placeId: `near-${i}`,
          latitude: Math.round((47.37 + (random() - 0.5) * spread) * 1e6) / 1e6,
          longitude: Math.round((8.54 + (random() - 0.5) * spread * 1.5) * 1e6) / 1e6,
        }),
      ),
    );
  }
  await upsertBusinesses(env.DB, rows);
}

/** The NEARBY_COUNT nearest other approved businesses, by reading them all. */
async function bruteForce(placeId: string) {
  const { results } = await env.DB.prepare(`SELECT place_id, slug, latitude, longitude FROM businesses WHERE is_approved = 1 AND latitude IS NOT NULL`).all<{
    place_id: string; slug: string; latitude: number; longitude: number;
  }>();
  const me = results.find((row) => row.place_id === placeId)!;
  return results
    .filter((row) => row.place_id !== placeId)
    .map((row) => ({ slug: row.slug, km: distanceKm(me, row) }))
    .sort((a, b) => a.km - b.km || a.slug.localeCompare(b.slug))
    .slice(0, NEARBY_COUNT);
}

async function slugOf(placeId: string) {
  return (await env.DB.prepare(`SELECT slug FROM businesses WHERE place_id = ?1`).bind(placeId).first<{ slug: string }>())!.slug;
}

describe("Nearby on a business page", () => {
  it("lists the 6 nearest other approved businesses, nearest first, as a full scan finds them", async () => {
    await seed(0, 1500);
    // The nearest of one business hidden: it must not be listed.
    const hidden = (await bruteForce("near-3"))[0]!.slug;
    await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE slug = ?1`).bind(hidden).run();
    for (const placeId of ["near-3", "near-1", "near-10", "near-20", "near-777", "near-1499"]) {
      const page = await getBusinessPage(env.DB, await slugOf(placeId));
      const expected = await bruteForce(placeId);
      expect(page!.nearby.map((b) => b.slug), placeId).toEqual(expected.map((b) => b.slug));
      page!.nearby.forEach((b, i) => expect(b.distanceKm).toBeCloseTo(expected[i]!.km, 9));
      expect(page!.nearby.map((b) => b.slug)).not.toContain(hidden);
    }
  });

  it("reads a bounded number of rows in one round trip, however big the directory", async () => {
    await env.DB.prepare(`DELETE FROM businesses`).run();
    const measure = async () => {
      const figures: Record<string, number> = {};
      for (const placeId of ["near-3", "near-10"]) {
        const measured = measuringDb(env.DB);
        const page = await getBusinessPage(measured.db, await slugOf(placeId));
        expect(page!.nearby).toHaveLength(NEARBY_COUNT);
        // The detail, its Nearby and its guest reviews' summary and first page travel in one batch.
        expect(measured.statements()).toHaveLength(4);
        figures[placeId] = measured.rowsRead();
      }
      return figures;
    };
    const { large } = await atTwoSizes("Nearby rows read", seed, measure);
    // About 500 are the fixed work on small rows (the 72 tile counts probed, the 49 tiles ranked,
    // json_each's offsets); the rest are the candidates near the business, however many the
    // directory holds elsewhere (a village beside the city reads fewer at 6,000 than at 600).
    for (const [placeId, rows] of Object.entries(large)) expect(rows, placeId).toBeLessThanOrEqual(1000);
  });
});
