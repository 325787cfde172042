import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchQuery, queryRetryDelayMs } from "~/lib/admin/query-retry";

/** A fetch answering each call from the list (a status, or "network" for a failure). */
function scriptedFetch(answers: (number | "network")[]) {
  const calls: number[] = [];
  const fetcher = vi.fn(async () => {
    calls.push(Date.now());
    const answer = answers[calls.length - 1] ?? 200;
    if (answer === "network") throw new TypeError("Failed to fetch");
    return new Response(String(answer), { status: answer });
  });
  return { fetcher: fetcher as unknown as typeof fetch, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("query retry", () => {
  it("waits 1 s, 2 s, 4 s … between attempts, at most 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("tries a failed query again after 1 s and 2 s, and answers once it works", async () => {
    const { fetcher, calls } = scriptedFetch(["network", 503, 200]);
    const answer = fetchQuery(fetcher, "/countries.data");
    await vi.runAllTimersAsync();
    expect((await answer).status).toBe(200);
    expect(calls.map((at) => at - calls[0]!)).toEqual([0, 1000, 3000]);
  });

  it("gives up after 3 retries with the last failure", async () => {
    const network = scriptedFetch(["network", "network", "network", "network", 200]);
    const failed = fetchQuery(network.fetcher, "/countries.data").catch((error: Error) => error.message);
    await vi.runAllTimersAsync();
    expect(await failed).toBe("Failed to fetch");
    expect(network.calls).toHaveLength(4);

    const server = scriptedFetch([500, 500, 500, 502, 200]);
    const answered = fetchQuery(server.fetcher, "/countries.data");
    await vi.runAllTimersAsync();
    expect((await answered).status).toBe(502);
    expect(server.calls).toHaveLength(4);
  });

  it("takes a 4xx as the answer, not a failure", async () => {
    const { fetcher, calls } = scriptedFetch([404, 200]);
    expect((await fetchQuery(fetcher, "/categories/nope.data")).status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it("stops waiting when the caller aborts (the visitor typed on)", async () => {
    const { fetcher, calls } = scriptedFetch(["network", 200]);
    const controller = new AbortController();
    const aborted = fetchQuery(fetcher, "/countries.data", { signal: controller.signal }).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(await aborted).toBe("Failed to fetch");
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
  });
});
