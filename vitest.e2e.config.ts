import { defineConfig } from "vitest/config";

// End-to-end tests: Debian's Chromium (playwright-core) against the real Worker served by
// `wrangler dev` on a free port with its own fresh local state (see tests/e2e/support/server.ts).
export default defineConfig({
  cacheDir: ".cache/vite-e2e",
  // Test helpers import the app's constants, whose modules import each other through `~`.
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["./tests/e2e/support/server.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One Worker, one browser at a time: the machine has two cores.
    fileParallelism: false,
    // What a page shows after a request (a deleted row gone once the list reloads) can take
    // seconds on a loaded two-core machine: expect.poll's default second made such checks flaky.
    expect: { poll: { timeout: 10_000 } },
  },
});
