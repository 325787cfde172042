import { describe, expect, it } from "vitest";
import { DEFAULT_STEP_LIMITS, importStepLimits } from "~/import/step-limits";

describe("import step limits", () => {
  it("keeps the production defaults when no var is set", () => {
    expect(importStepLimits({})).toEqual(DEFAULT_STEP_LIMITS);
  });

  it("reads rows and seconds from the vars", () => {
    expect(importStepLimits({ IMPORT_STEP_ROWS: "1000000", IMPORT_STEP_SECONDS: "3600", IMPORT_SEND_PAUSE_MS: "1000" })).toEqual({
      stepRows: 1_000_000,
      stepMs: 3_600_000,
      sendPauseMs: 1000,
    });
    expect(importStepLimits({ IMPORT_STEP_ROWS: " 4000 " })).toEqual({ stepRows: 4000, stepMs: 20_000, sendPauseMs: 0 });
  });

  it("caps the rest before a send at ten seconds", () => {
    expect(importStepLimits({ IMPORT_SEND_PAUSE_MS: "600000" }).sendPauseMs).toBe(10_000);
  });

  it("ignores a value that is not a positive whole number instead of stalling or never stepping", () => {
    for (const bad of ["0", "-5", "1.5", "abc", "", "1e6", "99999999999999999999"]) {
      expect(importStepLimits({ IMPORT_STEP_ROWS: bad, IMPORT_STEP_SECONDS: bad, IMPORT_SEND_PAUSE_MS: bad })).toEqual(DEFAULT_STEP_LIMITS);
    }
  });
});
