import { describe, expect, it } from "vitest";
import { filtersOf, keptParams, nearMeSearch, withFilters, withoutNear } from "~/lib/search/filter-links";

describe("Near me", () => {
  it("keeps the search and filters, sorts nearest first and starts again on page 1", () => {
    expect(nearMeSearch("?q=hotel&location=Paris&minRating=4&page=3", { latitude: 48.8566123, longitude: 2.3522219 })).toBe(
      "?q=hotel&location=Paris&near=48.85661%2C2.35222&minRating=4&sort=distance",
    );
  });

  it("keeps a radius already chosen and drops a list page's cursor", () => {
    expect(nearMeSearch("?radius=25&near=1,1&before=900&page=2&view=list", { latitude: 41, longitude: 29 })).toBe("?view=list&near=41%2C29&radius=25&sort=distance");
  });
});

describe("a filter change", () => {
  it("writes the filters as the loaders read them and leaves campaign tags behind", () => {
    const search = withFilters("?q=spa&utm_source=mail&page=4", { openNow: true, amenities: ["Free Wi-Fi", "Pool"] });
    expect(search).toBe("?q=spa&openNow=1&amenity=Free+Wi-Fi&amenity=Pool");
    expect(filtersOf(search)).toMatchObject({ openNow: true, amenities: ["Free Wi-Fi", "Pool"] });
  });

  it("removing the place removes its radius and its distance order", () => {
    expect(withoutNear("?q=bar&near=41,29&radius=5&sort=distance&verified=1")).toBe("?q=bar&verified=1");
    expect(withoutNear("?near=41,29&sort=rating")).toBe("?sort=rating");
  });

  it("reads an address whose filters are unreadable as having none", () => {
    expect(filtersOf("?minRating=nine").minRating).toBeNull();
  });

  it("keeps every parameter that is neither a filter nor a page", () => {
    expect(keptParams("?q=inn&location=Rome&page=2&before=10&sort=name&amenity=Pool&view=list&gclid=x")).toEqual([
      ["q", "inn"],
      ["location", "Rome"],
      ["view", "list"],
    ]);
  });
});
