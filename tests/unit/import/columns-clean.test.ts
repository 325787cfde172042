import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvCell } from "~/lib/admin/csv";
import { cleanRow, cleanJsonCell, decodeHtmlEntities, cleanPostalCode, pythonLiteralToJson } from "~/import/clean/row";
import { KNOWN_COLUMNS, mapColumns, missingNameColumnMessage } from "~/import/clean/columns";
import { countryCodeFromAddress, deriveCountryCode } from "~/import/clean/country";

describe("column mapping", () => {
  it("matches template and export headers case- and accent-insensitively and ignores extras", () => {
    const mapping = mapColumns(["\uFEFFName", "ADDRESS", "reviewCount", "Place ID", "Látitude", "query", "email_1"]);
    expect(mapping.indexes).toMatchObject({ name: 0, full_address: 1, reviews: 2, place_id: 3, latitude: 4 });
    expect(mapping.mapped).toEqual([["name", 0], ["full_address", 1], ["reviews", 2], ["place_id", 3], ["latitude", 4]]);
    expect(mapping.extraction.extractedCount).toBe(5);
    expect(mapping.extraction.missing).toHaveLength(KNOWN_COLUMNS.length - 5);
    expect(mapping.extraction.extractionRate).toBe(21.7);
  });

  it("counts out of 23 known columns and maps site to the url", () => {
    expect(KNOWN_COLUMNS).toHaveLength(23);
    const mapping = mapColumns(["name", "site"]);
    const row = cleanRow(["Hotel", "https://hotel.example"], mapping);
    expect(row.ok && row.record.url).toBe("https://hotel.example");
  });

  it("refuses a sheet without a name column", () => {
    expect(missingNameColumnMessage(mapColumns(["title", "address"]))).toContain("name");
    expect(missingNameColumnMessage(mapColumns(["name"]))).toBeNull();
  });
});

