import { createServer } from "node:net";

// Wrangler otherwise stalls 5–20 s per command on a closed network (telemetry, update check,
// Request.cf fetch), and waits at a (Y/n) prompt before applying migrations.
export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "true",
};

// Local workerd loses a queue delivery that sends to a queue right after seconds of D1 writes
// (decision 063): every local `wrangler dev` imports a file in one delivery and rests a second
// before the consumer's sends.
export const localImportVars = [
  "--var", "IMPORT_STEP_ROWS:100000000", "--var", "IMPORT_STEP_SECONDS:86400", "--var", "IMPORT_SEND_PAUSE_MS:1000",
];

/**
 * A loopback port nobody listens on now, for a `wrangler dev` of its own (tests, the bench).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}
