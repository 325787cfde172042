import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Worker tests run inside workerd with real local D1 (migrations applied), R2, the queue, the
// Durable Object and the Cache API, against the real Worker entry (workers/app.ts), which
// serves the Remix server build: `npm run test:worker` builds first.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  // The real Google-Maps exports (beside the clone, in shared/) for the import tests when they are
  // there: workerd cannot read the file system, so they travel as test-only bindings (the xlsx as
  // base64), empty when absent (those tests then skip; generated exports cover every path).
  const realFixtures = path.join(import.meta.dirname, "..", "shared", "fixtures", "real");
  const realCsv = path.join(realFixtures, "Outscraper-20250307150536s9c_restaurants.csv");
  const realXlsx = path.join(realFixtures, "Outscraper-20250306082041s8b.xlsx");
  return {
    cacheDir: ".cache/vite-worker",
    plugins: [
      tsconfigPaths(),
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            ADMIN_USERNAME: "admin",
            ADMIN_PASSWORD: "correct horse battery staple",
            SESSION_SECRET: "test-session-secret-0123456789abcdef",
            ENVIRONMENT: "development",
            FIXTURE_REAL_CSV: existsSync(realCsv) ? readFileSync(realCsv, "utf8") : "",
            FIXTURE_REAL_XLSX_BASE64: existsSync(realXlsx) ? readFileSync(realXlsx).toString("base64") : "",
          },
        },
      }),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["./tests/worker/apply-migrations.ts"],
      // Each file loads the whole Worker afresh (seconds of setup, one core): two files at a time.
      maxWorkers: 2,
      // A guard against a hang, not a speed check: a loaded machine takes seconds over many logins.
      testTimeout: 30_000,
      // Remix's CommonJS packages must be pre-bundled to load inside workerd.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } } },
    },
  };
});
