import { describe, expect, it } from "vitest";
import { businessTimeZone } from "~/lib/business-time-zone";
import { openStatus, todayName } from "~/lib/opening-hours";

const NINE_TO_FIVE = JSON.stringify(Object.fromEntries(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => [d, "9AM-5PM"])));
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const zone = (countryCode: string | null, longitude: number | null = null, timeZone: string | null = null) =>
  businessTimeZone({ timeZone, countryCode, longitude });

describe("businessTimeZone", () => {
  it("reads a business without a time zone on its country's clock: a Tokyo hotel open 9AM–5PM is Open at 11:30 in Tokyo", () => {
    const at = new Date("2025-03-05T02:30:00Z"); // Wednesday 11:30 in Tokyo, 02:30 in UTC
    expect(openStatus(NINE_TO_FIVE, at, zone("JP") ?? undefined)).toBe("open");
    expect(openStatus(NINE_TO_FIVE, new Date("2025-03-05T14:30:00Z"), zone("TR") ?? undefined)).toBe("closed"); // 17:30 in Istanbul
    expect(todayName(new Date("2025-03-05T23:30:00Z"), zone("DE") ?? undefined)).toBe("Thursday"); // 00:30 in Berlin
  });

  it("gives no zone, so no badge, where the country keeps several times and the business names none", () => {
    expect(["US", "RU", "BR", "AU", "CA", "MX", "ID", null].map((code) => zone(code, 0))).toEqual([null, null, null, null, null, null, null, null]);
    // The business's own zone still decides.
    expect(zone("US", -74, "America/New_York")).toBe("America/New_York");
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
