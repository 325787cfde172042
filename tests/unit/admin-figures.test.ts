import { describe, expect, it } from "vitest";
import { deciderLabel, formatDuration, formatShare, windowDays, windowStart } from "~/lib/admin/figures";

describe("the figures' words", () => {
  it("write a wait as the back office reads it", () => {
    expect(formatDuration(30)).toBe("1 dk'dan az");
    expect(formatDuration(45 * 60)).toBe("45 dk");
    expect(formatDuration(9000)).toBe("2 sa 30 dk");
    expect(formatDuration(3 * 3600)).toBe("3 sa");
    expect(formatDuration(2 * 86_400 + 4 * 3600 + 59)).toBe("2 gün 4 sa");
    expect(formatDuration(86_400)).toBe("1 gün");
  });

  it("write a share and who decided in Turkish", () => {
    expect(formatShare(0.75)).toBe("%75");
    expect(deciderLabel("auto")).toBe("Otomatik");
    expect(deciderLabel("Ayşe Yılmaz")).toBe("Ayşe Yılmaz");
  });

  it("cover 30 UTC days ending today, from the first one's midnight", () => {
    const now = Date.UTC(2026, 2, 1, 0, 0, 5) / 1000;
    const days = windowDays(now);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-01-31");
    expect(days.at(-1)).toBe("2026-03-01");
    expect(windowStart(now)).toBe(Date.UTC(2026, 0, 31) / 1000);
  });
});
