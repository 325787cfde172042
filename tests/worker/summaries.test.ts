import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { toBusinessRow, type BusinessRecord } from "~/lib/business/business-record";
import { upsertBusinesses, upsertBusinessesStatements } from "~/import/commit.server";
import { getDirectoryTotals } from "~/models/directory.server";

function record(overrides: Partial<BusinessRecord> & { name: string; placeId: string | null }): BusinessRecord {
  return {
    category: "hotels", type: "Hotel", fullAddress: null, street: null, city: "Zürich", postalCode: null,
    country: "Switzerland", countryCode: "CH", phone: null, latitude: 47.37, longitude: 8.54, rating: 4.5,
    reviews: 10, reviewsLink: null, photo: null, logo: null, locatedIn: null, workingHours: null, verified: true,
    about: null, timeZone: "Europe/Zurich", url: null, ...overrides,
  };
}

async function summary() {
  const categories = await env.DB.prepare(`SELECT slug, name, business_count, country_count FROM categories ORDER BY slug`).all();
  const countries = await env.DB.prepare(`SELECT code, business_count, city_count, category_count FROM countries ORDER BY code`).all();
  const cities = await env.DB.prepare(`SELECT country_code, slug, name, business_count, category_count FROM cities ORDER BY slug`).all();
  return { categories: categories.results, countries: countries.results, cities: cities.results, totals: await getDirectoryTotals(env.DB) };
}

