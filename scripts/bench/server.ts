/**
 * The benchmark's database and server: a dedicated local state folder per business count
 * (seeded once with the foundation generator, reused afterwards), a consistent snapshot of its
 * D1 file for the direct-SQLite measurements, and `wrangler dev` on the bench's own port with the
 * opt-in D1 instrumentation switched on.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort, localImportVars, wranglerEnv } from "../wrangler-env.mjs";
import { d1File, dropDatabaseOfOtherMigrations } from "../local-database.mjs";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BENCH_ADMIN = { username: "bench-admin", password: "bench-admin-password-0123" };

export function run(command: string, args: string[], options: { input?: string; cwd?: string } = {}): string {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    env: wranglerEnv,
    encoding: "utf8",
    input: options.input,
    maxBuffer: 1 << 30,
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export interface SeedInfo {
  count: number;
  seededSeconds: number;
  seededAt: string;
  reused: boolean;
}

/** Migrates and seeds `stateDir` with `count` demo businesses unless a finished seed is there. */
export function ensureSeeded(stateDir: string, count: number, log: (line: string) => void): SeedInfo {
  const marker = path.join(stateDir, "seed.json");
  // A database from before the migrations' squash is seeded again.
  if (dropDatabaseOfOtherMigrations(stateDir)) rmSync(marker, { force: true });
  if (existsSync(marker)) {
    const info = JSON.parse(readFileSync(marker, "utf8")) as SeedInfo;
    if (info.count === count) {
      // Migrations added since the seed (other branches merged) are applied to the kept data.
      run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
      // Adds nothing to a seeded database, but builds page anchors a new migration lacks.
      run("npx", ["tsx", "scripts/seed.ts", "--if-empty", "--persist-to", stateDir]);
      return { ...info, reused: true };
    }
  }
  // A folder without a finished marker is a seed that was interrupted: start over.
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  log(`Seeding ${count} businesses into ${path.relative(ROOT, stateDir)} …`);
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
  const started = performance.now();
  run("nice", ["-n", "10", "npx", "tsx", "scripts/seed.ts", "--count", String(count), "--persist-to", stateDir]);
  const info: SeedInfo = {
    count,
    seededSeconds: (performance.now() - started) / 1000,
    seededAt: new Date().toISOString(),
    reused: false,
  };
  writeFileSync(marker, JSON.stringify(info, null, 2));
  return info;
}

/** A consistent copy of the D1 file (SQLite's online backup), for direct queries. */
export function snapshot(stateDir: string, target: string): { file: string; bytes: number } {
  rmSync(target, { force: true });
  run("sqlite3", [d1File(stateDir), `.backup '${target}'`]);
  return { file: target, bytes: statSync(target).size };
}

export interface RunningServer {
  baseURL: string;
  child: ChildProcess;
  stop(): Promise<void>;
  /** The end of wrangler dev's log, to say why a measurement failed. */
  logTail(): string;
}

/** `wrangler dev` of the app (or of the Worker configured in `cwd`) on `stateDir`, once it answers `/`. */
export async function startServer(stateDir: string, port: number, log: (line: string) => void, { cwd = ROOT }: { cwd?: string } = {}): Promise<RunningServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  // Edge-cache entries of an earlier run would make the first "cold" requests hits.
  rmSync(path.join(stateDir, "v3/cache"), { recursive: true, force: true });
  // Logs go to a file, not a pipe: a pipe nobody drains (while the bench waits on a child
  // process) would block wrangler's synchronous writes and stall the server.
  const logFile = path.join(stateDir, "wrangler-dev.log");
  const logFd = openSync(logFile, "w");
  const child = spawn(
    "npx",
    ["wrangler", "dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(await freePort()),
      "--persist-to", stateDir, "--var", "BENCH_METRICS:1", "--var", `SITE_URL:${baseURL}`,
      "--var", `ADMIN_USERNAME:${BENCH_ADMIN.username}`, "--var", `ADMIN_PASSWORD:${BENCH_ADMIN.password}`,
      "--var", "SESSION_SECRET:bench-session-secret-0123456789abcdef", "--var", "ENVIRONMENT:development",
      ...localImportVars, "--show-interactive-dev-session=false"],
    { cwd, env: wranglerEnv, stdio: ["ignore", logFd, logFd], detached: true },
  );
  closeSync(logFd);
  // The whole process group (npx, wrangler, workerd) goes, so the next server finds its ports free.
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, name);
      } catch {
        // already gone
      }
    };
    signal("SIGTERM");
    const inTime = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 5000))]);
    if (!inTime) {
      signal("SIGKILL");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${baseURL}/`);
      await response.arrayBuffer();
      if (response.ok) {
        log(`wrangler dev answers on ${baseURL}`);
        return { baseURL, child, stop, logTail: () => readFileSync(logFile, "utf8").slice(-6000) };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`wrangler dev did not start:\n${readFileSync(logFile, "utf8").slice(-4000)}`);
}

/**
 * `wrangler dev` on a new, empty database with every migration applied, on a free port of its
 * own (a server just stopped may still hold its ports): the import runs and local D1 alone are
 * each measured this way, like the SQLite baseline on a fresh schema.
 */
export async function startFreshServer(stateDir: string, log: (line: string) => void, { cwd = ROOT }: { cwd?: string } = {}): Promise<RunningServer> {
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], { cwd });
  return startServer(stateDir, await freePort(), log, { cwd });
}

/** The workerd processes started under `rootPid` (wrangler dev may run more than one). */
function workerdPids(rootPid: number): number[] {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      names.set(Number(entry), stat.slice(stat.indexOf("(") + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(" ")[1]));
    } catch {
      // process ended while listing
    }
  }
  const found: number[] = [];
  for (const [pid, name] of names) {
    if (name !== "workerd") continue;
    let ancestor = parents.get(pid);
    while (ancestor && ancestor !== rootPid && ancestor > 1) ancestor = parents.get(ancestor);
    if (ancestor === rootPid) found.push(pid);
  }
  return found;
}

/** Resident memory (bytes) of the workerd processes started under `rootPid`, read from /proc. */
export function workerdRss(rootPid: number): number {
  let total = 0;
  for (const pid of workerdPids(rootPid)) {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    if (match) total += Number(match[1]) * 1024;
  }
  return total;
}

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ, 100 on every mainstream build). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system, every thread) the workerd processes under `rootPid` have used so
 * far: the Worker, local D1 and the local Cache API all run there, as billed CPU would on Cloudflare
 * less the D1 and cache services.
 */
export function workerdCpuSeconds(rootPid: number): number {
  let ticks = 0;
  for (const pid of workerdPids(rootPid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // process ended while reading
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

export function toolVersions() {
  const wrangler = JSON.parse(readFileSync(path.join(ROOT, "node_modules/wrangler/package.json"), "utf8")).version as string;
  const sqlite = run("sqlite3", ["--version"]).split(" ")[0];
  return { node: process.version, wrangler, sqlite };
}
