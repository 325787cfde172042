import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { countryName } from "~/lib/directory/format";
import { slugify } from "~/lib/business/slug";

import { listCountries } from "~/models/country.server";
import { SEARCH_CANDIDATES, searchBusinesses } from "~/models/search.server";
import { insert, record } from "./support/public-fixtures";
import { measuringDb } from "./support/rows-read";
import { whileTableUnreadable } from "./support/broken-database";

beforeAll(async () => {
  await insert(
    record({ name: "Hotel Zürichberg", placeId: "s-1", rating: 4.6 }),
    record({ name: "Café Schober", placeId: "s-2", type: "Cafe", category: "Café" }),
    record({ name: "Grand Hôtel du Louvre", placeId: "s-3", city: "Paris", country: "France", countryCode: "FR", fullAddress: "Place André Malraux, Paris" }),
    record({ name: "Paris Hotel", placeId: "s-4", city: "Paris", country: "United States", countryCode: "US", fullAddress: "Paris, Texas" }),
    record({ name: "Hotel Hidden Gem", placeId: "s-5" }),
    record({ name: "Zurich Grand Apartments", placeId: "s-6", type: "Apartment", category: "Apartment" }),
    record({ name: "Otel Çınar", placeId: "s-7", city: "İstanbul", country: "Türkiye", countryCode: "TR", fullAddress: "Yeşilköy, İstanbul" }),
    record({ name: "होटल ताज", placeId: "s-8", city: "Mumbai", country: "India", countryCode: "IN", fullAddress: "Apollo Bandar, Mumbai" }),
  );
  await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE place_id = 's-5'`).run();
});

const names = (r: Awaited<ReturnType<typeof searchBusinesses>>) => r.businesses.map((b) => b.name);

describe("country search", () => {
  it("finds a country typed in capitals or without its accents", async () => {
    const name = countryName("TR");
    for (const q of [name.toLocaleUpperCase("tr"), slugify(name)]) {
      expect((await listCountries(env.DB, { q, page: 1 })).countries.map((c) => c.countryCode), q).toEqual(["TR"]);
    }
  });
});

describe("search", () => {
  it("finds words with or without accents, by prefix of the last word, ranking name matches first", async () => {
    expect(names(await searchBusinesses(env.DB, { q: "zurich", page: 1 }))).toEqual(expect.arrayContaining(["Hotel Zürichberg", "Zurich Grand Apartments"]));
    expect(names(await searchBusinesses(env.DB, { q: "cafe schob", page: 1 }))).toEqual(["Café Schober"]);
    expect(names(await searchBusinesses(env.DB, { q: "HÔTEL louvre", page: 1 }))).toEqual(["Grand Hôtel du Louvre"]);
    // "Zurich Grand Apartments" has the word in its name and its city; the name weighs most.
    const zurich = names(await searchBusinesses(env.DB, { q: "zurich grand", page: 1 }));
    expect(zurich[0]).toBe("Zurich Grand Apartments");
    // Words keep their marks: a Turkish capital İ, a Devanagari vowel sign.
    for (const q of ["İstanbul", "istanbul", "İSTANBUL"]) expect(names(await searchBusinesses(env.DB, { q, page: 1 })), q).toEqual(["Otel Çınar"]);
    expect(names(await searchBusinesses(env.DB, { q: "होटल", page: 1 }))).toEqual(["होटल ताज"]);
  });

  it("shows approved businesses only and treats FTS syntax in the text as plain words", async () => {
    expect(names(await searchBusinesses(env.DB, { q: "hidden gem", page: 1 }))).toEqual([]);
    const zurich = names(await searchBusinesses(env.DB, { q: "zurich", page: 1 }));
    expect(zurich.length).toBeGreaterThan(0);
    for (const q of [`"zurich`, `zurich*`, `(zurich)`, `-zurich`, `^zurich`, `zurich:`, `NEAR(zurich`]) {
      expect(names(await searchBusinesses(env.DB, { q, page: 1 })), q).toEqual(zurich);
    }
    // Operators and column filters are words like any other ("near" a filler word, as in "hotel
    // near the station"): no business holds "or", "and" or "name", so none holds all the words.
    for (const q of [`"`, `*`]) expect(names(await searchBusinesses(env.DB, { q, page: 1 })), q).toEqual([]);
    for (const q of [`zurich OR`, `name:zurich`, `zurich - NOT (`, `{name} zurich`]) {
      const results = await searchBusinesses(env.DB, { q, page: 1 });
      expect(results.someWordsOnly, q).toBe(true);
      expect(names(results).sort(), q).toEqual([...zurich].sort());
    }
  });

  it("shows the total on a page past the last one, with no businesses, and the page answers 404", async () => {
    const first = await searchBusinesses(env.DB, { q: "zurich", page: 1 });
    expect(first.totalCount).toBeGreaterThan(0);
    const past = await searchBusinesses(env.DB, { q: "zurich", page: 7 });
    expect(past).toMatchObject({ businesses: [], totalCount: first.totalCount, moreThanCounted: false, currentPage: 7, totalPages: 1 });
    // The page itself is no page ("Showing 0–0 of 3" under its own address): 404, with a link to page 1.
    const answer = await SELF.fetch("https://example.com/search?q=zurich&location=Z%C3%BCrich&page=7", { redirect: "manual" });
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain("Page Not Found");
    expect((await SELF.fetch("https://example.com/search?q=no-such-word-at-all", { redirect: "manual" })).status).toBe(200);
  });

  it("narrows by location: a country name or code, a city, or free text", async () => {
    expect(names(await searchBusinesses(env.DB, { q: "hotel", location: "France", page: 1 }))).toEqual(["Grand Hôtel du Louvre"]);
    expect(names(await searchBusinesses(env.DB, { q: "hotel", location: "us", page: 1 }))).toEqual(["Paris Hotel"]);
    const paris = await searchBusinesses(env.DB, { q: "hotel", location: "Paris", page: 1 });
    expect(paris.location).toMatchObject({ kind: "city", slug: "paris" });
    expect(names(paris).sort()).toEqual(["Grand Hôtel du Louvre", "Paris Hotel"]);
    expect(names(await searchBusinesses(env.DB, { q: "hotel", location: "Zürich", page: 1 }))).toEqual(["Hotel Zürichberg"]);
    expect(names(await searchBusinesses(env.DB, { q: "hotel", location: "Atlantis", page: 1 }))).toEqual([]);
    for (const location of ["istanbul", "İstanbul", "İSTANBUL"]) {
      const istanbul = await searchBusinesses(env.DB, { q: "hotel", location, page: 1 });
      expect(istanbul.location, location).toMatchObject({ kind: "city", name: "İstanbul" });
      expect(names(istanbul), location).toEqual(["Otel Çınar"]);
    }
  });

  it("narrows by a city and its country typed as the box suggests, 'city, country'", async () => {
    const search = (location: string) => searchBusinesses(env.DB, { q: "hotel", location, page: 1 });
    for (const location of ["istanbul, turkey", "İstanbul, Türkiye", "Istanbul,TR"]) {
      const istanbul = await search(location);
      expect(istanbul.location, location).toMatchObject({ kind: "city", name: "İstanbul", country: { code: "TR" } });
      expect(names(istanbul), location).toEqual(["Otel Çınar"]);
    }
    // Two cities of one name: the country says which.
    expect(names(await search("Paris, France"))).toEqual(["Grand Hôtel du Louvre"]);
    expect(names(await search("paris, usa"))).toEqual(["Paris Hotel"]);
    // Not a country after the comma (a state): the city wherever it is.
    expect(names(await search("Paris, TX")).sort()).toEqual(["Grand Hôtel du Louvre", "Paris Hotel"]);
    // A place the directory has no city for: its country; a district of a city: the city.
    expect((await search("Montmartre, France")).location).toMatchObject({ kind: "country", code: "FR" });
    expect((await search("Montmartre, Paris")).location).toMatchObject({ kind: "city", slug: "paris" });
    expect(names(await search("Atlantis, Nowhere"))).toEqual([]);
    const html = await (await SELF.fetch(`https://example.com/search?q=hotel&location=${encodeURIComponent("paris, france")}`)).text();
    expect(html).toContain("Grand Hôtel du Louvre");
    expect(html).toContain("hotel in Paris, France");
  });

  it("narrows by a country whatever name a business's file gave it", async () => {
    await insert(
      record({ name: "Bosphorus Hotel Upper", placeId: "s-19", city: "Istanbul", country: "TURKEY", countryCode: "TR" }),
      record({ name: "Bosphorus Hotel Lower", placeId: "s-20", city: "Istanbul", country: "TR", countryCode: "TR" }),
      record({ name: "Stadthotel Mitte", placeId: "s-21", city: "Berlin", country: "Deutschland", countryCode: "DE" }),
      record({ name: "Bosphorus Hotel Elsewhere", placeId: "s-22", city: "Berlin", country: "Deutschland", countryCode: "DE" }),
      // The template's columns: a country code and no country name.
      record({ name: "Bosphorus Hotel Coded", placeId: "s-23", city: "Istanbul", country: null, countryCode: "TR" }),
    );
    for (const location of ["TR", "Turkey", "Türkiye"]) {
      expect(names(await searchBusinesses(env.DB, { q: "bosphorus", location, page: 1 })).sort(), location).toEqual(["Bosphorus Hotel Coded", "Bosphorus Hotel Lower", "Bosphorus Hotel Upper"]);
    }
    // Given a name later, it is found by it; its code given up, by the code no longer.
    const coded = { name: "Bosphorus Hotel Coded", placeId: "s-23", city: "Istanbul" };
    await insert(record({ ...coded, country: "Turkey", countryCode: "TR" }));
    expect(names(await searchBusinesses(env.DB, { q: "coded", location: "Türkiye", page: 1 }))).toEqual(["Bosphorus Hotel Coded"]);
    await insert(record({ ...coded, country: null, countryCode: "DE" }));
    expect(names(await searchBusinesses(env.DB, { q: "coded", location: "Türkiye", page: 1 }))).toEqual([]);
    expect(names(await searchBusinesses(env.DB, { q: "coded", location: "Germany", page: 1 }))).toEqual(["Bosphorus Hotel Coded"]);
    expect(names(await searchBusinesses(env.DB, { q: "stadthotel", location: "Germany", page: 1 }))).toEqual(["Stadthotel Mitte"]);
  });

  it("finds a business whose file wrote its country in a language the site does not know, in that country and by its name", async () => {
    await insert(
      record({ name: "Matterhorn Focus", placeId: "s-60", type: "Lodge", category: "Lodges", city: "Zermatt", country: "Sveitsi", countryCode: "CH" }),
      record({ name: "Matterhorn View", placeId: "s-61", type: "Lodge", category: "Lodges", city: "Zermatt", country: "Schweiz", countryCode: "CH" }),
      record({ name: "Matterhorn Helsinki", placeId: "s-62", type: "Lodge", category: "Lodges", city: "Helsinki", country: "Suomi", countryCode: "FI" }),
    );
    const found = async (q: string, location?: string) => names(await searchBusinesses(env.DB, { q, location, page: 1 })).sort();
    const swiss = ["Matterhorn Focus", "Matterhorn View"];
    for (const location of ["Switzerland", "CH", "İsviçre"]) expect(await found("matterhorn", location), location).toEqual(swiss);
    expect(await found("matterhorn switzerland")).toEqual(swiss);
    // Its own text still finds it.
    expect(await found("matterhorn sveitsi")).toEqual(["Matterhorn Focus"]);
    const stored = async () =>
      (await env.DB.prepare(`SELECT place_id, search_country_code FROM businesses WHERE place_id IN ('s-60', 's-61', 's-62') ORDER BY place_id`).all()).results;
    expect(await stored()).toEqual([
      { place_id: "s-60", search_country_code: "CH" },
      { place_id: "s-61", search_country_code: null },
      { place_id: "s-62", search_country_code: null },
    ]);
    // Imported again under a name the site knows: the code is no longer stored beside it, and the text finds it.
    await insert(record({ name: "Matterhorn Focus", placeId: "s-60", type: "Lodge", category: "Lodges", city: "Zermatt", country: "Suisse", countryCode: "CH" }));
    expect((await stored())[0]).toEqual({ place_id: "s-60", search_country_code: null });
    expect(await found("matterhorn", "Switzerland")).toEqual(swiss);
    expect(await found("sveitsi")).toEqual([]);
  });

  it("finds a country typed among the words under whatever name a business's file gave it", async () => {
    await insert(
      record({ name: "Kakum Rainforest Lodge", placeId: "s-40", type: "Lodge", category: "Lodges", city: "Cape Coast", country: null, countryCode: "GH" }),
      record({ name: "Labadi Beach Lodge", placeId: "s-41", type: "Lodge", category: "Lodges", city: "Accra", country: "Gana", countryCode: "GH" }),
      record({ name: "Lodge Ghana Street", placeId: "s-42", type: "Lodge", category: "Lodges", city: "London", country: "United Kingdom", countryCode: "GB" }),
      record({ name: "Kaiser Lodge", placeId: "s-43", type: "Lodge", category: "Lodges", city: "Wien", country: "Österreich", countryCode: "AT" }),
      record({ name: "Kruger Gate Lodge", placeId: "s-44", type: "Lodge", category: "Lodges", city: "Skukuza", country: null, countryCode: "ZA" }),
      record({ name: "South Coast Lodge", placeId: "s-45", type: "Lodge", category: "Lodges", city: "Cork", country: "Ireland", countryCode: "IE" }),
    );
    const found = async (q: string) => names(await searchBusinesses(env.DB, { q, page: 1 }));
    // The word in the name ranks first; then the lodges in Ghana, by code or by a Spanish name.
    expect(await found("lodge ghana")).toEqual(["Lodge Ghana Street", "Labadi Beach Lodge", "Kakum Rainforest Lodge"]);
    expect((await found("lodges in ghana")).slice(1).sort()).toEqual(["Kakum Rainforest Lodge", "Labadi Beach Lodge"]);
    expect(await found("lodge austria")).toEqual(["Kaiser Lodge"]);
    expect(await found("lodge avusturya")).toEqual(["Kaiser Lodge"]);
    // A name of several words, typed as one.
    expect(await found("lodges in south africa")).toEqual(["Kruger Gate Lodge"]);
    expect(await found("south lodge")).toEqual(["South Coast Lodge"]);
    // A word naming no country is searched as before.
    expect(await found("lodge accra")).toEqual(["Labadi Beach Lodge"]);
  });

  it("ranks a business found by its country code as one whose file wrote the code as its country", async () => {
    await insert(
      record({ name: "Kervansaray Inn", placeId: "s-25", type: "Caravanserai", category: null, city: "Kars", country: "TR", countryCode: "TR" }),
      record({ name: "Kervansaray Lodge", placeId: "s-26", type: "Caravanserai", category: null, city: "Kars", country: null, countryCode: "TR" }),
    );
    // Both hold the code "TR" in the index's country column: equal, the newer first.
    expect(names(await searchBusinesses(env.DB, { q: "kervansaray tr", page: 1 }))).toEqual(["Kervansaray Lodge", "Kervansaray Inn"]);
  });

  it("finds a word written with an apostrophe with or without it, and forgets a name once changed or deleted", async () => {
    await insert(
      record({ name: "Albergo Duomo", placeId: "s-11", city: "L'Aquila", country: "Italy", countryCode: "IT", fullAddress: "Piazza Duomo, L'Aquila" }),
      record({ name: "McDonald’s Drive", placeId: "s-12", type: "Fast food restaurant", category: "Fast food restaurant" }),
    );
    for (const q of ["laquila", "L'Aquila", "aquila", "l’aquila"]) expect(names(await searchBusinesses(env.DB, { q, page: 1 })), q).toEqual(["Albergo Duomo"]);
    for (const location of ["laquila", "L'Aquila"]) {
      expect(names(await searchBusinesses(env.DB, { q: "albergo", location, page: 1 })), location).toEqual(["Albergo Duomo"]);
    }
    for (const q of ["mcdonalds", "McDonald's", "mcdonald", "mcdon"]) expect(names(await searchBusinesses(env.DB, { q, page: 1 })), q).toEqual(["McDonald’s Drive"]);
    // The index entries follow the row: a renamed business is no longer found by its old name.
    await insert(record({ name: "Burger Drive", placeId: "s-12", type: "Fast food restaurant", category: "Fast food restaurant" }));
    expect(names(await searchBusinesses(env.DB, { q: "mcdonalds", page: 1 }))).toEqual([]);
    expect(names(await searchBusinesses(env.DB, { q: "burger drive", page: 1 }))).toEqual(["Burger Drive"]);
    await env.DB.prepare(`DELETE FROM businesses WHERE place_id = 's-11'`).run();
    expect(names(await searchBusinesses(env.DB, { q: "laquila", page: 1 }))).toEqual([]);
    const { results } = await env.DB.prepare(`SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH '"laquila" OR "aquila"'`).all();
    expect(results).toEqual([]);
  });

  it("finds letters as visitors type them: dotless ı, ß, ø, Greek and Cyrillic accents, a capital Σ", async () => {
    await insert(
      record({ name: "Işık Pansiyon", placeId: "s-14", city: "ıstanbul", country: "Türkiye", countryCode: "TR" }),
      record({ name: "Hotel Straße Tromsø", placeId: "s-15", city: "Tromsø", country: "Norway", countryCode: "NO" }),
      record({ name: "Ξενοδοχείο Ακρόπολις", placeId: "s-16", city: "Αθήνα", country: "Greece", countryCode: "GR" }),
      record({ name: "ΞΕΝΟΔΟΧΕΙΟ ΟΔΥΣΣΕΥΣ", placeId: "s-17", city: "ΑΘΗΝΑ", country: "Greece", countryCode: "GR" }),
      record({ name: "Хостел Ёжик", placeId: "s-18", city: "Москва", country: "Russia", countryCode: "RU" }),
    );
    for (const q of ["isik", "ışık", "IŞIK", "Işık", "ISIK"]) expect(names(await searchBusinesses(env.DB, { q, page: 1 })), q).toEqual(["Işık Pansiyon"]);
    for (const q of ["strasse", "straße", "tromso", "TROMSØ"]) expect(names(await searchBusinesses(env.DB, { q, page: 1 })), q).toEqual(["Hotel Straße Tromsø"]);
    for (const q of ["ακροπολις", "ΑΚΡΟΠΟΛΙΣ", "Ακρόπολις"]) expect(names(await searchBusinesses(env.DB, { q, page: 1 })), q).toEqual(["Ξενοδοχείο Ακρόπολις"]);
    for (const q of ["Οδυσσεύς", "οδυσσευς", "ΟΔΥΣΣΕΥΣ"]) expect(names(await searchBusinesses(env.DB, { q, page: 1 })), q).toEqual(["ΞΕΝΟΔΟΧΕΙΟ ΟΔΥΣΣΕΥΣ"]);
    for (const q of ["ежик", "Ёжик"]) expect(names(await searchBusinesses(env.DB, { q, page: 1 })), q).toEqual(["Хостел Ёжик"]);
    // A city spelled two ways is one location: both Athens hotels, the İstanbul one under "istanbul".
    expect(names(await searchBusinesses(env.DB, { q: "ξενοδοχειο", location: "Αθήνα", page: 1 })).sort()).toEqual(["ΞΕΝΟΔΟΧΕΙΟ ΟΔΥΣΣΕΥΣ", "Ξενοδοχείο Ακρόπολις"]);
    expect(names(await searchBusinesses(env.DB, { q: "pansiyon", location: "istanbul", page: 1 }))).toEqual(["Işık Pansiyon"]);
  });

  it("takes a word's singular or plural, leaves out filler words, and falls back to some of the words", async () => {
    await insert(
      record({ name: "Sunset Beach Resort", placeId: "s-9", type: "Resort Hotel", category: "Resort hotels", city: "Antalya", country: "Türkiye", countryCode: "TR" }),
      record({ name: "Storchen", placeId: "s-10", type: null, category: "hotels" }),
    );
    // The home page's quick-fill chips say "Beach Resorts"; the business says "Beach Resort".
    expect(names(await searchBusinesses(env.DB, { q: "Beach Resorts", page: 1 }))).toEqual(["Sunset Beach Resort"]);
    expect(names(await searchBusinesses(env.DB, { q: "resorts", page: 1 }))).toEqual(["Sunset Beach Resort"]);
    // "hotel" finds a business filed under "hotels"; "in" is not required to match.
    expect(names(await searchBusinesses(env.DB, { q: "hotel", location: "Zürich", page: 1 })).sort()).toEqual(["Hotel Zürichberg", "Storchen"]);
    const inZurich = await searchBusinesses(env.DB, { q: "hotels in zurich", page: 1 });
    expect(names(inZurich).sort()).toEqual(["Hotel Zürichberg", "Storchen"]);
    expect(inZurich.someWordsOnly).toBe(false);
    // No business is "budget": the hotels, said so, rather than nothing.
    const budget = await searchBusinesses(env.DB, { q: "Budget Hotels", page: 1 });
    expect(budget.someWordsOnly).toBe(true);
    expect(names(budget)).toEqual(expect.arrayContaining(["Hotel Zürichberg", "Storchen", "Paris Hotel"]));
    expect(names(budget)).not.toContain("Café Schober");
    const page = await (await SELF.fetch("https://example.com/search?q=Budget%20Hotels")).text();
    expect(page.replaceAll("<!-- -->", "")).toContain("No business matches all of “Budget Hotels”; these match some of the words, the most matching first.");
    // Some words: the business holding more of them comes first.
    expect(names(await searchBusinesses(env.DB, { q: "sunset hotel budget", page: 1 }))[0]).toBe("Sunset Beach Resort");
    expect(await searchBusinesses(env.DB, { q: "zzzqqq budget", page: 1 })).toMatchObject({ businesses: [], someWordsOnly: false });
  });

  it("pages 20 at a time and caps the work for a very common word: rows read do not grow with the matches", async () => {
    const common = (from: number, count: number) =>
      Array.from({ length: count }, (_, k) => record({ name: `Common Hotel ${from + k}`, placeId: `common-${from + k}`, city: "Bern", fullAddress: `Street ${from + k}, Bern` }));
    const insertMany = async (records: ReturnType<typeof common>) => {
      for (let i = 0; i < records.length; i += 200) await insert(...records.slice(i, i + 200));
    };
    await insertMany(common(0, SEARCH_CANDIDATES + 100));

    const measured = measuringDb(env.DB);
    const first = await searchBusinesses(measured.db, { q: "common", page: 1 });
    expect(first.businesses.length).toBe(20);
    expect(first.moreThanCounted).toBe(true);
    expect(first.totalCount).toBe(SEARCH_CANDIDATES);
    expect(first.totalPages).toBe(SEARCH_CANDIDATES / 20);
    // Ranking and counting stop at SEARCH_CANDIDATES matches (index, join, sort of the candidates).
    expect(measured.rowsRead()).toBeLessThan(SEARCH_CANDIDATES * 6);

    // Twice as many matches: the same work.
    await insertMany(common(SEARCH_CANDIDATES + 100, SEARCH_CANDIDATES + 100));
    const again = measuringDb(env.DB);
    await searchBusinesses(again.db, { q: "common", page: 1 });
    expect(again.rowsRead()).toBeLessThanOrEqual(measured.rowsRead() + 10);

    // Some words: a rare word's older business is ranked beside 2,200 newer matches of a common one.
    const someWords = await searchBusinesses(env.DB, { q: "common sunset", page: 1 });
    expect(someWords.someWordsOnly).toBe(true);
    // "common" brought its share, 500, of its 2,200 matches: counted as more than that.
    expect(someWords).toMatchObject({ totalCount: SEARCH_CANDIDATES / 2 + 1, moreThanCounted: true });
    const listed: string[] = [];
    for (let page = 1; page <= someWords.totalPages; page++) listed.push(...names(await searchBusinesses(env.DB, { q: "common sunset", page })));
    expect(listed).toContain("Sunset Beach Resort");

    const second = await searchBusinesses(env.DB, { q: "common", page: 2 });
    expect(second.businesses.length).toBe(20);
    const firstAgain = await searchBusinesses(env.DB, { q: "common", page: 1 });
    expect(new Set([...names(firstAgain), ...names(second)]).size).toBe(40);
  });

  it("renders /search with the result count, cards, pager and an empty state", async () => {
    const html = await (await SELF.fetch("https://example.com/search?q=common&location=Bern")).text();
    expect(html).toContain("1,000+ results");
    expect(html).toContain('aria-label="Pagination"');
    expect(html).toContain("View Details");
    const none = await SELF.fetch("https://example.com/search?q=zzzqqq");
    expect(none.status).toBe(200);
    expect(await none.text()).toContain("No businesses found");
    // A search by place alone is titled by the place.
    expect(await (await SELF.fetch("https://example.com/search?location=Paris")).text()).toMatch(/<h1[^>]*>Businesses in Paris<\/h1>/);
    // A country English names with "the" gets it, in the heading and the title.
    const us = await (await SELF.fetch("https://example.com/search?q=hotel&location=us")).text();
    expect(us).toContain("in the United States");
    expect(us).toMatch(/<title>hotel in the United States/);
  });

  it("answers 500 with the spec's 'Error loading application' page when the search cannot run", async () => {
    await whileTableUnreadable("businesses_fts", async () => {
      const response = await SELF.fetch("https://example.com/search?q=hotel&_=broken");
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("Error loading application");
      expect(html).toContain('href="/"');
    });
  });
});
