import { describe, expect, it } from "vitest";
import { pagerItems, pagesCapped, pageWindow, parsePageParam, readPageParam, showingRange, totalPages } from "~/lib/directory/paging";

describe("pageWindow (category, city, country and city lists: 5 page buttons)", () => {
  it("shows the first five pages on page 1", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it("centres the current page when it can", () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });

  it("shows the last five pages on the last page", () => {
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it("shows every page when there are fewer than five", () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it("shows no buttons when there are no pages", () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it("keeps an out-of-range current page inside the pages", () => {
    expect(pageWindow(50, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it("honours another window size", () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(pageWindow(5, 10, 4)).toEqual([4, 5, 6, 7]);
  });
});

describe("pagerItems (/businesses)", () => {
  it("shows first, last, two pages either side and ellipses", () => {
    expect(pagerItems(6, 100)).toEqual([1, "ellipsis", 4, 5, 6, 7, 8, "ellipsis", 100]);
  });

  it("has no leading ellipsis near the start", () => {
    expect(pagerItems(1, 100)).toEqual([1, 2, 3, "ellipsis", 100]);
    expect(pagerItems(3, 100)).toEqual([1, 2, 3, 4, 5, "ellipsis", 100]);
  });

  it("shows a single skipped page instead of an ellipsis", () => {
    expect(pagerItems(4, 100)).toEqual([1, 2, 3, 4, 5, 6, "ellipsis", 100]);
    expect(pagerItems(97, 100)).toEqual([1, "ellipsis", 95, 96, 97, 98, 99, 100]);
  });

  it("has no trailing ellipsis near the end", () => {
    expect(pagerItems(100, 100)).toEqual([1, "ellipsis", 98, 99, 100]);
  });

  it("lists every page of a short list", () => {
    expect(pagerItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(1, 0)).toEqual([]);
  });
});

describe("readPageParam (list pages: one address per page)", () => {
  it("reads no parameter as page 1 and a plain number from 2 to max as that page", () => {
    expect(readPageParam(null)).toEqual({ page: 1 });
    expect(readPageParam(undefined)).toEqual({ page: 1 });
    expect(readPageParam("2")).toEqual({ page: 2 });
    expect(readPageParam("100", 100)).toEqual({ page: 100 });
  });

  it("sends page 1 and numbers with leading zeros to their own address", () => {
    expect(readPageParam("1")).toEqual({ canonical: 1 });
    expect(readPageParam("01")).toEqual({ canonical: 1 });
    expect(readPageParam("007")).toEqual({ canonical: 7 });
    expect(readPageParam("0100", 100)).toEqual({ canonical: 100 });
  });

  it("finds no page for zero, negatives, fractions, words, spaces or a page past max", () => {
    for (const raw of ["", "0", "00", "-1", "2.5", "1e2", " 3", "3 ", "abc", "3abc", "0x10", "+4", "99999999999999999999"]) {
      expect(readPageParam(raw), raw).toBe("none");
    }
    expect(readPageParam("101", 100)).toBe("none");
  });
});

describe("parsePageParam (the API's lenient rule)", () => {
  it("reads a whole page number", () => {
    expect(parsePageParam("7")).toBe(7);
    expect(parsePageParam("100", 100)).toBe(100);
    expect(parsePageParam("007")).toBe(7);
  });

  it("falls back to page 1 for anything that is not an integer from 1 to max", () => {
    for (const raw of [null, "", "0", "-1", "2.5", "1e2", " 3", "abc", "3abc", "0x10", "+4"]) {
      expect(parsePageParam(raw)).toBe(1);
    }
    expect(parsePageParam("101", 100)).toBe(1);
    expect(parsePageParam("99999999999999999999")).toBe(1);
  });
});

describe("showingRange", () => {
  it("gives the 'Showing X to Y of Z' bounds", () => {
    expect(showingRange(1, 20, 2000)).toEqual({ from: 1, to: 20 });
    expect(showingRange(3, 12, 100)).toEqual({ from: 25, to: 36 });
  });

  it("stops at the total on the last page", () => {
    expect(showingRange(9, 12, 100)).toEqual({ from: 97, to: 100 });
  });

  it("starts from 0 when there is nothing", () => {
    expect(showingRange(1, 12, 0)).toEqual({ from: 0, to: 0 });
    expect(showingRange(20, 12, 100)).toEqual({ from: 0, to: 0 });
  });
});

describe("totalPages", () => {
  it("rounds up partial pages", () => {
    expect(totalPages(100, 12)).toBe(9);
    expect(totalPages(96, 12)).toBe(8);
    expect(totalPages(1, 20)).toBe(1);
  });

  it("caps all businesses at 100 pages", () => {
    expect(totalPages(2_142_948, 20, 100)).toBe(100);
    expect(totalPages(150, 20, 100)).toBe(8);
  });

  it("is 0 when there is nothing to page", () => {
    expect(totalPages(0, 20)).toBe(0);
  });
});

describe("pagesCapped", () => {
  it("is true only when more items exist than the capped pages show", () => {
    expect(pagesCapped(2_981, 20, 100)).toBe(true);
    expect(pagesCapped(2_001, 20, 100)).toBe(true);
    expect(pagesCapped(2_000, 20, 100)).toBe(false);
    expect(pagesCapped(400, 20, 100)).toBe(false);
    expect(pagesCapped(0, 20, 100)).toBe(false);
  });
});
