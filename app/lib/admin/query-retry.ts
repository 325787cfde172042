/**
 * The spec's default data loading: a query (a read) that fails is retried 3 times, waiting
 * 1 second doubled each attempt (at most 30 seconds); mutations are not retried. Queries here
 * are Remix's page-data requests (GET …/*.data, every list, search and detail page after the
 * first) and the admin screens' GET calls.
 */
export const QUERY_RETRIES = 3;

/** The wait before retry `attempt` (0-based): 1 s, 2 s, 4 s, … at most 30 s. */
export function queryRetryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/**
 * `fetcher(input, init)`, tried again after a network failure or a 5xx answer. A 4xx is an
 * answer (not found, signed out), not a failure; a request its caller aborted (the visitor typed
 * on, or left) is not retried and rejects as an abort.
 */
export async function fetchQuery(fetcher: typeof fetch, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
  for (let attempt = 0; ; attempt++) {
    let failure: unknown = null;
    try {
      const response = await fetcher(input, init);
      if (response.status < 500 || attempt >= QUERY_RETRIES) return response;
      await response.body?.cancel();
    } catch (error) {
      if (signal?.aborted || attempt >= QUERY_RETRIES) throw error;
      failure = error;
    }
    await wait(queryRetryDelayMs(attempt), signal, failure);
  }
}

function wait(ms: number, signal: AbortSignal | null | undefined, failure: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(failure ?? signal.reason);
    }, { once: true });
  });
}

/** The method and address of a `fetch(input, init)` call, relative addresses read against `origin`. */
export function fetchTarget(input: RequestInfo | URL, init: RequestInit | undefined, origin: string): { method: string; url: URL } {
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  return { method, url: new URL(input instanceof Request ? input.url : String(input), origin) };
}

/** A GET of Remix page data on this site. */
function isPageData(input: RequestInfo | URL, init: RequestInit | undefined, origin: string): boolean {
  const { method, url } = fetchTarget(input, init, origin);
  return method === "GET" && url.origin === origin && url.pathname.endsWith(".data");
}

/** Makes the page's page-data requests queries (installed once, by entry.client). */
export function retryPageData(win: Window & typeof globalThis) {
  const original = win.fetch.bind(win);
  win.fetch = (input, init) => (isPageData(input, init, win.location.origin) ? fetchQuery(original, input, init) : original(input, init));
}
