import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_HOTEL_TYPES, demoBusiness, demoBusinesses, type DemoBusiness } from "../../scripts/demo-data";

// Timed first, before the 50k-record sample below is alive (a big live heap slows the GC down).
describe("demo data generation speed", () => {
  it("is logged, not asserted", () => {
    const count = 200_000;
    const t0 = performance.now();
    let chars = 0;
    for (const b of demoBusinesses(1_000_000, count)) chars += b.name.length;
    const seconds = (performance.now() - t0) / 1000;
    const rate = Math.round(count / seconds);
    console.log(`demo data: ${count} records in ${seconds.toFixed(2)} s = ${rate} records/s (2,000,000 ≈ ${(2e6 / rate).toFixed(1)} s)`);
    expect(chars).toBeGreaterThan(0);
  }, 60_000);
});

const N = 50_000;
let sample: DemoBusiness[] = [];

const citiesByCountry = (records: DemoBusiness[]): Map<string, Set<string>> => {
  const out = new Map<string, Set<string>>();
  for (const b of records) {
    const set = out.get(b.countryCode ?? "") ?? new Set<string>();
    set.add(b.city ?? "");
    out.set(b.countryCode ?? "", set);
  }
  return out;
};

describe("demo data generator", () => {
  beforeAll(() => {
    sample = Array.from(demoBusinesses(0, N));
  }, 60_000);

  it("is deterministic: the same index always gives the same record", () => {
    for (const i of [0, 1, 7, 42, 1999, 50_007, 123_456, 1_999_999]) {
      expect(demoBusiness(i)).toEqual(demoBusiness(i));
    }
    expect(Array.from(demoBusinesses(1000, 5))).toEqual([1000, 1001, 1002, 1003, 1004].map((i) => demoBusiness(i)));
    expect(sample[123]).toEqual(demoBusiness(123));
    expect(demoBusiness(1)).not.toEqual(demoBusiness(2));
  });

  it("gives every record a unique, Google-shaped place id", () => {
    const ids = new Set(sample.map((b) => b.placeId));
    expect(ids.size).toBe(N);
    for (const b of sample.slice(0, 2000)) {
      expect(b.placeId).toMatch(/^ChIJ[A-Za-z0-9_-]{23}$/);
      expect(b.reviewsLink).toBe(`https://www.google.com/maps/place/?q=place_id:${b.placeId}`);
    }
  });

  it("is mostly hotels", () => {
    const hotels = sample.filter((b) => DEMO_HOTEL_TYPES.includes(b.type ?? ""));
    expect(hotels.length / N).toBeGreaterThanOrEqual(0.5);
    expect(hotels.length / N).toBeLessThan(0.6);
    const hotelTypes = new Map<string, number>();
    for (const b of hotels) hotelTypes.set(b.type ?? "", (hotelTypes.get(b.type ?? "") ?? 0) + 1);
    expect(hotelTypes.size).toBe(10);
    expect(hotelTypes.get("Hotel")! / hotels.length).toBeGreaterThan(0.4);
    expect(hotels.filter((b) => b.category === "hotels").length / hotels.length).toBeGreaterThan(0.6);
    const otherTypes = new Set(sample.filter((b) => !DEMO_HOTEL_TYPES.includes(b.type ?? "")).map((b) => b.type));
    expect(otherTypes.size).toBeGreaterThanOrEqual(60);
  });

  it("covers many real countries and cities", () => {
    const byCountry = citiesByCountry(sample);
    const cities = new Set(sample.map((b) => `${b.countryCode}|${b.city}`));
    console.log(`demo data: ${byCountry.size} countries, ${cities.size} cities in ${N} records`);
    expect(byCountry.size).toBeGreaterThanOrEqual(60);
    expect(cities.size).toBeGreaterThanOrEqual(300);
    const names = new Set(sample.map((b) => b.city));
    for (const city of ["Zürich", "São Paulo", "Kraków", "İstanbul", "Malmö", "Reykjavík", "Düsseldorf", "Ciudad de México"]) {
      expect(names.has(city), city).toBe(true);
    }
  });

  it("has more than 20 cities in each big country within the first 2,000 records", () => {
    const byCountry = citiesByCountry(sample.slice(0, 2000));
    for (const cc of ["US", "GB", "DE", "FR", "IT", "ES", "TR"]) {
      expect(byCountry.get(cc)?.size ?? 0, cc).toBeGreaterThan(20);
    }
  });

  it("uses ISO country codes and IANA time zones that Intl knows", () => {
    const regions = new Intl.DisplayNames(["en"], { type: "region" });
    const codes = new Set(sample.map((b) => b.countryCode));
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(regions.of(code as string), code as string).not.toBe(code);
    }
    const zones = new Set(sample.map((b) => b.timeZone));
    for (const tz of zones) {
      expect(() => new Intl.DateTimeFormat("en", { timeZone: tz as string }), tz as string).not.toThrow();
    }
  });

  it("writes valid JSON for working hours and about", () => {
    const days = JSON.stringify(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    const problems: string[] = [];
    let hoursNull = 0;
    let aboutNull = 0;
    for (const b of sample) {
      if (b.workingHours === null) hoursNull++;
      else {
        const hours = JSON.parse(b.workingHours) as Record<string, unknown>;
        if (JSON.stringify(Object.keys(hours)) !== days) problems.push(`days: ${b.workingHours}`);
        if (Object.values(hours).some((v) => typeof v !== "string" || v === "")) problems.push(`hours: ${b.workingHours}`);
      }
      if (b.about === null) aboutNull++;
      else {
        const about = JSON.parse(b.about) as Record<string, Record<string, unknown>>;
        const groups = Object.values(about);
        if (groups.length === 0) problems.push(`empty about: ${b.about}`);
        for (const group of groups) {
          if (Object.values(group).some((v) => typeof v !== "boolean")) problems.push(`about: ${b.about}`);
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(hoursNull / N).toBeGreaterThan(0.05);
    expect(hoursNull / N).toBeLessThan(0.15);
    expect(aboutNull / N).toBeGreaterThan(0.05);
    expect(aboutNull / N).toBeLessThan(0.15);
    const hotelHours = sample.filter((b) => b.type === "Hotel" && b.workingHours);
    const allDay = hotelHours.filter((b) => b.workingHours!.includes('"Monday": "Open 24 hours"'));
    expect(allDay.length / hotelHours.length).toBeGreaterThan(0.8);
  });

  it("keeps ratings, reviews, coordinates and dates in realistic ranges", () => {
    const problems: string[] = [];
    let nullRatings = 0;
    let minCreated = Infinity;
    let maxCreated = -Infinity;
    let typical = 0;
    for (const b of sample) {
      if (b.rating === null) {
        nullRatings++;
        if (b.reviews !== 0) problems.push(`reviews without rating: ${b.placeId}`);
      } else {
        if (b.rating < 1 || b.rating > 5 || Math.round(b.rating * 10) / 10 !== b.rating) problems.push(`rating ${b.rating}`);
        if (b.reviews < 1 || b.reviews > 20_000 || !Number.isInteger(b.reviews)) problems.push(`reviews ${b.reviews}`);
        if (b.rating >= 3.8 && b.rating <= 4.7) typical++;
      }
      if (b.latitude === null || b.longitude === null || Math.abs(b.latitude) > 90 || Math.abs(b.longitude) > 180) {
        problems.push(`coordinates ${b.latitude},${b.longitude}`);
      }
      if (!Number.isInteger(b.createdAt)) problems.push(`createdAt ${b.createdAt}`);
      minCreated = Math.min(minCreated, b.createdAt);
      maxCreated = Math.max(maxCreated, b.createdAt);
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(nullRatings / N).toBeGreaterThan(0.015);
    expect(nullRatings / N).toBeLessThan(0.05);
    expect(typical / (N - nullRatings)).toBeGreaterThan(0.6);
    expect(maxCreated - minCreated).toBeGreaterThan(600 * 86400);
    expect(maxCreated - minCreated).toBeLessThan(800 * 86400);
  });

  it("fills contact fields at realistic rates", () => {
    const share = (f: (b: DemoBusiness) => boolean): number => sample.filter(f).length / N;
    expect(share((b) => b.phone !== null)).toBeGreaterThan(0.65);
    expect(share((b) => b.phone !== null)).toBeLessThan(0.75);
    expect(share((b) => b.url !== null)).toBeGreaterThan(0.55);
    expect(share((b) => b.url !== null)).toBeLessThan(0.65);
    expect(share((b) => !b.verified)).toBeGreaterThan(0.12);
    expect(share((b) => !b.verified)).toBeLessThan(0.18);
    expect(sample.every((b) => b.url === null || /^https:\/\/www\.[a-z0-9-]+\.example(\/|$)/.test(b.url))).toBe(true);
    expect(sample.every((b) => b.phone === null || /^\+\d{1,3} [\d -]+$/.test(b.phone))).toBe(true);
  });

  it("includes rare adversarial names for escaping tests", () => {
    expect(demoBusiness(7).name).toContain("</script><script>alert(1)</script>");
    expect(demoBusiness(50_007).name).toContain('"quotes" & <b>tags</b>');
    expect(demoBusiness(100_007).name.startsWith("=HYPERLINK(")).toBe(true);
    const suspicious = sample.filter((b) => /[<>]|^[=+\-@]/.test(b.name));
    expect(suspicious.map((b) => b.name)).toEqual([demoBusiness(7).name]);
  });
});
