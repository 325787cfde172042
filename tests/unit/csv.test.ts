import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "~/lib/admin/csv";

describe("CSV cells (RFC 4180)", () => {
  it("leaves plain text and numbers as they are", () => {
    expect(csvCell("Grand Hotel")).toBe("Grand Hotel");
    expect(csvCell(4.5)).toBe("4.5");
    expect(csvCell(0)).toBe("0");
  });

  it("quotes fields with commas, quotes or line breaks and doubles the quotes", () => {
    expect(csvCell("Main St 1, Berlin")).toBe('"Main St 1, Berlin"');
    expect(csvCell('The "Best" Inn')).toBe('"The ""Best"" Inn"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it("writes empty cells for missing values and words for booleans", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(false)).toBe("false");
  });

  it("neutralises text that a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+90 212 555 0000")).toBe("'+90 212 555 0000");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
  });

  it("keeps real negative numbers as numbers (a western longitude)", () => {
    expect(csvCell(-73.9857)).toBe("-73.9857");
  });

  it("ends rows with CRLF and keeps non-ASCII text intact", () => {
    expect(csvRow(["İstanbul", 41.01, null, "Çırağan, Beşiktaş"])).toBe('İstanbul,41.01,,"Çırağan, Beşiktaş"\r\n');
  });
});
