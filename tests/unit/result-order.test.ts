import { describe, expect, it } from "vitest";
import { amenityNames, amenityKey } from "~/lib/business/business-record";
import { formatDistance } from "~/lib/directory/format";
import { cleanPriceRange } from "~/import/clean/row";
import { mapColumns } from "~/import/clean/columns";
import { nameOrderKey, nameSortKey } from "~/lib/business/name-order";
import { orderCandidates, type OrderedCandidate } from "~/lib/search/result-order";

const candidate = (id: number, rating: number | null, reviews: number, name: string, distanceKm: number | null = null): OrderedCandidate => ({
  id,
  rating,
  reviews,
  nameKey: nameOrderKey(name, nameSortKey(name)),
  distanceKm,
});

describe("the order of a filtered result set", () => {
  const list = [
    candidate(1, 4.5, 10, "zeytin", 3.2),
    candidate(2, null, 900, "Ábaco", 0.4),
    candidate(3, 4.5, 50, "Bosphorus", 1.1),
    candidate(4, 0, 5, "çınar", 7),
    candidate(5, 3.9, 50, "Ayasofya", 1.1),
  ];
  const ids = (sort: Parameters<typeof orderCandidates>[1]) => orderCandidates(list, sort).map((c) => c.id);

  it("sorts nearest first, best rated first (unrated last), most reviewed first and by name, ties newest first", () => {
    expect(ids("distance")).toEqual([2, 5, 3, 1, 4]);
    expect(ids("rating")).toEqual([3, 1, 5, 2, 4]);
    expect(ids("reviews")).toEqual([2, 3, 5, 1, 4]);
    // Accents and case as the admin's name order reads them: Ábaco beside Ayasofya, çınar among the c's.
    expect(ids("name")).toEqual([2, 5, 3, 4, 1]);
  });

  it("keeps the order it was given for relevance and no sort", () => {
    expect(ids("relevance")).toEqual([1, 2, 3, 4, 5]);
    expect(ids(null)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("price levels and amenities as the filters read them", () => {
  it("reads the exports' range in any currency sign as $ to $$$$, and nothing else", () => {
    expect(["$", "$$", "€€€", "₱₱", "££££", "₺"].map(cleanPriceRange)).toEqual(["$", "$$", "$$$", "$$", "$$$$", "$"]);
    expect(["", null, "$$$$$", "$€", "$10–20", "cheap", "None"].map(cleanPriceRange)).toEqual([null, null, null, null, null, null, null]);
    // Outside the 23 columns of the extraction figure.
    const mapping = mapColumns(["name", "range"]);
    expect(mapping.indexes.price_range).toBe(1);
    expect(mapping.extraction.extractedCount).toBe(1);
  });

  it("keeps every amenity of about (not only the 8 shown), lower case, between bars", () => {
    const about = JSON.stringify({ Amenities: { "Free Wi-Fi": true, Pool: true, Bar: false }, Parking: { "Free parking": true }, Extra: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`Thing ${i}`, true])) });
    const names = amenityNames(about)!;
    expect(names.startsWith("|free wi-fi|pool|free parking|")).toBe(true);
    expect(names).toContain("|thing 9|");
    expect(names).not.toContain("bar");
    expect(names.includes(`|${amenityKey("FREE WI-FI")}|`)).toBe(true);
    expect(amenityNames(null)).toBeNull();
    expect(amenityNames("A quiet place by the sea.")).toBeNull();
  });

  it("writes a distance in tens of metres (10 at least) under a kilometre, one decimal under ten", () => {
    expect([0, 0.004, 0.35, 0.996, 1.23, 9.96, 12.4].map(formatDistance)).toEqual(["10 m", "10 m", "350 m", "1.0 km", "1.2 km", "10 km", "12 km"]);
  });
});
