#!/usr/bin/env node
// npm start: build, apply local D1 migrations, seed demo data when the database is empty (and
// build the sitemaps when none are live), make sure .dev.vars exists, then serve everything
// (pages, API, queue consumer, Durable Object, cron test endpoint) with `wrangler dev` on
// http://127.0.0.1:${PORT:-8787}. Safe to run again.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { dropDatabaseOfOtherMigrations } from "./local-database.mjs";
import { localImportVars, wranglerEnv } from "./wrangler-env.mjs";

const port = process.env.PORT || "8787";
const siteUrl = `http://127.0.0.1:${port}`;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: wranglerEnv, ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(" ")} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

function ensureDevVars() {
  if (!existsSync(".dev.vars")) {
    const password = randomBytes(12).toString("base64url");
    writeFileSync(
      ".dev.vars",
      [
        "# Local secrets for wrangler dev (never committed).",
        "ENVIRONMENT=development",
        "ADMIN_USERNAME=admin",
        `ADMIN_PASSWORD=${password}`,
        `SESSION_SECRET=${randomBytes(32).toString("base64url")}`,
        "",
      ].join("\n"),
      { mode: 0o600 },
    );
    console.log("Created .dev.vars with a generated admin password.");
  }
  const vars = Object.fromEntries(
    readFileSync(".dev.vars", "utf8")
      .split("\n")
      .filter((line) => line.includes("=") && !line.startsWith("#"))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  return { username: vars.ADMIN_USERNAME, password: vars.ADMIN_PASSWORD };
}

const login = ensureDevVars();
if (!process.argv.includes("--no-build")) run("npx", ["remix", "vite:build"]);
dropDatabaseOfOtherMigrations();
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"]);
run("npx", ["tsx", "scripts/seed.ts", "--if-empty", "--site-url", siteUrl]);

console.log(`\nAdmin login (local): ${siteUrl}/admin/login  username: ${login.username}  password: ${login.password}`);
console.log(`Cron test endpoint: ${siteUrl}/__scheduled?cron=0+*/6+*+*+*\n`);

const dev = spawn(
  "npx",
  ["wrangler", "dev", "--ip", "127.0.0.1", "--port", port, "--test-scheduled", "--var", `SITE_URL:${siteUrl}`, ...localImportVars, "--show-interactive-dev-session=false"],
  { stdio: "inherit", env: wranglerEnv },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));

// wrangler dev fires no cron by itself: the stalled-import check (STALLED_IMPORTS_CRON in
// workers/cron-schedules.ts) runs every 10 minutes as on Cloudflare, so an import whose local
// queue stopped delivering is resumed instead of staying queued (docs/local-vs-production.md).
// node:http sets no timeout: a step the check runs itself may take as long as the file (decision 063).
setInterval(() => {
  get(`${siteUrl}/__scheduled?cron=*/10+*+*+*+*`, (response) => response.resume()).on("error", (error) => console.error(`stalled-import check failed: ${error.message}`));
}, 10 * 60 * 1000).unref();
dev.on("exit", (code) => process.exit(code ?? 0));
