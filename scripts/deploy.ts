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
const { envName, configPath, varOverrides } = deployArguments(args, process.env);
if (!configPath.endsWith(".toml")) {
  console.error(`Not deployed: the check reads a wrangler.toml, not ${configPath}.`);
  process.exit(1);
}
const problems = deploymentProblems(parse(readFileSync(configPath, "utf8")) as WranglerConfig, envName, varOverrides, configPath);
if (problems.length > 0) {
  console.error(`Not deployed:\n${problems.map((problem) => `  ✖ ${problem}`).join("\n")}`);
  process.exit(1);
}
for (const [command, commandArgs] of [["npm", ["run", "build"]], ["npx", ["wrangler", "deploy", ...args]]] as const) {
  const result = spawnSync(command, commandArgs, { stdio: "inherit", shell: process.platform === "win32" });
  if (result.error) console.error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
