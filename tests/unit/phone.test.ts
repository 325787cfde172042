import { describe, expect, it } from "vitest";
import { firstPhoneNumber, telHref } from "~/lib/business/phone";

const SEVERAL = "+41 44 000 00 00 ext. 1234567890 / +41 44 000 00 01 / +41 44 000 00 02";

describe("telHref (what Call Now dials)", () => {
  it("dials a plain number with its digits and a leading +", () => {
    expect(telHref("+41 44 123 45 67")).toBe("tel:+41441234567");
    expect(telHref("(555) 123-4567")).toBe("tel:5551234567");
  });

  it("dials only the first of several numbers, its extension as ;ext=", () => {
    expect(telHref(SEVERAL)).toBe("tel:+41440000000;ext=1234567890");
    expect(telHref("+1 212 555 0100, +1 212 555 0101")).toBe("tel:+12125550100");
    expect(telHref("+1 212 555 0100; +1 212 555 0101")).toBe("tel:+12125550100");
    expect(telHref("+1 212 555 0100 or +1 212 555 0101")).toBe("tel:+12125550100");
    expect(telHref("+1 212 555 0100 x 12")).toBe("tel:+12125550100;ext=12");
  });

  it("leaves out the trunk (0) written after a country code", () => {
    expect(telHref("+44 (0)20 7946 0000")).toBe("tel:+442079460000");
  });

  it("is null when the field holds no number", () => {
    expect(telHref("n/a")).toBeNull();
    expect(telHref(" / ")).toBeNull();
  });
});

describe("firstPhoneNumber (the telephone in the page's structured data)", () => {
  it("is the first number as written, extension included", () => {
    expect(firstPhoneNumber(SEVERAL)).toBe("+41 44 000 00 00 ext. 1234567890");
    expect(firstPhoneNumber("+41 44 123 45 67")).toBe("+41 44 123 45 67");
    expect(firstPhoneNumber("none")).toBeNull();
  });
});
