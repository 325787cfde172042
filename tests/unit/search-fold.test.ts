import { describe, expect, it } from "vitest";
import { derivedColumns, type DerivedFrom } from "~/lib/business/business-record";
import { foldedCopy, foldForSearch } from "~/lib/search/search-fold";
import { searchTokens } from "~/lib/search/search-query";
import { indexedSearchText } from "../support/search-index-text";

describe("search folding", () => {
  it("folds what the index's tokenizer keeps: apostrophes, letters that do not decompose, Greek and Cyrillic accents", () => {
    expect(foldForSearch("L'Aquila McDonald’s Işık İzmir Straße Tromsø Łódź Ακρόπολις Ёжик")).toBe(
      "LAquila McDonalds Işik Izmir Strasse Tromso Lódź Ακροπολισ Ежик",
    );
    expect(foldForSearch("Hotel Zürich")).toBe("Hotel Zürich");
  });

  it("folds a visitor's words after lower-casing, so a capital Σ ending a word folds as ς does", () => {
    expect(searchTokens("ΟΔΥΣΣΕΥΣ Οδυσσεύς IŞIK strasse")).toEqual(["οδυσσευσ", "οδυσσευσ", "işik", "strasse"]);
  });

  it("stores a folded copy only when folding changes the text", () => {
    expect(foldedCopy("Straße")).toBe("Strasse");
    expect(foldedCopy("Hotel Zürich")).toBeNull();
    expect(foldedCopy(null)).toBeNull();
  });
});

/**
 * The words as the index's tokenizer (unicode61, remove_diacritics 2) reads them: lower case (a
 * capital Σ always σ), Latin letters without accents.
 */
function indexedWords(text: string): string[] {
  return text
    .replaceAll("Σ", "σ")
    .toLowerCase()
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC")
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);
}

const business = (fields: Partial<DerivedFrom>): DerivedFrom => ({ name: "Hotel", type: null, category: null, city: null, country: null, country_code: null, latitude: null, longitude: null, about: null, ...fields });

/** Whether a visitor's words all reach the column, each as the query folds it and the tokenizer reads it. */
const finds = (column: string, q: string) => searchTokens(q).flatMap(indexedWords).every((word) => indexedWords(column).includes(word));

describe("the search text derivedColumns stores", () => {
  it("finds a name by its folded forms: apostrophes dropped, ß as ss, Greek without tonos, Cyrillic ё as е", () => {
    const cases: [string, string][] = [
      ["Müller’s Bäckerei", "mullers"],
      ["Gasthof Straße", "strasse"],
      ["Ξενοδοχείο Ακρόπολις", "ακροπολις"],
      ["ΞΕΝΟΔΟΧΕΊΟ ΟΔΥΣΣΕΎΣ", "οδυσσευς"],
      ["Ёлка Отель", "елка"],
      ["Işık Pansiyon", "isik"],
      ["Hotel Tromsø", "tromso"],
    ];
    for (const [name, q] of cases) {
      expect(finds(name, q), `"${name}" as typed`).toBe(false);
      expect(finds(indexedSearchText(business({ name })).name, q), `"${name}" indexed`).toBe(true);
    }
    // The name as written is found too.
    expect(finds(indexedSearchText(business({ name: "Müller’s Bäckerei" })).name, "müller bäckerei")).toBe(true);
  });

  it("folds the type, category, city and country the same way", () => {
    const text = indexedSearchText(business({ type: "Café-Bäckerei Straße", category: "Çay Evi Işık", city: "L'Aquila", country: "Ελλάδα", country_code: "GR" }));
    expect(finds(text.type, "strasse")).toBe(true);
    expect(finds(text.category, "isik")).toBe(true);
    expect(finds(text.city, "laquila")).toBe(true);
    expect(finds(text.country, "ελλαδα")).toBe(true);
  });

  it("adds the inner words of a Thai or Chinese name, and the country code when the country has no text", () => {
    const thai = indexedSearchText(business({ name: "โรงแรมแมนดารินโอเรียนเต็ล" }));
    expect(indexedWords(thai.name)).toEqual(expect.arrayContaining(["โรงแรม", "แมน"]));
    expect(indexedWords(indexedSearchText(business({ name: "上海外滩酒店" })).name)).toEqual(expect.arrayContaining(["酒店", "外滩"]));
    expect(indexedSearchText(business({ country: null, country_code: "TR" })).country).toBe("TR");
    expect(indexedSearchText(business({ country: "Sveitsi", country_code: "CH" })).country).toBe("Sveitsi CH");
  });

  it("stores nothing beside a plain ASCII business", () => {
    const d = derivedColumns(business({ name: "Grand Hotel", type: "Hotel", category: "Hotels", city: "Zurich", country: "Switzerland", country_code: "CH" }));
    expect(d).toEqual({
      name_folded: null, name_inner_words: null, type_folded: null, category_folded: null, city_folded: null, country_folded: null,
      search_country_code: null, name_sort: null, geo_cell: null, amenity_names: null,
    });
  });
});