describe("value cleaning", () => {
  const mapping = mapColumns(["name", "postal_code", "verified", "reviews", "latitude", "longitude", "working_hours", "about", "country", "full_address", "city"]);

  it("cleans the values real exports carry", () => {
    const row = cleanRow(
      ["  Weisses\nRössli ", "90744.0", "True", "56.0", "47.36", "8.53", "{'Monday': 'Closed', 'Tuesday': '9AM-5PM'}", "None", "Switzerland", "x", "None"],
      mapping,
    );
    expect(row.ok).toBe(true);
    if (!row.ok) return;
    expect(row.record).toMatchObject({
      name: "Weisses Rössli",
      postalCode: "90744",
      verified: true,
      reviews: 56,
      latitude: 47.36,
      about: null,
      city: null,
      countryCode: "CH",
    });
    expect(JSON.parse(row.record.workingHours!)).toEqual({ Monday: "Closed", Tuesday: "9AM-5PM" });
  });

  it("composes text typed decomposed (NFD) in every script, and leaves composed text as it is", () => {
    const composed = ["Café Zürich", "", "", "", "", "", "", "", "España", "Ñandú 1, Straße 2", "서울"];
    const row = cleanRow(composed.map((cell) => cell.normalize("NFD")), mapping);
    expect(row.ok && [row.record.name, row.record.country, row.record.fullAddress, row.record.city]).toEqual(["Café Zürich", "España", "Ñandú 1, Straße 2", "서울"]);
    const same = cleanRow(["\uFEFFÅngström Hôtel", "", "", "", "", "", "", "", "NULL"], mapping);
    expect(same.ok && [same.record.name, same.record.country]).toEqual(["Ångström Hôtel", null]);
  });

  it("skips a row with impossible coordinates, broken JSON or no name, with the reason", () => {
    expect(cleanRow(["A", "", "", "", "95", "10"], mapping)).toMatchObject({ ok: false, reason: expect.stringContaining("koordinat") });
    expect(cleanRow(["A", "", "", "", "1", "1", '{"Monday": '], mapping)).toMatchObject({ ok: false, reason: expect.stringContaining("working_hours") });
    expect(cleanRow(["None"], mapping)).toMatchObject({ ok: false, reason: "işletme adı boş" });
  });

  it("drops soft hyphens and word joiners from names and places, keeping the marks a script needs", () => {
    const places = mapColumns(["name", "city", "category"]);
    const row = cleanRow(["Hotel Baur\u2060 au Lac", "Zü\u00ADrich", "\u2060Hotel\uFEFF"], places);
    expect(row).toMatchObject({ ok: true, record: { name: "Hotel Baur au Lac", city: "Zürich", category: "Hotel" } });
    // A soft hyphen alone is no city; a Persian name keeps its zero-width non-joiner, a Thai one
    // the zero-width space between its words.
    expect(cleanRow(["A", "\u00AD", ""], places)).toMatchObject({ ok: true, record: { city: null } });
    expect(cleanRow(["هتل می\u200Cخانه", "", ""], places)).toMatchObject({ ok: true, record: { name: "هتل می\u200Cخانه" } });
    expect(cleanRow(["โรงแรม\u200Bสยาม", "", ""], places)).toMatchObject({ ok: true, record: { name: "โรงแรม\u200Bสยาม" } });
  });

  it("leaves empty a type, category, city or country with no letter or digit, which would file the business nowhere", () => {
    const places = mapColumns(["name", "type", "category", "city", "country"]);
    const row = cleanRow(["Otel Çınar", "!!!", "Hotel", "-", "&"], places);
    expect(row).toMatchObject({ ok: true, record: { type: null, category: "Hotel", city: null, country: null } });
    // A name needs no letter ("24/7" names a shop), and a one-letter place is a place (Å, Norway).
    expect(cleanRow(["24/7", "", "", "Å", "Norway"], places)).toMatchObject({ ok: true, record: { name: "24/7", city: "Å" } });
  });

  it("keeps no point for a row placed at 0, 0 (a failed geocode), which would pin it in the Gulf of Guinea", () => {
    const point = (latitude: string, longitude: string) => {
      const row = cleanRow(["A", "", "", "", latitude, longitude], mapping);
      return row.ok ? [row.record.latitude, row.record.longitude] : row.reason;
    };
    expect(point("0", "0")).toEqual([null, null]);
    expect(point("0.0", "-0")).toEqual([null, null]);
    // On the equator or the prime meridian alone is a real place (Quito's latitude is -0.18; Greenwich's longitude 0).
    expect(point("0", "-78.47")).toEqual([0, -78.47]);
    expect(point("51.48", "0")).toEqual([51.48, 0]);
  });

  it("reads review counts written with thousands separators, and refuses one it cannot read", () => {
    const reviews = (value: unknown) => {
      const row = cleanRow(["A", "", "", value], mapping);
      return row.ok ? row.record.reviews : row.reason;
    };
    expect(["1,234", "1.234", "1 234", "1'234", "1,234,567", 1234, "1234.0", "56", ""].map(reviews)).toEqual([1234, 1234, 1234, 1234, 1234567, 1234, 1234, 56, 0]);
    expect(reviews("many")).toBe("yorum sayısı (reviews) sayı değil");
    expect(reviews("-3")).toBe("yorum sayısı (reviews) sayı değil");
  });

  it("refuses a row whose cells run past the header (an unquoted comma shifted them), an Excel error value, or an absurd name", () => {
    const header = mapColumns(["name", "full_address", "phone", "place_id", "", ""]);
    expect(header.headerCount).toBe(4);
    expect(cleanRow(["Cafe", "1 Main St", "+1 555", "ChIJ1", "", ""], header).ok).toBe(true);
    expect(cleanRow(["Cafe", "1 Main St", " Springfield", "+1 555", "ChIJ1"], header)).toMatchObject({
      ok: false,
      reason: "satırda başlıktaki 4 sütundan fazla dolu hücre var (tırnak içine alınmamış bir virgül olabilir)",
    });
    expect(cleanRow(["Cafe", "1 Main St", "#REF!", "ChIJ1"], header)).toMatchObject({ ok: false, reason: "phone hücresinde Excel hatası #REF!" });
    expect(cleanRow(["Cafe", "#N/A"], header)).toMatchObject({ ok: false, reason: "full_address hücresinde Excel hatası #N/A" });
    expect(cleanRow(["x".repeat(501)], header)).toMatchObject({ ok: false, reason: "işletme adı 500 karakterden uzun" });
    expect(cleanRow(["x".repeat(500)], header).ok).toBe(true);
  });

  it("reads names and places a scraper left HTML-escaped as a visitor reads them, one level deep, but not hours JSON", () => {
    const header = mapColumns(["name", "city", "category", "working_hours"]);
    const row = cleanRow(["Tom &amp; Jerry&#39;s Caf&#xE9; &lt;3", "L&#x27;Aquila", "Bar &amp;amp; Grill", '{"Monday": "9&amp;5"}'], header);
    expect(row.ok && [row.record.name, row.record.city, row.record.category, row.record.workingHours]).toEqual([
      "Tom & Jerry's Café <3",
      "L'Aquila",
      "Bar &amp; Grill",
      '{"Monday":"9&amp;5"}',
    ]);
    expect(decodeHtmlEntities("AT&T &nosuch; &#0; &#xD800;")).toBe("AT&T &nosuch; &#0; &#xD800;");
  });

  it("reads a repeated column where the first of its name is empty", () => {
    const header = mapColumns(["name", "phone", "address", "phone", "full_address"]);
    const row = cleanRow(["Cafe", "", "Main St 1", "+1 222", "Main Street 1, Springfield"], header);
    expect(row.ok && { phone: row.record.phone, fullAddress: row.record.fullAddress }).toEqual({ phone: "+1 222", fullAddress: "Main St 1" });
  });

  it("keeps plain-text hours and reads Python-literal dicts with apostrophes and repr()'s escapes", () => {
    expect(cleanJsonCell("Mo-Fr 9-17")).toEqual({ ok: true, value: "Mo-Fr 9-17" });
    expect(JSON.parse(pythonLiteralToJson(`{'Offerings': {"Kids' menu": True, 'Bar': None}}`))).toEqual({ Offerings: { "Kids' menu": true, Bar: null } });
    // repr()'s escapes: Google's hours put U+202F before AM/PM, which repr() writes as \u202f.
    const repr = String.raw`{'Monday': ['9\u202fAM–5\u202fPM'], 'Note': 'Line1\nLine2', 'x': 'caf\xe9 \U0001f600', 'q': 'it\'s \\ \d'}`;
    const decoded = { Monday: ["9\u202fAM–5\u202fPM"], Note: "Line1\nLine2", x: "café 😀", q: "it's \\ \\d" };
    expect(cleanJsonCell(repr)).toEqual({ ok: true, value: JSON.stringify(decoded) });
    expect(cleanPostalCode("1114")).toBe("1114");
  });

  it("keeps only http(s) links in site, photo, logo and reviews_link, still importing the business", () => {
    const mapping = mapColumns(["name", "site", "photo", "logo", "reviews_link"]);
    const evil = cleanRow(["Hotel", "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "java\tscript:alert(1)", "www.reviews.example"], mapping);
    expect(evil).toMatchObject({ ok: true, record: { name: "Hotel", url: null, photo: null, logo: null, reviewsLink: null } });
    const fine = cleanRow(["Hotel", "http://hotel.example", "https://img.example/p.jpg", "https://img.example/l.png", "https://maps.example/r"], mapping);
    expect(fine).toMatchObject({ ok: true, record: { url: "http://hotel.example", photo: "https://img.example/p.jpg", logo: "https://img.example/l.png", reviewsLink: "https://maps.example/r" } });
  });

  it("takes the export's formula guard off every text cell, so an exported file re-imports as it was exported", () => {
    const mapping = mapColumns(["name", "phone", "full_address", "category", "longitude"]);
    const values = ["@Home Café", "+49 211 2355002", "=Ring 1, Köln", "-Bar-", "-6.26"];
    const exported = values.map((v) => Papa.parse<string[]>(csvCell(v)).data[0]![0]!);
    expect(exported).toEqual(["'@Home Café", "'+49 211 2355002", "'=Ring 1, Köln", "'-Bar-", "'-6.26"]);
    expect(cleanRow(exported, mapping)).toMatchObject({ ok: true, record: { name: "@Home Café", phone: "+49 211 2355002", fullAddress: "=Ring 1, Köln", category: "-Bar-", longitude: -6.26 } });
    // Only the guard's apostrophe: another leading one is text.
    expect(cleanRow(["'Tis Inn", "'s-Hertogenbosch"], mapColumns(["name", "city"]))).toMatchObject({ ok: true, record: { name: "'Tis Inn", city: "'s-Hertogenbosch" } });
  });
});

describe("country code derivation", () => {
  it("derives the code from the country name or the address when the column is missing", () => {
    expect(deriveCountryCode({ countryCode: null, country: "Philippines", fullAddress: null })).toBe("PH");
    expect(deriveCountryCode({ countryCode: "ch", country: null, fullAddress: null })).toBe("CH");
    expect(countryCodeFromAddress("Bederstrasse 96, 8002 Zürich, Switzerland")).toBe("CH");
    expect(deriveCountryCode({ countryCode: null, country: "Türkiye", fullAddress: null })).toBe("TR");
    expect(deriveCountryCode({ countryCode: null, country: "Deutschland", fullAddress: null })).toBe("DE");
    expect(deriveCountryCode({ countryCode: null, country: "Atlantis", fullAddress: "Somewhere" })).toBeNull();
  });
});
