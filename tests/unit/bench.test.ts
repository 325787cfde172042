import { describe, expect, test } from "vitest";
import { latencySummary, SLOW_ANSWER_MS } from "../../scripts/bench/import-export";
import { percentile } from "../../scripts/bench/load";
import { numberPlaceholders } from "../../scripts/bench/sqlite";

describe("bench: replaying a page's SQL on SQLite", () => {
  test("numbers anonymous placeholders in order, after numbered ones, outside quotes and comments", () => {
    expect(numberPlaceholders("SELECT * FROM t WHERE a = ? AND b = ? LIMIT ?")).toBe("SELECT * FROM t WHERE a = ?1 AND b = ?2 LIMIT ?3");
    expect(numberPlaceholders("SELECT '?', \"a?\" FROM t WHERE a = ?2 AND b = ? -- why?\nAND c = ?")).toBe(
      "SELECT '?', \"a?\" FROM t WHERE a = ?2 AND b = ?3 -- why?\nAND c = ?4",
    );
  });
});

describe("bench: latency percentiles", () => {
  test("nearest-rank percentiles of sorted latencies", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });
});

describe("bench: answer times during an import", () => {
  test("an unanswered request counts as the longest wait, so a stalled server cannot look fast", () => {
    const answered = Array.from({ length: 19 }, (_, i) => 100 + i);
    expect(latencySummary([...answered, null])).toEqual({ requests: 20, p95Ms: 118, maxMs: SLOW_ANSWER_MS, unanswered: 1 });
    expect(latencySummary([null, null, 40]).p95Ms).toBe(SLOW_ANSWER_MS);
    expect(latencySummary([])).toEqual({ requests: 0, p95Ms: 0, maxMs: 0, unanswered: 0 });
  });
});
