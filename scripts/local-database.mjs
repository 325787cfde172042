import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { wranglerEnv } from "./wrangler-env.mjs";

/**
 * Deletes a local D1 database that migrations no longer in `migrations/` built (one made before
 * the squash of 0000–0019 into a baseline), so that applying the migrations builds it anew; the
 * project was never deployed, so only local data made before the squash is lost.
 * @param {string} persistDir wrangler's state folder (`--persist-to`)
 * @returns {boolean} whether it was deleted
 */
export function dropDatabaseOfOtherMigrations(persistDir = ".wrangler/state") {
  const d1Dir = path.join(persistDir, "v3", "d1");
  if (!existsSync(d1Dir)) return false;
  const query = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", "SELECT name FROM d1_migrations"],
    { env: wranglerEnv, encoding: "utf8" },
  );
  // No migrations table yet: nothing was applied.
  if (query.status !== 0) return false;
  const applied = JSON.parse(query.stdout).flatMap((/** @type {{ results: { name: string }[] }} */ answer) => answer.results.map((row) => row.name));
  const known = new Set(readdirSync("migrations").filter((file) => file.endsWith(".sql")));
  const unknown = applied.filter((/** @type {string} */ name) => !known.has(name));
  if (unknown.length === 0) return false;
  console.log(`The local database in ${persistDir} was built by migrations no longer in migrations/ (${unknown[0]} …): it is deleted and built again.`);
  rmSync(d1Dir, { recursive: true, force: true });
  return true;
}

/**
 * The local D1 database file of a state folder (miniflare keeps one SQLite file per database),
 * for the tools that write or read it with `sqlite3` directly.
 * @param {string} persistDir wrangler's state folder (`--persist-to`)
 * @returns {string}
 */
export function d1File(persistDir) {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  const [file, ...others] = files;
  if (!file || others.length) throw new Error(`Expected one local D1 database in ${dir}, found ${files.join(", ") || "none"}: apply the migrations first.`);
  return path.join(dir, file);
}

/**
 * Runs `input` through the sqlite3 command-line tool on `file`, stopping at the first error, and
 * answers what it printed; throws with sqlite3's messages when it fails or is missing.
 * @param {string} file a SQLite database file
 * @param {string} input SQL and dot-commands
 * @returns {string}
 */
export function sqliteCli(file, input) {
  const result = spawnSync("sqlite3", ["-batch", "-bail", file], { input, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`the sqlite3 command-line tool is required (Debian package sqlite3): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`sqlite3 failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
