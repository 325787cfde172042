import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { listCountries } from "~/models/country.server";
import { insert, record, slugOf } from "./support/public-fixtures";

// Country names as imports store them ("TR", "turkey", "TÜRKİYE") and as visitors type them. A
// country's stored name is its first business's: none of the names the tests use.
beforeAll(async () => {
  await insert(
    record({ name: "Otel Kordon", placeId: "cn-tr-1", city: "İzmir", country: "TR", countryCode: "TR", fullAddress: "Kordon, İzmir", timeZone: "Europe/Istanbul" }),
    record({ name: "Otel Boğaz", placeId: "cn-tr-2", city: "ISTANBUL", country: "turkey", countryCode: "TR", fullAddress: "Kuruçeşme, Istanbul", timeZone: "Europe/Istanbul" }),
    record({ name: "Otel Liman", placeId: "cn-tr-3", city: "Bodrum", country: "TÜRKİYE", countryCode: "TR", fullAddress: "Neyzen Tevfik, Bodrum", timeZone: "Europe/Istanbul" }),
    record({ name: "Hotel Adlon", placeId: "cn-de", city: "Berlin", country: "Germany", countryCode: "DE", fullAddress: "Unter den Linden 77, Berlin", timeZone: "Europe/Berlin" }),
    record({ name: "Hotel Arts", placeId: "cn-es", city: "Barcelona", country: "Spain", countryCode: "ES", fullAddress: "Marina 19, Barcelona", timeZone: "Europe/Madrid" }),
    record({ name: "The Savoy", placeId: "cn-gb", city: "London", country: "United Kingdom", countryCode: "GB", fullAddress: "Strand, London", timeZone: "Europe/London" }),
  );
});

const location = async (path: string) => {
  const response = await SELF.fetch(`https://example.com${path}`, { redirect: "manual" });
  return `${response.status} ${response.headers.get("Location")}`;
};

describe("country names on the public site", () => {
  it("answers a country-name URL in English, its own language or another form with a 301 to the code URL", async () => {
    expect(await location("/countries/turkey")).toBe("301 /countries/tr");
    expect(await location("/countries/deutschland?page=2")).toBe("301 /countries/de?page=2");
    expect(await location("/countries/espa%C3%B1a")).toBe("301 /countries/es");
    expect(await location("/countries/turkiye/cities")).toBe("301 /countries/tr/cities");
    expect(await location("/api/countries/almanya")).toBe("301 /api/countries/de");
    // Two letters that are not a code in use but name a country: "uk" is Great Britain.
    expect(await location("/countries/uk")).toBe("301 /countries/gb");
    expect(await location("/api/countries/uk")).toBe("301 /api/countries/gb");
    expect(await location("/cities/uk")).toBe("301 /countries/gb/cities");
    expect(await location("/countries/xx")).toBe("404 null");
  });

  it("finds a country in the countries search by another of its names", async () => {
    const search = async (q: string) => (await listCountries(env.DB, { q, page: 1 })).countries.map((c) => c.countryCode);
    expect(await search("turkey")).toEqual(["TR"]);
    expect(await search("Deutschland")).toEqual(["DE"]);
    expect(await search("España")).toEqual(["ES"]);
    // The tiles count the countries found; market share stays a share of the whole directory.
    const all = await listCountries(env.DB, { q: "", page: 1 });
    const turkey = await listCountries(env.DB, { q: "turkey", page: 1 });
    expect(turkey).toMatchObject({ totalCount: 1, totalBusinesses: 3, totalCities: 3, directoryBusinesses: all.totalBusinesses });
    expect(all.totalBusinesses).toBeGreaterThan(3);
  });

  it("names a business's country by its code on the page, not as the import wrote it", async () => {
    for (const placeId of ["cn-tr-1", "cn-tr-2", "cn-tr-3"]) {
      const html = (await (await SELF.fetch(`https://example.com/business/${await slugOf(placeId)}`)).text()).replaceAll("<!-- -->", "");
      expect(html).toMatch(/<title>Otel \S+ – \S+, Türkiye \| /);
      expect(html).toMatch(/<a [^>]*href="\/countries\/tr"[^>]*>Türkiye<\/a>/);
      expect(html).not.toMatch(/>(TR|turkey|TÜRKİYE)</);
    }
  });
});
