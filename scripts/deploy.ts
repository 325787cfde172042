/**
 * npm run deploy [-- wrangler deploy options]: refuses a wrangler.toml that still holds the
 * local defaults (scripts/deploy-config.ts), then builds and runs `wrangler deploy` with the
 * options given.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { deployArguments, deploymentProblems, type WranglerConfig } from "./deploy-config";

const args = process.argv.slice(2);
const { envName, varOverrides } = deployArguments(args);
const problems = deploymentProblems(parse(readFileSync("wrangler.toml", "utf8")) as WranglerConfig, envName, varOverrides);
if (problems.length > 0) {
  console.error(`Not deployed:\n${problems.map((problem) => `  ✖ ${problem}`).join("\n")}`);
  process.exit(1);
}
for (const [command, commandArgs] of [["npm", ["run", "build"]], ["npx", ["wrangler", "deploy", ...args]]] as const) {
  const result = spawnSync(command, commandArgs, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
