import { describe, expect, it } from "vitest";
import { businessCountry, countOf, countryName, formatCount, formatDistance, formatRating, marketShare, plural, reviewsText } from "~/lib/directory/format";

describe("formatCount", () => {
  it("shows counts below 1000 as they are", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(797)).toBe("797");
    expect(formatCount(999)).toBe("999");
  });

  it("shows 1000 or more in thousands with K", () => {
    expect(formatCount(1000)).toBe("1K");
    expect(formatCount(15_300)).toBe("15.3K");
    expect(formatCount(719_000)).toBe("719K");
    expect(formatCount(564_000)).toBe("564K");
  });

  it("never overstates a count (one decimal, truncated)", () => {
    expect(formatCount(1999)).toBe("1.9K");
    expect(formatCount(999_999)).toBe("999.9K");
  });

  it("shows a million or more with M", () => {
    expect(formatCount(1_000_000)).toBe("1M");
    expect(formatCount(2_142_948)).toBe("2.1M");
    expect(formatCount(2_500_000)).toBe("2.5M");
  });

  it("accepts counts that arrive as text", () => {
    expect(formatCount("15300")).toBe("15.3K");
    expect(formatCount("183")).toBe("183");
    expect(formatCount("n/a")).toBe("0");
    expect(formatCount(null)).toBe("0");
  });
});

describe("marketShare", () => {
  it("is a percent of the total with one decimal", () => {
    expect(marketShare(1, 8)).toBe("12.5%");
    expect(marketShare(797, 980)).toBe("81.3%");
    expect(marketShare(980, 980)).toBe("100.0%");
    expect(marketShare("183", "980")).toBe("18.7%");
  });

  it("is 0.0% when there is no total", () => {
    expect(marketShare(5, 0)).toBe("0.0%");
    expect(marketShare(0, 0)).toBe("0.0%");
  });
});

describe("countryName", () => {
  it("names every ISO country, in any case", () => {
    expect(countryName("CH")).toBe("Switzerland");
    expect(countryName("ph")).toBe("Philippines");
    expect(countryName("US")).toBe("United States");
    expect(countryName("TR")).toBe("Türkiye");
    expect(countryName("GB")).toBe("United Kingdom");
  });

  it("falls back to the code when there is no name", () => {
    expect(countryName("XX")).toBe("XX");
    expect(countryName("ZZ")).toBe("ZZ");
    expect(countryName("Switzerland")).toBe("SWITZERLAND");
    expect(countryName("")).toBe("");
    expect(countryName(null)).toBe("");
  });
});

describe("businessCountry", () => {
  it("names a business's country by its code, whatever text was stored, or none", () => {
    expect(businessCountry("TR", null)).toBe("Türkiye");
    expect(businessCountry("TR", "TURKEY")).toBe("Türkiye");
    expect(businessCountry("ZZ", null)).toBe("ZZ");
    expect(businessCountry(null, "Atlantis")).toBe("Atlantis");
    expect(businessCountry(null, null)).toBeNull();
  });
});

describe("reviewsText", () => {
  it("words the count beside a rating, in the singular for one", () => {
    expect(reviewsText(1)).toBe("1 review");
    expect(reviewsText(1460)).toBe("1,460 reviews");
  });

  it("tells no count for 0: an empty review-count cell, not a rating from no reviews", () => {
    expect(reviewsText(0)).toBeNull();
  });
});

describe("formatRating", () => {
  it("shows one decimal", () => {
    expect(formatRating(4.5)).toBe("4.5");
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating("4.67")).toBe("4.7");
  });

  it("is null without a rating", () => {
    expect(formatRating(null)).toBeNull();
    expect(formatRating("")).toBeNull();
    expect(formatRating("n/a")).toBeNull();
  });

  it("is null for a rating of 0, the import's 'not rated', however many reviews there are", () => {
    expect(formatRating(0)).toBeNull();
    expect(formatRating("0")).toBeNull();
  });

  it("words a count in the singular only for one", () => {
    expect(`1 ${plural(1, "business", "businesses")}`).toBe("1 business");
    expect(`0 ${plural(0, "business", "businesses")}`).toBe("0 businesses");
    expect(`2 ${plural(2, "category", "categories")}`).toBe("2 categories");
    expect(countOf(1, "country", "countries")).toBe("1 country");
    expect(countOf(2981, "listing", "listings")).toBe("2,981 listings");
  });
});

describe("formatDistance", () => {
  it("says metres under a kilometre, one decimal under ten, whole kilometres beyond", () => {
    expect(formatDistance(0.004)).toBe("10 m");
    expect(formatDistance(0.347)).toBe("350 m");
    expect(formatDistance(1.234)).toBe("1.2 km");
    expect(formatDistance(0.998)).toBe("1.0 km");
    expect(formatDistance(9.96)).toBe("10 km");
    expect(formatDistance(12.4)).toBe("12 km");
    expect(formatDistance(1234.5)).toBe("1,235 km");
  });
});
