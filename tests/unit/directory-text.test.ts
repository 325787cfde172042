import { describe, expect, it } from "vitest";
import { countryCitiesDescription, countryDescription, countryIntro, inCount } from "~/lib/directory/directory-text";
import { countryInProse } from "~/lib/directory/format";

describe("directory texts", () => {
  it("tell a count with its noun, and nothing for none", () => {
    expect(inCount(1, "country", "countries")).toBe(" in 1 country");
    expect(inCount(2981, "country", "countries", ", in ")).toBe(", in 2,981 countries");
    expect(inCount(0, "country", "countries")).toBe("");
  });

  it("describe a country by the cities and categories it has, never 0 of them", () => {
    const ghana = { country: "Ghana", businessCount: 12, cityCount: 3, categoryCount: 2 };
    expect(countryDescription(ghana)).toBe("12 hotels and businesses in 3 cities of Ghana, in 2 categories.");
    expect(countryDescription({ ...ghana, cityCount: 0 })).toBe("12 hotels and businesses in Ghana, in 2 categories.");
    expect(countryDescription({ ...ghana, categoryCount: 0 })).toBe("12 hotels and businesses in 3 cities of Ghana.");
    expect(countryDescription({ ...ghana, businessCount: 1, cityCount: 0, categoryCount: 0 })).toBe("1 hotel or business in Ghana.");
  });

  it("name a country as English prose does, with 'the' where it takes one", () => {
    const us = { country: "United States", businessCount: 2, cityCount: 1, categoryCount: 0 };
    expect(countryDescription(us)).toBe("2 hotels and businesses in 1 city of the United States.");
    expect(countryIntro({ ...us, cityCount: 0 })).toBe("Discover 2 hotels and businesses in the United States.");
    const named = ["United Kingdom", "Netherlands", "Philippines", "Dominican Republic", "Cayman Islands", "United Arab Emirates", "Bahamas", "Gambia"];
    expect(named.map(countryInProse)).toEqual(named.map((name) => `the ${name}`));
    for (const name of ["Ghana", "Türkiye", "Isle of Man", "Czechia", "Ireland", "Unitedland"]) expect(countryInProse(name)).toBe(name);
  });

  it("describe a country's cities page by how many there are", () => {
    expect(countryCitiesDescription("Ghana", 3)).toBe("All 3 cities of Ghana with hotels and businesses, biggest first.");
    expect(countryCitiesDescription("United Kingdom", 1)).toBe("1 city of the United Kingdom with hotels and businesses, biggest first.");
    expect(countryCitiesDescription("Ghana", 0)).toBe("No city of Ghana is listed yet: its businesses are on the country's page.");
  });

  it("point the country's introduction only at the lists below it", () => {
    const ghana = { country: "Ghana", businessCount: 12, cityCount: 3, categoryCount: 2 };
    expect(countryIntro(ghana)).toBe(
      "Discover 12 hotels and businesses across 3 cities in Ghana. Browse the biggest cities below or explore the most popular categories of the country.",
    );
    expect(countryIntro({ ...ghana, cityCount: 0 })).toBe("Discover 12 hotels and businesses in Ghana. Explore the most popular categories of the country below.");
    expect(countryIntro({ ...ghana, categoryCount: 0 })).toBe("Discover 12 hotels and businesses across 3 cities in Ghana. Browse the biggest cities below.");
    expect(countryIntro({ ...ghana, cityCount: 0, categoryCount: 0 })).toBe("Discover 12 hotels and businesses in Ghana.");
  });
});
