import { describe, expect, it } from "vitest";
import { businessTimeZone } from "~/lib/business/business-time-zone";
import { openStatus, todayName } from "~/lib/business/opening-hours";

const NINE_TO_FIVE = JSON.stringify(Object.fromEntries(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "9AM-5PM"])));
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const zone = (countryCode: string | null, longitude: number | null = null, timeZone: string | null = null, latitude: number | null = null) =>
  businessTimeZone({ timeZone, countryCode, latitude, longitude });
const at = (countryCode: string | null, latitude: number, longitude: number) => businessTimeZone({ timeZone: null, countryCode, latitude, longitude });

describe("businessTimeZone", () => {
  it("reads a business without a time zone on its country's clock: a Tokyo hotel open 9AM–5PM is Open at 11:30 in Tokyo", () => {
    const at = new Date("2025-03-05T02:30:00Z"); // Wednesday 11:30 in Tokyo, 02:30 in UTC
    expect(openStatus(NINE_TO_FIVE, at, zone("JP") ?? undefined)).toBe("open");
    expect(openStatus(NINE_TO_FIVE, new Date("2025-03-05T14:30:00Z"), zone("TR") ?? undefined)).toBe("closed"); // 17:30 in Istanbul
    expect(todayName(new Date("2025-03-05T23:30:00Z"), zone("DE") ?? undefined)).toBe("Thursday"); // 00:30 in Berlin
  });

  it("gives no zone, so no badge, where the country keeps several times and the business names neither a zone nor its place", () => {
    expect(["US", "RU", "BR", "AU", "CA", "MX", "ID", null].map((code) => zone(code, null))).toEqual([null, null, null, null, null, null, null, null]);
    // (0, 0), where a lost coordinate pair lands, is no place.
    expect(at("US", 0, 0)).toBeNull();
    // The business's own zone still decides.
    expect(zone("US", -74, "America/New_York", 40.7)).toBe("America/New_York");
  });

  it("reads a business in a country of several times on the clock of its coordinates, away from a zone boundary", () => {
    expect([at("US", 40.7128, -74.006), at("US", 39.7392, -104.9903), at("US", 33.4484, -112.074), at("US", 21.3069, -157.8583)]).toEqual([
      "America/New_York",
      "America/Denver",
      "America/Phoenix", // Arizona keeps no summer time: not Denver's clock
      "Pacific/Honolulu",
    ]);
    expect([at("AU", -31.9505, 115.8605), at("RU", 43.1198, 131.8869), at("BR", -3.119, -60.0217), at("ID", -8.3405, 115.092)]).toEqual([
      "Australia/Perth",
      "Asia/Vladivostok",
      "America/Manaus",
      "Asia/Makassar",
    ]);
    // Zones on one clock across a border are one clock: San Diego's edge of Tijuana.
    expect(at("MX", 32.54, -117.03)).toBe("America/Tijuana");
    // Wednesday 08:30 in Denver, 10:30 in New York: a Denver hotel open 9AM–5PM is still Closed.
    expect(openStatus(NINE_TO_FIVE, new Date("2025-03-05T15:30:00Z"), at("US", 39.7392, -104.9903)!)).toBe("closed");
  });

  it("gives none beside a zone boundary, where the coarse map of zones could name the wrong side", () => {
    // Crossville, Tennessee (Central; Eastern begins a few km east), Bullhead City (Arizona, across the river from Nevada), Broken Hill (NSW on South Australia's clock).
    expect([at("US", 35.9489, -85.0269), at("US", 35.1478, -114.5683), at("AU", -31.9539, 141.4539)]).toEqual([null, null, null]);
  });

  it("tells outlying islands on another time from their mainland by longitude, and gives none without coordinates", () => {
    expect([zone("ES", -3.7), zone("ES", -16.3), zone("ES", null)]).toEqual(["Europe/Madrid", "Atlantic/Canary", null]);
    expect([zone("PT", -9.1), zone("PT", -16.9), zone("PT", -25.7)]).toEqual(["Europe/Lisbon", "Europe/Lisbon", "Atlantic/Azores"]);
    expect([zone("EC", -78.5), zone("EC", -90.3)]).toEqual(["America/Guayaquil", "Pacific/Galapagos"]);
    expect([zone("NZ", 174.8), zone("NZ", -176.6)]).toEqual(["Pacific/Auckland", "Pacific/Chatham"]);
  });

  it("passes over a time zone the clock cannot read for the country's", () => {
    expect(zone("jp", null, "Tokyo")).toBe("Asia/Tokyo");
    expect(zone("JP", null, " Asia/Tokyo ")).toBe("Asia/Tokyo");
  });

  it("only names zones the clock can read", () => {
    for (const a of LETTERS) {
      for (const b of LETTERS) {
        const found = zone(a + b, 0);
        if (found) expect(() => new Intl.DateTimeFormat("en-US", { timeZone: found }), a + b).not.toThrow();
      }
    }
  });
});
