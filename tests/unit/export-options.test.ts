import { describe, expect, it } from "vitest";
import { createdBetween, distinctFields, exportFileName, exportQuery, fileTimestamp, parseDay, simpleExportFileName } from "~/lib/admin/export-options";

// Sunday 2026-11-22 10:30:00 UTC
const NOW = Date.UTC(2026, 10, 22, 10, 30, 0) / 1000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const at = (iso: string) => Date.parse(iso) / 1000;
const IST = "Europe/Istanbul";

describe("export options", () => {
  it("reads only real calendar days, so a made-up day is refused rather than moved", () => {
    expect(parseDay("2026-01-31")).toBe(day("2026-01-31") / 86_400);
    expect(parseDay("2024-02-29")).toBe(day("2024-02-29") / 86_400);
    for (const text of ["2026-02-30", "2026-02-29", "2026-13-01", "2020-01-01' --", "2026-1-1", "", undefined]) expect(parseDay(text), String(text)).toBeNull();
  });

  it("keeps each field once, in the order first asked for", () => {
    expect(distinctFields(["phone", "name", "phone", "name", "name"])).toEqual(["phone", "name"]);
  });

  it("turns each date range into a created_at window (UTC)", () => {
    expect(createdBetween("all", NOW, "UTC")).toEqual({});
    expect(createdBetween("today", NOW, "UTC")).toEqual({ from: day("2026-11-22") });
    expect(createdBetween("yesterday", NOW, "UTC")).toEqual({ from: day("2026-11-21"), to: day("2026-11-22") });
    expect(createdBetween("last24hours", NOW, "UTC")).toEqual({ from: NOW - 86_400 });
    expect(createdBetween("last7days", NOW, "UTC")).toEqual({ from: NOW - 7 * 86_400 });
    expect(createdBetween("thisweek", NOW, "UTC")).toEqual({ from: day("2026-11-16") }); // Monday
    expect(createdBetween("thismonth", NOW, "UTC")).toEqual({ from: day("2026-11-01") });
  });

  it("uses a custom range only when both days are given, end day included", () => {
    expect(createdBetween("custom", NOW, "UTC", "2026-01-01", "2026-01-31")).toEqual({ from: day("2026-01-01"), to: day("2026-02-01") });
    expect(createdBetween("custom", NOW, "UTC", "2026-01-01", undefined)).toEqual({});
    expect(createdBetween("custom", NOW, "UTC", "yesterday", "2026-01-31")).toEqual({});
  });

  it("counts days, weeks and months in Istanbul as Istanbul does (UTC+3 all year)", () => {
    // Sunday 2026-11-22 01:30 in Istanbul, still Saturday in UTC.
    const night = at("2026-11-21T22:30:00Z");
    expect(createdBetween("today", night, IST)).toEqual({ from: at("2026-11-21T21:00:00Z") });
    expect(createdBetween("today", night, "UTC")).toEqual({ from: day("2026-11-21") });
    expect(createdBetween("yesterday", night, IST)).toEqual({ from: at("2026-11-20T21:00:00Z"), to: at("2026-11-21T21:00:00Z") });
    expect(createdBetween("thisweek", night, IST)).toEqual({ from: at("2026-11-15T21:00:00Z") }); // Monday the 16th
    expect(createdBetween("custom", night, IST, "2026-01-01", "2026-01-31")).toEqual({ from: at("2025-12-31T21:00:00Z"), to: at("2026-01-31T21:00:00Z") });
    // Rolling ranges are the same anywhere.
    expect(createdBetween("last24hours", night, IST)).toEqual({ from: night - 86_400 });
    expect(createdBetween("last7days", night, IST)).toEqual({ from: night - 7 * 86_400 });
  });

  it("starts this month at local midnight on the 1st, minutes after it", () => {
    expect(createdBetween("thismonth", at("2026-11-30T21:10:00Z"), IST)).toEqual({ from: at("2026-11-30T21:00:00Z") }); // Dec 1st, 00:10
    expect(createdBetween("thismonth", at("2026-11-30T21:10:00Z"), "UTC")).toEqual({ from: day("2026-11-01") });
    expect(createdBetween("thismonth", at("2026-11-30T18:45:00Z"), "Asia/Kolkata")).toEqual({ from: at("2026-11-30T18:30:00Z") }); // 00:15
  });

  it("gives New York's days their 23 and 25 hours across the clock changes", () => {
    const NY = "America/New_York";
    // Monday 2026-03-09, noon EDT: Sunday the 8th lost an hour at 02:00.
    expect(createdBetween("yesterday", at("2026-03-09T16:00:00Z"), NY)).toEqual({ from: at("2026-03-08T05:00:00Z"), to: at("2026-03-09T04:00:00Z") });
    expect(createdBetween("thisweek", at("2026-03-09T16:00:00Z"), NY)).toEqual({ from: at("2026-03-09T04:00:00Z") });
    expect(createdBetween("custom", NOW, NY, "2026-03-08", "2026-03-08")).toEqual({ from: at("2026-03-08T05:00:00Z"), to: at("2026-03-09T04:00:00Z") });
    // Monday 2026-11-02, noon EST: Sunday the 1st had 25 hours.
    expect(createdBetween("yesterday", at("2026-11-02T17:00:00Z"), NY)).toEqual({ from: at("2026-11-01T04:00:00Z"), to: at("2026-11-02T05:00:00Z") });
    expect(createdBetween("thismonth", at("2026-11-02T17:00:00Z"), NY)).toEqual({ from: at("2026-11-01T04:00:00Z") });
    // 23:30 EST on the 1st is already the 2nd in UTC.
    expect(createdBetween("today", at("2026-11-02T04:30:00Z"), NY)).toEqual({ from: at("2026-11-01T04:00:00Z") });
  });

  it("counts days from the half hour in Kolkata (UTC+5:30)", () => {
    expect(createdBetween("today", NOW, "Asia/Kolkata")).toEqual({ from: at("2026-11-21T18:30:00Z") });
    expect(createdBetween("today", at("2026-11-21T19:00:00Z"), "Asia/Kolkata")).toEqual({ from: at("2026-11-21T18:30:00Z") }); // 00:30
    expect(createdBetween("custom", NOW, "Asia/Kolkata", "2026-11-22", "2026-11-22")).toEqual({ from: at("2026-11-21T18:30:00Z"), to: at("2026-11-22T18:30:00Z") });
  });

  it("reads an unknown zone as UTC rather than failing", () => {
    for (const range of ["today", "yesterday", "thisweek", "thismonth"] as const) {
      expect(createdBetween(range, NOW, "Mars/Olympus")).toEqual(createdBetween(range, NOW, "UTC"));
      expect(createdBetween(range, NOW, "")).toEqual(createdBetween(range, NOW, "UTC"));
    }
    expect(exportFileName("all", 0, "all", new Date(NOW * 1000), "Mars/Olympus")).toBe("businesses_all_0kategoriler_all_2026-11-22T10-30-00.csv");
  });

  it("names files as the spec does, with the admin's clock and calendar", () => {
    const morning = new Date(NOW * 1000);
    expect(exportFileName("tr", 3, "last7days", morning, "UTC")).toBe("businesses_tr_3kategoriler_last7days_2026-11-22T10-30-00.csv");
    expect(simpleExportFileName(morning, "UTC")).toBe("businesses_export_2026-11-22.csv");
    const night = new Date("2026-11-21T22:30:00Z");
    expect(exportFileName("tr", 0, "today", night, IST)).toBe("businesses_tr_0kategoriler_today_2026-11-22T01-30-00.csv");
    expect(simpleExportFileName(night, IST)).toBe("businesses_export_2026-11-22.csv");
    expect(simpleExportFileName(night, "UTC")).toBe("businesses_export_2026-11-21.csv");
    expect(fileTimestamp(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toBe("2026-03-08T03-00-00");
  });

  it("builds the dialog's query, with a custom range only when both days are set, and the admin's zone last", () => {
    expect(exportQuery(["name", "phone"], "all", [], "all", "", "", IST).toString()).toBe("fields=name%2Cphone&countryCode=all&dateRange=all&timeZone=Europe%2FIstanbul");
    // Ticked in any order, the columns come out in the spec's order.
    expect(exportQuery(["type", "phone", "name", "id", "full_address"], "all", [], "all", "", "", IST).get("fields")).toBe("id,name,type,full_address,phone");
    expect(exportQuery(["name"], "TR", ["Hotel", "Hostel"], "custom", "2026-01-01", "", IST).toString()).toBe(
      "fields=name&countryCode=TR&dateRange=custom&categories=hotel%2Chostel&timeZone=Europe%2FIstanbul",
    );
    // A category's comma is not a separator: categories go as their slugs.
    expect(exportQuery(["name"], "all", ["Bed & Breakfast, Inn", "Pansiyon"], "all", "", "", IST).get("categories")).toBe("bed-breakfast-inn,pansiyon");
    expect(exportQuery(["name"], "TR", [], "custom", "2026-01-01", "2026-01-31", "UTC").toString()).toBe(
      "fields=name&countryCode=TR&dateRange=custom&startDate=2026-01-01&endDate=2026-01-31&timeZone=UTC",
    );
  });
});
