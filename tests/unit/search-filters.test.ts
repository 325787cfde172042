import { describe, expect, it } from "vitest";
import { filterSearchParams, hasFilters, NO_FILTERS, parseSearchFilters } from "~/lib/search/search-filters";

const parse = (query: string, hasQuery = false) => parseSearchFilters(new URLSearchParams(query), hasQuery);

describe("search filters in the URL", () => {
  it("reads every filter a shared link can carry", () => {
    const answer = parse("near=41.0082,28.9784&radius=5&minRating=4.5&openNow=1&category=hotel&verified=1&amenity=Free+Wi-Fi&amenity=Pool&price=$$&sort=distance");
    expect(answer).toEqual({
      ok: true,
      filters: {
        near: { latitude: 41.0082, longitude: 28.9784 },
        radiusKm: 5,
        minRating: 4.5,
        openNow: true,
        category: "hotel",
        verified: true,
        amenities: ["Free Wi-Fi", "Pool"],
        price: "$$",
        sort: "distance",
      },
    });
  });

  it("takes 10 km when near comes alone, and treats a plain form's empty fields as absent", () => {
    const answer = parse("near=48.85,2.35&radius=&minRating=&category=&sort=");
    expect(answer.ok && answer.filters.radiusKm).toBe(10);
    expect(parse("q=&minRating=&openNow=&amenity=")).toEqual({ ok: true, filters: NO_FILTERS });
  });

  it.each([
    ["near=91,0", "near"],
    ["near=paris", "near"],
    ["radius=5", "radius"],
    ["near=1,1&radius=7", "radius"],
    ["minRating=6", "minRating"],
    ["minRating=abc", "minRating"],
    ["openNow=yes", "openNow"],
    ["verified=2", "verified"],
    ["category=Hotels%20!", "category"],
    ["price=cheap", "price"],
    ["sort=price", "sort"],
    ["sort=distance", "sort"],
    ["sort=relevance", "sort"],
    ["amenity=a&amenity=b&amenity=c&amenity=d&amenity=e&amenity=f", "amenity"],
  ])("rejects %s naming the parameter %s", (query, parameter) => {
    const answer = parse(query);
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.parameter).toBe(parameter);
      expect(answer.error).toContain(parameter);
    }
  });

  it("allows relevance only for a text search", () => {
    expect(parse("sort=relevance", true).ok).toBe(true);
  });

  it("writes the filters back as the parameters it read", () => {
    const query = "near=41.0082,28.9784&radius=25&minRating=4&openNow=1&category=hotel&verified=1&amenity=Pool&price=$$$&sort=rating";
    const answer = parse(query);
    if (!answer.ok) throw new Error(answer.error);
    expect(new URLSearchParams(filterSearchParams(answer.filters)).toString()).toBe(new URLSearchParams(query).toString());
    expect(hasFilters(answer.filters)).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });
});
