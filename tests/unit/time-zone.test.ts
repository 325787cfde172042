import { describe, expect, it } from "vitest";
import { dayNumber, startOfLocalDay, timeZoneOrUtc, wallClock, weekdayFromMonday } from "~/lib/business/time-zone";

const at = (iso: string) => Date.parse(iso) / 1000;
const day = (iso: string) => dayNumber(...(iso.split("-").map(Number) as [number, number, number]));

describe("time zones", () => {
  it("keeps a zone the runtime knows, and reads anything else as UTC", () => {
    expect(timeZoneOrUtc("Europe/Istanbul")).toBe("Europe/Istanbul");
    expect(timeZoneOrUtc("Asia/Kolkata")).toBe("Asia/Kolkata");
    for (const bad of ["Mars/Olympus", "", "Europe/Istanbul; DROP TABLE", undefined, null, 3]) expect(timeZoneOrUtc(bad)).toBe("UTC");
  });

  it("reads the wall clock of an instant in a zone", () => {
    expect(wallClock(at("2026-11-21T22:30:05Z"), "Europe/Istanbul")).toEqual({
      day: day("2026-11-22"), year: 2026, month: 11, dayOfMonth: 22, hour: 1, minute: 30, second: 5,
    });
    expect(wallClock(at("2026-11-21T19:00:00Z"), "Asia/Kolkata")).toMatchObject({ dayOfMonth: 22, hour: 0, minute: 30 });
    expect(wallClock(at("2026-11-21T22:30:05Z"), "Mars/Olympus")).toMatchObject({ dayOfMonth: 21, hour: 22 });
  });

  it("reads each second afresh though a zone's last reading is kept (a list's open-now badges)", () => {
    const first = wallClock(at("2026-11-21T22:30:05Z"), "Europe/Istanbul");
    expect(wallClock(at("2026-11-21T22:30:05.9Z"), "Europe/Istanbul")).toBe(first);
    expect(wallClock(at("2026-11-21T22:31:05Z"), "Europe/Istanbul")).toMatchObject({ hour: 1, minute: 31 });
    expect(wallClock(at("2026-11-21T22:30:05Z"), "Europe/Istanbul")).toMatchObject({ hour: 1, minute: 30, second: 5 });
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("counts weekdays from Monday", () => {
    expect(weekdayFromMonday(day("2026-11-16"))).toBe(0); // Monday
    expect(weekdayFromMonday(day("2026-11-22"))).toBe(6); // Sunday
    expect(weekdayFromMonday(day("1969-12-29"))).toBe(0); // a Monday before 1970
  });

  it("finds where a local day begins, in whole and half-hour offsets", () => {
    expect(startOfLocalDay(day("2026-11-22"), "UTC")).toBe(at("2026-11-22T00:00:00Z"));
    expect(startOfLocalDay(day("2026-11-22"), "Europe/Istanbul")).toBe(at("2026-11-21T21:00:00Z"));
    expect(startOfLocalDay(day("2026-11-22"), "Asia/Kolkata")).toBe(at("2026-11-21T18:30:00Z"));
    expect(startOfLocalDay(day("2026-11-22"), "America/St_Johns")).toBe(at("2026-11-22T03:30:00Z"));
  });

  it("gives the 23- and 25-hour days around New York's clock changes their true length", () => {
    const start = (iso: string) => startOfLocalDay(day(iso), "America/New_York");
    expect(start("2026-03-08")).toBe(at("2026-03-08T05:00:00Z")); // EST midnight
    expect(start("2026-03-09")).toBe(at("2026-03-09T04:00:00Z")); // EDT midnight
    expect(start("2026-03-09") - start("2026-03-08")).toBe(23 * 3600);
    expect(start("2026-11-01")).toBe(at("2026-11-01T04:00:00Z"));
    expect(start("2026-11-02")).toBe(at("2026-11-02T05:00:00Z"));
    expect(start("2026-11-02") - start("2026-11-01")).toBe(25 * 3600);
  });

  it("begins a day whose midnight a clock change skips at its first instant", () => {
    // Santiago: 2026-09-06 00:00 becomes 01:00; on 2026-04-05, 00:00 goes back to 23:00 of the 4th.
    expect(startOfLocalDay(day("2026-09-06"), "America/Santiago")).toBe(at("2026-09-06T04:00:00Z"));
    expect(startOfLocalDay(day("2026-04-04"), "America/Santiago")).toBe(at("2026-04-04T03:00:00Z"));
    expect(startOfLocalDay(day("2026-04-05"), "America/Santiago")).toBe(at("2026-04-05T04:00:00Z"));
  });
});
