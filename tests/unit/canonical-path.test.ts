import { describe, expect, it } from "vitest";
import { canonicalTopLevelPath } from "~/lib/directory/canonical-path";

describe("one-segment page addresses", () => {
  it("lower-cases them and drops trailing slashes", () => {
    expect(canonicalTopLevelPath("/Categories")).toBe("/categories");
    expect(canonicalTopLevelPath("/businesses/")).toBe("/businesses");
    expect(canonicalTopLevelPath("/Contact//")).toBe("/contact");
    expect(canonicalTopLevelPath("/Privacy-Policy")).toBe("/privacy-policy");
    expect(canonicalTopLevelPath("/sitemap.xml/")).toBe("/sitemap.xml");
    expect(canonicalTopLevelPath("/Robots.txt")).toBe("/robots.txt");
  });

  it("leaves alone what is already canonical, longer paths (their routes respell them), the admin, data requests, escapes and //", () => {
    for (const path of ["/", "/categories", "/search", "/countries/CH", "/categories/k/", "/business/Taj-Mahal-kx8sj4", "/Admin/", "/ADMIN-LEGACY", "/Categories.data", "/%43ategories", "//", "//evil.example", "//evil.example/"]) {
      expect(canonicalTopLevelPath(path), path).toBeNull();
    }
  });
});
