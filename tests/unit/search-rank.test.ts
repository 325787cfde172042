import { describe, expect, it } from "vitest";
import { documentWords, indexWords, queryWords, rankCandidates, type SearchCandidate } from "~/lib/search/search-rank";

function candidate(id: number, columns: Partial<Omit<SearchCandidate, "id">>): SearchCandidate {
  return { id, name: null, type: null, category: null, city: null, country: null, ...columns };
}

const ids = (ranked: SearchCandidate[]) => ranked.map((c) => c.id);

describe("search ranking", () => {
  it("splits text into words as the index does: accents removed, lower case, any script", () => {
    expect(indexWords("Zürich Grand-Hôtel 5* İstanbul 東京")).toEqual(["zurich", "grand", "hotel", "5", "istanbul", "東京"]);
    expect(queryWords("Grand grand HOT", true)).toEqual([
      { forms: ["grand", "grands"], prefix: false },
      { forms: ["hot", "hots"], prefix: true },
    ]);
    expect(queryWords("hotels in Zürich", false)).toEqual([
      { forms: ["hotels", "hotel"], prefix: false },
      { forms: ["zurich", "zuriches"], prefix: false },
    ]);
  });

  it("ranks a word written with an apostrophe as the index holds it: both parts and joined", () => {
    expect(documentWords("L'Aquila Grand Hotel")).toEqual(["l", "aquila", "grand", "hotel", "laquila"]);
    expect(documentWords("Grand Hotel")).toEqual(["grand", "hotel"]);
    expect(queryWords("McDonald's", false)).toEqual([{ forms: ["mcdonalds", "mcdonald"], prefix: false }]);
    const ranked = rankCandidates([candidate(1, { city: "L'Aquila" }), candidate(2, { name: "L'Aquila Inn" })], queryWords("laquila", false));
    expect(ids(ranked)).toEqual([2, 1]);
  });

  it("ranks a Thai word found by its dictionary words in the name as a name match", () => {
    // As the search reads a candidate's name: with its stored inner words.
    const ranked = rankCandidates(
      [candidate(1, { name: "โรงแรมริมน้ำ โรงแรม ริม น้ำ" }), candidate(2, { name: "Riverside Inn", type: "ริมน้ำ" })],
      queryWords("ริมน้ำ", false),
    );
    expect(ids(ranked)).toEqual([1, 2]);
  });

  it("ranks a country word found under another name of the country as a match in the country column", () => {
    const [turkey] = queryWords("türkiye", false);
    expect(turkey!.forms[0]).toBe("turkiye");
    expect(turkey!.forms).toEqual(expect.arrayContaining(["tr", "turkey", "turkei", "turquie"]));
    // "United States" is two words: the MATCH asks for them together, ranking takes the one-word names.
    expect(queryWords("usa", false)[0]!.forms).toEqual(expect.arrayContaining(["usa", "us"]));
    expect(queryWords("usa", false)[0]!.forms).not.toContain("united");
    // Each word of a country's name of several words takes the country's forms.
    const [, south, africa] = queryWords("hotel south africa", false);
    expect([south!.forms.includes("za"), africa!.forms.includes("za")]).toEqual([true, true]);
    const ranked = rankCandidates(
      [candidate(1, { name: "Pera Palace", country: "Turkey" }), candidate(2, { name: "Pera Inn" }), candidate(3, { name: "Pera Hotel", country: "TR" })],
      queryWords("pera türkiye", false),
    );
    expect(ids(ranked)).toEqual([3, 1, 2]);
  });

  it("ranks a Chinese, Japanese or Korean word found by its bigrams in the name as a name match", () => {
    expect(queryWords("外滩酒店", true)).toEqual([{ forms: ["外滩酒店", "外滩", "滩酒", "酒店"], prefix: true }]);
    // As the search reads a candidate's name: with its stored bigrams.
    const ranked = rankCandidates(
      [candidate(1, { name: "上海外滩酒店 上海 海外 外滩 滩酒 酒店" }), candidate(2, { name: "Bund Inn", type: "外滩酒店" })],
      queryWords("外滩酒店", false),
    );
    expect(ids(ranked)).toEqual([1, 2]);
    // Hangul bigrams as indexWords reads them (decomposed), like the candidate's words.
    const korean = rankCandidates([candidate(1, { city: "서울신라" }), candidate(2, { name: "서울신라호텔 서울 울신 신라 라호 호텔" })], queryWords("서울신라", false));
    expect(ids(korean)).toEqual([2, 1]);
  });

  it("puts a match in the name above one in the type, and that above one in the city", () => {
    const ranked = rankCandidates(
      [
        candidate(1, { name: "Bahnhof Suites", city: "Hotel" }),
        candidate(2, { name: "Hotel Bahnhof" }),
        candidate(3, { name: "Bahnhof", type: "Hotel" }),
      ],
      queryWords("hotel", false),
    );
    expect(ids(ranked)).toEqual([2, 3, 1]);
  });

  it("prefers the shorter of two names holding the word, then the newer business", () => {
    const ranked = rankCandidates(
      [
        candidate(1, { name: "Grand Hotel" }),
        candidate(2, { name: "Grand Hotel of the Old Town by the Lake" }),
        candidate(3, { name: "Grand Hotel" }),
      ],
      queryWords("grand", false),
    );
    expect(ids(ranked)).toEqual([3, 1, 2]);
  });

  it("counts the last word as a prefix only in a prefix query, and adds up the words", () => {
    const candidates = [candidate(1, { name: "Hotel Zürichberg" }), candidate(2, { name: "Zurich Grand Apartments", city: "Zürich" })];
    expect(ids(rankCandidates(candidates, queryWords("zurich grand", true)))).toEqual([2, 1]);
    // "zur" as a prefix matches "zurichberg" and "zurich".
    const prefix = rankCandidates([candidate(1, { name: "Zurmatt Inn" }), candidate(2, { name: "Inn" })], queryWords("zur", true));
    expect(ids(prefix)).toEqual([1, 2]);
    const typed = rankCandidates([candidate(1, { name: "Zurmatt Inn" }), candidate(2, { name: "Inn" })], queryWords("zur", false));
    expect(ids(typed)).toEqual([2, 1]);
  });

  it("counts a word's other form as the word", () => {
    const ranked = rankCandidates([candidate(1, { name: "Storchen", category: "Spa" }), candidate(2, { name: "Storchen", category: "hotels" })], queryWords("hotel", false));
    expect(ids(ranked)).toEqual([2, 1]);
  });

  it("ranks nothing when there is nothing", () => {
    expect(rankCandidates([], queryWords("hotel", false))).toEqual([]);
  });
});
