import { describe, expect, it } from "vitest";
import { httpUrl, websiteUrl } from "~/lib/business/web-url";

describe("httpUrl (links and images from imported data)", () => {
  it("keeps http and https URLs as written", () => {
    expect(httpUrl("https://hotel.example/rooms?x=1")).toBe("https://hotel.example/rooms?x=1");
    expect(httpUrl(" HTTP://Hotel.example ")).toBe("HTTP://Hotel.example");
  });

  it("refuses every other scheme, hidden ones included, and text that is not an address", () => {
    for (const value of ["javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)", " java\nscript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "file:///etc/passwd", "www.hotel.example", "//evil.example/x", "https://", "not a link"]) {
      expect(httpUrl(value), value).toBeNull();
    }
    expect(httpUrl(null)).toBeNull();
    expect(httpUrl("")).toBeNull();
  });
});

describe("websiteUrl (a business's website)", () => {
  it("reads an address written without its scheme as https, and refuses what httpUrl refuses", () => {
    expect(websiteUrl("www.hotel.example")).toBe("https://www.hotel.example");
    expect(websiteUrl(" hotel-zürich.example/rooms?x=1 ")).toBe("https://hotel-zürich.example/rooms?x=1");
    expect(websiteUrl("http://hotel.example")).toBe("http://hotel.example");
    for (const value of ["javascript:alert(1)", "data:text/html,x", "not a link", "hotel", "//evil.example/x", "a b.example", null]) {
      expect(websiteUrl(value), String(value)).toBeNull();
    }
  });
});
