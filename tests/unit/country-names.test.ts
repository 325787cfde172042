import { describe, expect, it } from "vitest";
import { countryCodeFromText, countryCodeToIndex, countryNames } from "~/lib/directory/country-names";

describe("countryCodeFromText", () => {
  it("knows a country by the slug of its name in English, its own language or another common form", () => {
    const slugs = ["turkey", "turkiye", "deutschland", "espana", "united-states", "usa", "trinidad-tobago", "cote-d-ivoire", "holland", "nihon", "日本", "ελλαδα", "uk"];
    expect(slugs.map(countryCodeFromText)).toEqual(["TR", "TR", "DE", "ES", "US", "US", "TT", "CI", "NL", null, "JP", "GR", "GB"]);
  });

  it("takes a code in use in any case, and names no country for other text", () => {
    expect(["tr", "DE", "vd", "atlantis", "", "  "].map(countryCodeFromText)).toEqual(["TR", "DE", null, null, null, null]);
  });
});

describe("countryNames", () => {
  it("lists the names that lead to a code, as written, for finding businesses filed under any of them", () => {
    expect(countryNames("TR")).toEqual(expect.arrayContaining(["Turkey", "Türkiye", "Türkei", "Turquie"]));
    expect(countryNames("DE")).toEqual(expect.arrayContaining(["Germany", "Deutschland", "Almanya"]));
    expect(countryNames("DE")).not.toContain("Turkey");
    expect(countryNames("VD")).toEqual([]);
  });
});

describe("countryCodeToIndex", () => {
  it("gives the code beside a country text in a language the site does not know, so a search in that country finds the business", () => {
    expect(countryCodeFromText("Sveitsi")).toBeNull();
    expect(countryCodeToIndex("Sveitsi", "CH")).toBe("CH");
    // A text naming another country than the code: the code is the business's country (its page lists it).
    expect(countryCodeToIndex("Germany", "CH")).toBe("CH");
  });

  it("gives the code alone when the file gave no country text, so the business is found in its country", () => {
    expect(countryCodeToIndex(null, "CH")).toBe("CH");
    expect(countryCodeToIndex("  ", "CH")).toBe("CH");
  });

  it("gives nothing when the text already names the code, is the code, or there is no code", () => {
    for (const text of ["Switzerland", "Schweiz", "Suisse", "İsviçre", "CH", "ch"]) expect(countryCodeToIndex(text, "CH"), text).toBeNull();
    expect(countryCodeToIndex("Sveitsi", null)).toBeNull();
    expect(countryCodeToIndex(null, null)).toBeNull();
  });
});
