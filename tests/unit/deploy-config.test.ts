import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { deployArguments, deploymentProblems, type WranglerConfig } from "../../scripts/deploy-config";

const REAL_ID = "3f1c2a9e-8b7d-4c6e-9a21-5d0f7e4b2c18";
const ready = (siteUrl: unknown, databaseId = REAL_ID): WranglerConfig => ({
  vars: { SITE_URL: siteUrl },
  d1_databases: [{ binding: "DB", database_id: databaseId }],
});

describe("deploymentProblems", () => {
  it("refuses the committed wrangler.toml as it is: local SITE_URL and the placeholder database id", () => {
    const problems = deploymentProblems(parse(readFileSync("wrangler.toml", "utf8")) as WranglerConfig, null);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('SITE_URL "http://127.0.0.1:8787" is a local address');
    expect(problems[1]).toContain("no real database_id");
  });

  it("lets a public https origin and a real database id go", () => {
    expect(deploymentProblems(ready("https://www.worldhotels.example"), null)).toEqual([]);
    expect(deploymentProblems(ready("https://www.worldhotels.example/"), null)).toEqual([]);
  });

  it.each([
    ["http://localhost:8787", "local address"],
    ["https://192.168.1.20", "local address"],
    ["https://10.0.0.5", "local address"],
    ["https://172.20.1.1", "local address"],
    ["http://[::1]:8787", "local address"],
    ["https://dev.localhost", "local address"],
    ["http://www.worldhotels.example", "not https"],
    ["https://www.worldhotels.example/directory", "has a path"],
    ["www.worldhotels.example", "is not a URL"],
    ["", "not set"],
    [undefined, "not set"],
  ])("refuses SITE_URL %j (%s)", (siteUrl, reason) => {
    const problems = deploymentProblems(ready(siteUrl), null);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(reason);
  });

  it("does not take a public address in the 172.x range outside 16–31 for a private one", () => {
    expect(deploymentProblems(ready("https://172.64.1.1"), null)).toEqual([]);
  });

  it("reads an environment's own vars and database (wrangler does not inherit them), and --var wins", () => {
    const config: WranglerConfig = { ...ready("http://127.0.0.1:8787", "00000000-0000-0000-0000-000000000000"), env: { production: ready("https://www.worldhotels.example") } };
    expect(deploymentProblems(config, "production")).toEqual([]);
    expect(deploymentProblems({ ...config, env: { production: { d1_databases: config.env!.production!.d1_databases } } }, "production")[0]).toContain(
      "SITE_URL is not set in wrangler.toml [env.production.vars]",
    );
    expect(deploymentProblems(config, "staging")).toEqual(["wrangler.toml has no [env.staging] section."]);
    expect(deploymentProblems(ready("http://127.0.0.1:8787"), null, { SITE_URL: "https://www.worldhotels.example" })).toEqual([]);
  });
});

describe("deployArguments", () => {
  it("finds wrangler's --env and every --var among the deploy options", () => {
    expect(deployArguments([])).toEqual({ envName: null, varOverrides: {} });
    expect(deployArguments(["--env", "production", "--minify"])).toEqual({ envName: "production", varOverrides: {} });
    expect(deployArguments(["--env=staging"]).envName).toBe("staging");
    expect(deployArguments(["-e", "production"]).envName).toBe("production");
    expect(deployArguments(["--var", "SITE_URL:https://a.example", "MAP_STYLE_URL:https://m.example/s.json", "--dry-run"]).varOverrides).toEqual({
      SITE_URL: "https://a.example",
      MAP_STYLE_URL: "https://m.example/s.json",
    });
    expect(deployArguments(["--var=SITE_URL:https://b.example"]).varOverrides).toEqual({ SITE_URL: "https://b.example" });
  });
});
