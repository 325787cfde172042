// `npm test`: TypeScript's check beside the build (each mostly one core), then the unit layer
// beside the worker layer, then the e2e layer, each layer's time printed at the end.
import { spawn } from "node:child_process";

/** Runs `npm run <script>`; resolves with its seconds, rejects when it fails. */
function run(script) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", script], { stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`npm run ${script} failed (exit code ${code})`))));
  });
}

const started = performance.now();
const seconds = {};
try {
  const [typecheck, build] = await Promise.all([run("typecheck"), run("build")]);
  Object.assign(seconds, { typecheck, build });
  // The unit layer (about 20 s, one core) runs beside the worker layer, which waits on workerd much of its time.
  const [unit, worker] = await Promise.all([run("test:unit"), run("test:worker")]);
  Object.assign(seconds, { "test:unit": unit, "test:worker": worker });
  seconds["test:e2e"] = await run("test:e2e");
  const minutes = (performance.now() - started) / 60_000;
  console.log(`\nnpm test passed in ${minutes.toFixed(1)} minutes: ${Object.entries(seconds).map(([name, s]) => `${name} ${s.toFixed(0)} s`).join(", ")}.`);
} catch (error) {
  console.error(`\n${error.message}`);
  process.exit(1);
}
