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
    ["https://localhost.", "local address"],
    ["https://169.254.10.1", "local address"],
    ["https://100.64.0.1", "local address"],
    ["https://[fd12:3456::1]", "local address"],
    ["https://[fe80::1]", "local address"],
    ["https://[::ffff:127.0.0.1]", "local address"],
    ["http://www.worldhotels.example", "not https"],
    ["https://www.worldhotels.example/directory", "more than an origin"],
    ["https://www.worldhotels.example?", "more than an origin"],
    ["https://www.worldhotels.example/#", "more than an origin"],
    ["https://admin:secret@www.worldhotels.example", "more than an origin"],
    [" https://www.worldhotels.example", "more than an origin"],
    ["www.worldhotels.example", "is not a URL"],
    ["", "not set"],
    [undefined, "not set"],
  ])("refuses SITE_URL %j (%s)", (siteUrl, reason) => {
    const problems = deploymentProblems(ready(siteUrl), null);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(reason);
  });

  it("does not take public addresses beside the private ranges for private ones", () => {
    for (const siteUrl of ["https://172.64.1.1", "https://100.128.0.1", "https://[2606:4700::1111]", "https://WWW.Worldhotels.example"]) {
      expect(deploymentProblems(ready(siteUrl), null), siteUrl).toEqual([]);
    }
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
  it("finds wrangler's environment, configuration file and every --var among the deploy options", () => {
    expect(deployArguments([])).toEqual({ envName: null, configPath: "wrangler.toml", varOverrides: {} });
    expect(deployArguments(["--env", "production", "--minify"])).toMatchObject({ envName: "production", varOverrides: {} });
    expect(deployArguments(["--env=staging"]).envName).toBe("staging");
    expect(deployArguments(["-e", "production"]).envName).toBe("production");
    expect(deployArguments(["-e=dev"]).envName).toBe("dev");
    expect(deployArguments(["-c", "deploy/wrangler.toml"]).configPath).toBe("deploy/wrangler.toml");
    expect(deployArguments(["--config=prod.toml"]).configPath).toBe("prod.toml");
    expect(deployArguments(["--var", "SITE_URL:https://a.example", "MAP_STYLE_URL:https://m.example/s.json", "--dry-run"]).varOverrides).toEqual({
      SITE_URL: "https://a.example",
      MAP_STYLE_URL: "https://m.example/s.json",
    });
    expect(deployArguments(["--var=SITE_URL:https://b.example"]).varOverrides).toEqual({ SITE_URL: "https://b.example" });
  });

  it("takes the environment wrangler takes from CLOUDFLARE_ENV unless --env names one", () => {
    expect(deployArguments([], { CLOUDFLARE_ENV: "production" }).envName).toBe("production");
    expect(deployArguments(["--env", "staging"], { CLOUDFLARE_ENV: "production" }).envName).toBe("staging");
    expect(deployArguments([], { CLOUDFLARE_ENV: "" }).envName).toBeNull();
  });
});
