import { describe, expect, it } from "vitest";
import { prefersDarkMode } from "~/lib/admin/admin-theme";

describe("admin dark mode cookie", () => {
  it("is on only when the cookie says true", () => {
    expect(prefersDarkMode("a=1; adminDarkMode=true; b=2")).toBe(true);
    expect(prefersDarkMode("adminDarkMode=false")).toBe(false);
    expect(prefersDarkMode("xadminDarkMode=true")).toBe(false);
    expect(prefersDarkMode(null)).toBe(false);
  });
});
