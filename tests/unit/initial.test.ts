import { describe, expect, it } from "vitest";
import { initial } from "~/lib/directory/initial";

describe("initial (the letter shown for a name without a photo, or on a category card)", () => {
  it("is the first letter of an ordinary name", () => {
    expect(initial("Hotel Storchen")).toBe("H");
    expect(initial("Établissement")).toBe("É");
  });

  it("is a whole character when the name starts outside the BMP, never half a surrogate pair", () => {
    expect(initial("🍣🍣🍣")).toBe("🍣");
    expect(initial("𠮷野家")).toBe("𠮷");
  });

  it("keeps what a reader sees as one character together: a flag, a family emoji, a letter with its accent", () => {
    expect(initial("🇨🇭 Swiss Inn")).toBe("🇨🇭");
    expect(initial("👨‍👩‍👧 Family Hotel")).toBe("👨‍👩‍👧");
    expect(initial("E\u0301cole")).toBe("E\u0301");
  });

  it("is empty for an empty name", () => {
    expect(initial("")).toBe("");
  });
});