describe("summary tables kept by triggers", () => {
  it("count approved businesses per category, country and city as they are written, changed and removed", async () => {
    await upsertBusinesses(env.DB, [
      toBusinessRow(record({ name: "Hotel Storchen", placeId: "p1" })),
      toBusinessRow(record({ name: "The Dolder Grand", placeId: "p2" })),
      toBusinessRow(record({ name: "Zeughauskeller", placeId: "p3", type: "Restaurant", category: "restaurants" })),
      toBusinessRow(record({ name: "Hotel Kloten", placeId: "p4", city: "Kloten" })),
      toBusinessRow(record({ name: "Grand Hôtel Paris", placeId: "p5", city: "Paris", country: "France", countryCode: "FR" })),
    ]);
    let s = await summary();
    expect(s.totals).toMatchObject({ businessCount: 5, allBusinessCount: 5, categoryCount: 2, countryCount: 2, cityCount: 3 });
    expect(s.categories).toEqual([
      { slug: "hotel", name: "Hotel", business_count: 4, country_count: 2 },
      { slug: "restaurant", name: "Restaurant", business_count: 1, country_count: 1 },
    ]);
    expect(s.cities).toContainEqual({ country_code: "CH", slug: "zurich", name: "Zürich", business_count: 3, category_count: 2 });
    expect(s.countries).toContainEqual({ code: "CH", business_count: 4, city_count: 2, category_count: 2 });

    // Re-importing the same place ids adds nothing.
    await upsertBusinesses(env.DB, [toBusinessRow(record({ name: "Hotel Storchen Zürich", placeId: "p1" }))]);
    expect((await summary()).totals.businessCount).toBe(5);

    // Unapproving takes a business out of every count; approving puts it back.
    await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE place_id = 'p3'`).run();
    s = await summary();
    expect(s.totals).toMatchObject({ businessCount: 4, allBusinessCount: 5, categoryCount: 1 });
    expect(s.cities).toContainEqual({ country_code: "CH", slug: "zurich", name: "Zürich", business_count: 2, category_count: 1 });

    // Moving a business to another city moves its count; an emptied city disappears.
    await env.DB.prepare(`UPDATE businesses SET city = 'Zürich', city_slug = 'zurich' WHERE place_id = 'p4'`).run();
    s = await summary();
    expect(s.cities.map((c) => c.slug)).toEqual(["paris", "zurich"]);
    expect(s.countries).toContainEqual({ code: "CH", business_count: 3, city_count: 1, category_count: 1 });

    await env.DB.prepare(`DELETE FROM businesses`).run();
    s = await summary();
    expect(s.totals).toMatchObject({ businessCount: 0, allBusinessCount: 0, categoryCount: 0, countryCount: 0, cityCount: 0 });
    expect(s.categories).toEqual([]);
    expect(s.cities).toEqual([]);
  });

  it("count a bulk write exactly as row-by-row writes would, re-imports included", async () => {
    // Row by row: one business at a time through the triggers.
    await upsertBusinesses(env.DB, [toBusinessRow(record({ name: "Hotel Storchen", placeId: "b1" }))]);
    await upsertBusinesses(env.DB, [toBusinessRow(record({ name: "Baur au Lac", placeId: "b2" }))]);
    await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE place_id = 'b2'`).run();
    // One bulk batch: new businesses in new and known keys, two spellings of one new city
    // (the first names it), and a re-import that moves a known business to another category.
    const cities = ["Basel", "Bern", "Genève", "Geneve", "Lugano"];
    const categories = [["hotels", "Hotel"], ["restaurants", "Restaurant"], ["cafes", "Café"]] as const;
    const rows = Array.from({ length: 60 }, (_, i) => {
      const [category, type] = categories[i % categories.length]!;
      return toBusinessRow(record({ name: `Business ${i}`, placeId: `n${i}`, city: cities[i % cities.length]!, category, type }));
    });
    rows.push(toBusinessRow(record({ name: "Hotel Storchen", placeId: "b1", type: "Restaurant", category: "restaurants" })));
    rows.push(toBusinessRow(record({ name: "Grand Hôtel", placeId: "n-fr", city: "Paris", country: "France", countryCode: "FR" })));
    await upsertBusinesses(env.DB, rows);

    const recount = async (sql: string) => (await env.DB.prepare(sql).all()).results;
    const approved = `FROM businesses WHERE is_approved = 1`;
    expect(await recount(`SELECT slug, business_count FROM categories ORDER BY slug`)).toEqual(
      await recount(`SELECT category_slug AS slug, count(*) AS business_count ${approved} GROUP BY 1 ORDER BY 1`));
    expect(await recount(`SELECT code, business_count, city_count, category_count FROM countries ORDER BY code`)).toEqual(
      await recount(`SELECT country_code AS code, count(*) AS business_count, count(DISTINCT city_slug) AS city_count,
                            count(DISTINCT category_slug) AS category_count ${approved} GROUP BY 1 ORDER BY 1`));
    expect(await recount(`SELECT country_code, slug, business_count, category_count FROM cities ORDER BY 1, 2`)).toEqual(
      await recount(`SELECT country_code, city_slug AS slug, count(*) AS business_count, count(DISTINCT category_slug) AS category_count
                     ${approved} GROUP BY 1, 2 ORDER BY 1, 2`));
    expect(await recount(`SELECT category_slug, country_code, business_count FROM category_country_counts ORDER BY 1, 2`)).toEqual(
      await recount(`SELECT category_slug, country_code, count(*) AS business_count ${approved} GROUP BY 1, 2 ORDER BY 1, 2`));
    expect(await recount(`SELECT country_code, city_slug, category_slug, business_count FROM city_category_counts ORDER BY 1, 2, 3`)).toEqual(
      await recount(`SELECT country_code, city_slug, category_slug, count(*) AS business_count ${approved} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`));
    const s = await summary();
    expect(s.totals).toMatchObject({ businessCount: 62, allBusinessCount: 63, categoryCount: 3, countryCount: 2, cityCount: 6 });
    expect(s.categories).toContainEqual({ slug: "cafe", name: "Café", business_count: 20, country_count: 1 });
    expect(s.cities).toContainEqual({ country_code: "CH", slug: "geneve", name: "Genève", business_count: 24, category_count: 3 });
    // The re-imported hotel is now Zürich's only approved business, as a restaurant.
    expect(s.cities).toContainEqual({ country_code: "CH", slug: "zurich", name: "Zürich", business_count: 1, category_count: 1 });
    await env.DB.prepare(`DELETE FROM businesses`).run();
    expect((await summary()).totals).toMatchObject({ businessCount: 0, allBusinessCount: 0, categoryCount: 0, countryCount: 0, cityCount: 0 });
  });

  it("count a bulk write with work proportional to the batch, not to the directory", async () => {
    const existing = Array.from({ length: 3000 }, (_, i) => toBusinessRow(record({ name: `Existing ${i}`, placeId: `e${i}`, city: `City ${i % 40}` })));
    for (let i = 0; i < existing.length; i += 500) await upsertBusinesses(env.DB, existing.slice(i, i + 500));
    const batch = Array.from({ length: 10 }, (_, i) => toBusinessRow(record({ name: `New ${i}`, placeId: `x${i}`, city: `City ${i}` })));
    const results = await env.DB.batch(upsertBusinessesStatements(env.DB, batch));
    // The upsert with its triggers: the summary rows of 10 businesses and their map tiles at 8
    // zooms and cities, never a category's index.
    const read = results.reduce((sum, r) => sum + (r.meta.rows_read ?? 0), 0);
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(600);
    expect((await summary()).totals.businessCount).toBe(3010);
    await env.DB.prepare(`DELETE FROM businesses`).run();
  });

  it("keeps the full-text index in step, accent-insensitively", async () => {
    await upsertBusinesses(env.DB, [
      toBusinessRow(record({ name: "Weisses Rössli", placeId: "s1" })),
      toBusinessRow(record({ name: "Bistrot à Paris", placeId: "s2", city: "Paris", countryCode: "FR", country: "France" })),
    ]);
    const search = (q: string) =>
      env.DB.prepare(`SELECT b.name FROM businesses_fts f JOIN businesses b ON b.id = f.rowid WHERE businesses_fts MATCH ?1 ORDER BY b.name`)
        .bind(q).all<{ name: string }>().then((r) => r.results.map((x) => x.name));
    expect(await search("rossli")).toEqual(["Weisses Rössli"]);
    expect(await search("zurich")).toEqual(["Weisses Rössli"]);
    await env.DB.prepare(`UPDATE businesses SET name = 'Rössli Bar' WHERE place_id = 's1'`).run();
    expect(await search("weisses")).toEqual([]);
    expect(await search("bar")).toEqual(["Rössli Bar"]);
    await env.DB.prepare(`DELETE FROM businesses WHERE place_id = 's2'`).run();
    expect(await search("paris")).toEqual([]);
  });

  it("names a category or city by the first mixed-case spelling to join it where the kept one is in one case, in bulk and row by row", async () => {
    const turkish = { country: "Turkey", countryCode: "TR", timeZone: "Europe/Istanbul" };
    const cityName = async (slug: string) =>
      (await env.DB.prepare(`SELECT name FROM cities WHERE country_code = 'TR' AND slug = ?1`).bind(slug).first<{ name: string }>())?.name;
    const categoryName = async (slug: string) => (await env.DB.prepare(`SELECT name FROM categories WHERE slug = ?1`).bind(slug).first<{ name: string }>())?.name;
    // One bulk write: the first spelling is in capitals, a later one in mixed case.
    await upsertBusinesses(env.DB, [
      toBusinessRow(record({ name: "Pera Palace", placeId: "n1", city: "ISTANBUL", type: "GUESTHOUSE", ...turkish })),
      toBusinessRow(record({ name: "Sirkeci Konak", placeId: "n2", city: "İstanbul", type: "Guesthouse", ...turkish })),
      toBusinessRow(record({ name: "Ankara Palas", placeId: "n3", city: "ANKARA", type: "guesthouse", ...turkish })),
      toBusinessRow(record({ name: "Ulus Inn", placeId: "n4", city: "ANKARA", ...turkish })),
      toBusinessRow(record({ name: "Van Inn", placeId: "n5", city: "VAN", ...turkish })),
      toBusinessRow(record({ name: "Alsancak Inn", placeId: "n6", city: "IZMIR", ...turkish })),
      toBusinessRow(record({ name: "Konak Inn", placeId: "n7", city: "IZMIR", ...turkish })),
    ]);
    expect([await cityName("istanbul"), await categoryName("guesthouse"), await cityName("ankara"), await cityName("van")]).toEqual(["İstanbul", "Guesthouse", "ANKARA", "VAN"]);
    // A later bulk write: a new business in mixed case renames a name in capitals; one case never
    // replaces a mixed-case name, nor a short name in capitals (an abbreviation).
    await upsertBusinesses(env.DB, [
      toBusinessRow(record({ name: "Galata Inn", placeId: "n8", city: "istanbul", type: "GUESTHOUSE", ...turkish })),
      toBusinessRow(record({ name: "Lake Van Hotel", placeId: "n9", city: "Van", ...turkish })),
      toBusinessRow(record({ name: "Kizilay Inn", placeId: "n10", city: "Ankara", ...turkish })),
    ]);
    expect([await cityName("istanbul"), await categoryName("guesthouse"), await cityName("van"), await cityName("ankara")]).toEqual(["İstanbul", "Guesthouse", "VAN", "Ankara"]);
    // Row by row: a re-import that spells its city in mixed case renames the entry it stays in.
    await upsertBusinesses(env.DB, [toBusinessRow(record({ name: "Konak Inn", placeId: "n7", city: "İzmir", ...turkish }))]);
    expect(await cityName("izmir")).toBe("İzmir");
    await env.DB.prepare(`DELETE FROM businesses`).run();
  });
});
