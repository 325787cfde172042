import { defineConfig } from "vitest/config";

// The quick benchmark as a test (`npm run test:bench`, run by CI after `npm test`, whose build it
// uses): it starts its own server, so it stays out of the e2e layer's time.
export default defineConfig({
  cacheDir: ".cache/vite-bench",
  test: { include: ["tests/bench/**/*.test.ts"], testTimeout: 420_000 },
});
