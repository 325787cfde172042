import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, localImportVars, wranglerEnv } from "../../../scripts/wrangler-env.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    stateDir: string;
  }
}

const root = path.resolve(import.meta.dirname, "../../..");
export const OUTPUT_DIR = path.join(root, "tests/e2e/output");

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, env: wranglerEnv, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer on ${url}`);
}

let server: ChildProcess | undefined;

/** Starts the real Worker (built by `npm run build`) with fresh local state and demo data. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const stateDir = path.join(OUTPUT_DIR, `state-${process.pid}`);
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;

  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
  run("npx", ["tsx", "scripts/seed.ts", "--count", "400", "--persist-to", stateDir, "--site-url", baseURL]);

  const logs: string[] = [];
  server = spawn(
    "npx",
    // An inspector port of its own: workerd's default 9229 may be taken by another test's server.
    ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(await freePort()),
      "--persist-to", stateDir, "--test-scheduled",
      "--var", `SITE_URL:${baseURL}`, "--var", "ADMIN_USERNAME:admin", "--var", "ADMIN_PASSWORD:e2e-admin-password",
      "--var", "SESSION_SECRET:e2e-session-secret-0123456789", "--var", "ENVIRONMENT:development",
      ...localImportVars, "--show-interactive-dev-session=false"],
    { cwd: root, env: wranglerEnv, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  server.stdout?.on("data", (chunk) => logs.push(String(chunk)));
  server.stderr?.on("data", (chunk) => logs.push(String(chunk)));
  try {
    await waitForServer(`${baseURL}/`, server);
  } catch (error) {
    console.error(logs.join(""));
    throw error;
  }
  // A server that dies mid-run fails every later test with a refused connection: say why, once, when it happens.
  let stopping = false;
  server.once("exit", (code, signal) => {
    if (!stopping) console.error(`wrangler dev exited (${code ?? signal}) during the e2e run; its last output:\n${logs.join("").slice(-6000)}`);
  });
  project.provide("baseURL", baseURL);
  project.provide("stateDir", stateDir);

  return async () => {
    stopping = true;
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    rmSync(stateDir, { recursive: true, force: true });
  };
}
