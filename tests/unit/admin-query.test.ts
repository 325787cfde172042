import { describe, expect, it } from "vitest";
import { nextSort, parseAdminBusinessQuery } from "~/lib/admin/admin-query";

describe("admin business list query", () => {
  it("reads the query parameters, with defaults for anything missing or wrong", () => {
    expect(parseAdminBusinessQuery(new URLSearchParams("page=3&filter=Gra&category=Hotel&sortBy=rating&sortOrder=desc"))).toMatchObject({
      page: 3, filter: "Gra", category: "Hotel", sortBy: "rating", sortOrder: "desc",
    });
    expect(parseAdminBusinessQuery(new URLSearchParams("page=-2&sortBy=drop&sortOrder=up&category=all&filter="))).toMatchObject({
      page: 1, filter: undefined, category: undefined, sortBy: "name", sortOrder: "asc",
    });
  });

  it("toggles the active sort field and starts another field ascending", () => {
    expect(nextSort({ sortBy: "name", sortOrder: "asc" }, "name")).toEqual({ sortBy: "name", sortOrder: "desc" });
    expect(nextSort({ sortBy: "name", sortOrder: "desc" }, "name")).toEqual({ sortBy: "name", sortOrder: "asc" });
    expect(nextSort({ sortBy: "rating", sortOrder: "desc" }, "reviewCount")).toEqual({ sortBy: "reviewCount", sortOrder: "asc" });
  });
});
