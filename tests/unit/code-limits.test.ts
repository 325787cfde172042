import { describe, expect, it } from "vitest";
import { AD_CODE_MAX_BYTES, codeField, formatKilobytes, utf8Bytes } from "~/lib/admin/code-limits";

describe("code area limits", () => {
  it("measures UTF-8 bytes, not characters", () => {
    expect(utf8Bytes("ğ")).toBe(2);
    expect(utf8Bytes("<b>")).toBe(3);
  });

  it("formats sizes for the counters and messages", () => {
    expect(formatKilobytes(39)).toBe("39 B");
    expect(formatKilobytes(50 * 1024)).toBe("50 KB");
    expect(formatKilobytes(62_669)).toBe("61.2 KB");
  });

  it("accepts exactly 50 KB and refuses one byte more, saying by how much", () => {
    const field = codeField(AD_CODE_MAX_BYTES);
    expect(field.safeParse("x".repeat(AD_CODE_MAX_BYTES)).success).toBe(true);
    const over = field.safeParse("ğ".repeat(30 * 1024));
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe("en fazla 50 KB olabilir (şu an 60 KB)");
  });
});
