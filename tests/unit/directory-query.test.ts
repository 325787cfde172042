import { describe, expect, it } from "vitest";
import { averagePer, letterRange, parseLetter, parseSearchText, withParams } from "~/lib/directory/directory-query";
import { detailQuerySchema, listQuerySchema } from "~/lib/directory/directory-query.server";

describe("directory list query", () => {
  it("accepts a single letter a–z in either case and nothing else", () => {
    expect(parseLetter("b")).toBe("B");
    expect(parseLetter("Z")).toBe("Z");
    for (const raw of ["", "1", "ab", "ä", "-", null, undefined]) expect(parseLetter(raw)).toBeNull();
  });

  it("trims the search text and bounds it to 100 characters", () => {
    expect(parseSearchText("  zür ")).toBe("zür");
    expect(parseSearchText("x".repeat(150))).toHaveLength(100);
    expect(parseSearchText(null)).toBe("");
  });

  it("gives the slug range of a letter", () => {
    expect(letterRange("A")).toEqual({ from: "a", to: "b" });
    expect(letterRange("z")).toEqual({ from: "z", to: "{" });
  });

  it("parses ?page=&letter=&q= without ever failing", () => {
    expect(listQuerySchema.parse({ page: "3", letter: "k", q: " hotel " })).toEqual({ page: 3, letter: "K", q: "hotel" });
    expect(listQuerySchema.parse({ page: "-2", letter: "kk" })).toEqual({ page: 1, letter: null, q: "" });
  });

  it("parses a detail page's limit (1..48, else 12) and cursor (a positive id, else none)", () => {
    expect(detailQuerySchema.parse({ page: "2", limit: "5", before: "1234" })).toEqual({ page: 2, limit: 5, before: 1234 });
    expect(detailQuerySchema.parse({ limit: "0", before: "abc" })).toEqual({ page: 1, limit: 12, before: null });
    expect(detailQuerySchema.parse({ limit: "49", before: "0" })).toMatchObject({ limit: 12, before: null });
  });
});

describe("withParams", () => {
  it("starts a changed search on page 1 and keeps the other parameters", () => {
    expect(withParams("?page=3&view=list&q=old", { q: "new" })).toBe("?view=list&q=new");
  });

  it("sets a page, leaving page 1 implicit, and removes emptied keys", () => {
    expect(withParams("?view=list", { page: 2 })).toBe("?view=list&page=2");
    expect(withParams("?page=2&view=list", { page: 1, view: null })).toBe("");
    expect(withParams("", { q: "" })).toBe("");
  });

  it("leaves a campaign's tags on the landing address, not on the page's links", () => {
    expect(withParams("?utm_source=news&view=list&fbclid=x&UTM_Medium=mail", { page: 2 })).toBe("?view=list&page=2");
    expect(withParams("?gclid=1&q=spa", { view: "list" })).toBe("?q=spa&view=list");
  });
});

describe("averagePer", () => {
  it("rounds to a whole number and is 0 without entries", () => {
    expect(averagePer(2000, 87)).toBe(23);
    expect(averagePer(5, 0)).toBe(0);
  });
});
