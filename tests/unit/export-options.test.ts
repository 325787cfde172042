import { describe, expect, it } from "vitest";
import { createdBetween, DEFAULT_EXPORT_FIELDS, EXPORT_COLUMNS, exportFileName, exportQuery, simpleExportFileName } from "~/lib/export-options";

// Sunday 2026-11-22 10:30:00 UTC
const NOW = Date.UTC(2026, 10, 22, 10, 30, 0) / 1000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe("export options", () => {
  it("offers the 27 export columns with the spec's defaults", () => {
    expect(EXPORT_COLUMNS).toHaveLength(27);
    expect(DEFAULT_EXPORT_FIELDS).toEqual(["name", "full_address", "phone", "type"]);
  });

  it("turns each date range into a created_at window (UTC)", () => {
    expect(createdBetween("all", NOW)).toEqual({});
    expect(createdBetween("today", NOW)).toEqual({ from: day("2026-11-22") });
    expect(createdBetween("yesterday", NOW)).toEqual({ from: day("2026-11-21"), to: day("2026-11-22") });
    expect(createdBetween("last24hours", NOW)).toEqual({ from: NOW - 86_400 });
    expect(createdBetween("last7days", NOW)).toEqual({ from: NOW - 7 * 86_400 });
    expect(createdBetween("thisweek", NOW)).toEqual({ from: day("2026-11-16") }); // Monday
    expect(createdBetween("thismonth", NOW)).toEqual({ from: day("2026-11-01") });
  });

  it("uses a custom range only when both days are given, end day included", () => {
    expect(createdBetween("custom", NOW, "2026-01-01", "2026-01-31")).toEqual({ from: day("2026-01-01"), to: day("2026-02-01") });
    expect(createdBetween("custom", NOW, "2026-01-01", undefined)).toEqual({});
    expect(createdBetween("custom", NOW, "yesterday", "2026-01-31")).toEqual({});
  });

  it("names files as the spec does", () => {
    const at = new Date(NOW * 1000);
    expect(exportFileName("tr", 3, "last7days", at)).toBe("businesses_tr_3kategoriler_last7days_2026-11-22T10-30-00.csv");
    expect(simpleExportFileName(at)).toBe("businesses_export_2026-11-22.csv");
  });

  it("builds the dialog's query, with a custom range only when both days are set", () => {
    expect(exportQuery(["name", "phone"], "all", [], "all", "", "").toString()).toBe("fields=name%2Cphone&countryCode=all&dateRange=all");
    // Ticked in any order, the columns come out in the spec's order.
    expect(exportQuery(["type", "phone", "name", "id", "full_address"], "all", [], "all", "", "").get("fields")).toBe("id,name,type,full_address,phone");
    expect(exportQuery(["name"], "TR", ["Hotel", "Hostel"], "custom", "2026-01-01", "").toString()).toBe(
      "fields=name&countryCode=TR&dateRange=custom&categories=Hotel%2CHostel",
    );
    expect(exportQuery(["name"], "TR", [], "custom", "2026-01-01", "2026-01-31").get("endDate")).toBe("2026-01-31");
  });
});
