import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STALLED_IMPORTS_CRON, UPKEEP_CRON } from "../../workers/cron-schedules";

describe("cron schedules", () => {
  it("are the ones wrangler.toml triggers, so each task the handler picks by schedule really runs", () => {
    const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
    const crons = /^crons\s*=\s*\[(.*)\]$/m.exec(toml)?.[1];
    expect(JSON.parse(`[${crons}]`)).toEqual([UPKEEP_CRON, STALLED_IMPORTS_CRON]);
  });
});
