import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { toBusinessRow } from "~/lib/business/business-record";
import { upsertBusinesses } from "~/import/commit.server";
import { directoryRecord } from "./directory-fixtures";

// A real town and a category whose names are longer than the 50 bytes D1 allows a LIKE pattern.
const TOWN = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch";
const CATEGORY = "Traditional Bavarian Beer Garden and Brewery Restaurant";

beforeAll(async () => {
  await upsertBusinesses(env.DB, [
    toBusinessRow(directoryRecord({ name: "Station Inn", placeId: "long-1", type: CATEGORY, city: TOWN, country: "United Kingdom", countryCode: "GB" })),
    toBusinessRow(directoryRecord({ name: "Hotel Zürich", placeId: "long-2" })),
  ]);
});

async function getJson(path: string) {
  const response = await SELF.fetch(`http://example.com${path}`);
  return { status: response.status, body: (await response.json()) as any };
}

describe("directory searches longer than a LIKE pattern may be", () => {
  it("find a city and a category by their whole long names", async () => {
    const cities = await getJson(`/api/cities?q=${encodeURIComponent(TOWN.toUpperCase())}&page=1`);
    expect(cities.status).toBe(200);
    expect(cities.body.cities.map((c: { city: string }) => c.city)).toEqual([TOWN]);
    const categories = await getJson(`/api/categories?q=${encodeURIComponent(CATEGORY.toLowerCase())}&page=1`);
    expect(categories.status).toBe(200);
    expect(categories.body.categories.map((c: { category: string }) => c.category)).toEqual([CATEGORY]);
  });

  it("answer long text that matches nothing (CJK, Cyrillic, escaped wildcards) with an empty list", async () => {
    for (const q of ["a".repeat(49), "東".repeat(17), "Санкт-Петербург Ленинградская", "%".repeat(25), "_".repeat(60)]) {
      for (const path of [`/api/cities?q=${encodeURIComponent(q)}&page=1`, `/api/categories?q=${encodeURIComponent(q)}&page=1`]) {
        const answer = await getJson(path);
        expect(answer.status, path).toBe(200);
        expect(answer.body.totalCount, path).toBe(0);
      }
    }
    for (const path of ["/cities?q=", "/categories?q=", "/cities/s?q=", "/countries/gb/cities?q="]) {
      const response = await SELF.fetch(`http://example.com${path}${encodeURIComponent("東".repeat(17))}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toMatch(/No (cities|categories) found/);
    }
  });
});
