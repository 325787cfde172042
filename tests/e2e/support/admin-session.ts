import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { wranglerEnv } from "../../../scripts/wrangler-env.mjs";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * A signed-in admin for a test, written straight into the dev server's local D1 the way
 * createAdminSession stores it (the SHA-256 of the cookie token): the test does not depend on
 * the login screen, which another part of the back office owns.
 */
export function adminSessionToken(stateDir: string, username = "e2e-upload-admin"): string {
  const token = randomBytes(32).toString("base64url");
  const id = createHash("sha256").update(token).digest("base64");
  const now = Math.floor(Date.now() / 1000);
  const sql = `INSERT INTO admin_users (username, password_hash, salt, iterations) SELECT '${username}', 'unusable', 'unusable', 1
                 WHERE NOT EXISTS (SELECT 1 FROM admin_users WHERE username = '${username}');
               INSERT INTO admin_sessions (id, user_id, created_at, last_seen_at)
                 SELECT '${id}', id, ${now}, ${now} FROM admin_users WHERE username = '${username}';`;
  const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--command", sql], {
    cwd: root,
    env: wranglerEnv,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`could not create an admin session:\n${result.stdout}\n${result.stderr}`);
  return token;
}
