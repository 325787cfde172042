/** Load on one URL with autocannon; latency percentiles computed from every response. */
import autocannon from "autocannon";
import { withCacheBust } from "./pages";

export interface LoadResult {
  connections: number;
  requests: number;
  errors: number;
  non2xx: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

let bustCounter = 0;

/** Every answer time (ms, sorted) of one autocannon run, with its failures and duration. */
export interface LoadSample {
  connections: number;
  latencies: number[];
  errors: number;
  non2xx: number;
  seconds: number;
}

/**
 * `cold`: every request carries a fresh cache-busting parameter, so every one misses the edge
 * cache and renders (and, like a real miss, stores its answer). Warm: the same URL, primed first.
 */
export async function measure(baseURL: string, path: string, options: { connections: number; seconds: number; cold: boolean }): Promise<LoadResult> {
  return summarize([await sample(baseURL, path, options)]);
}

/** One run's answer times; `prime: false` leaves a warm URL as the cache holds it (the first request may then miss). */
export async function sample(baseURL: string, path: string, options: { connections: number; seconds: number; cold: boolean; prime?: boolean }): Promise<LoadSample> {
  const run = `${Date.now().toString(36)}${process.pid}`;
  // Bounded well below the harness's own timeout, so that a stalled server is reported with its log.
  if (!options.cold && options.prime !== false) await (await fetch(baseURL + path, { signal: AbortSignal.timeout(60_000) })).arrayBuffer();
  const latencies: number[] = [];
  const instance = autocannon({
    url: baseURL,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: "GET",
        path,
        setupRequest: (request: { path: string }) => ({
          ...request,
          path: options.cold ? withCacheBust(path, `${run}-${bustCounter++}`) : path,
        }),
      },
    ],
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    connections: options.connections,
    latencies,
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
    seconds: result.duration || options.seconds,
  };
}

/** Percentiles over the answers of one or more runs at the same number of connections. */
export function summarize(samples: readonly LoadSample[]): LoadResult {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  return {
    connections: samples[0]?.connections ?? 0,
    requests: latencies.length,
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
    non2xx: samples.reduce((sum, s) => sum + s.non2xx, 0),
    rps: seconds > 0 ? latencies.length / seconds : 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  };
}
