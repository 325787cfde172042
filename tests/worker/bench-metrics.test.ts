import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { D1Recorder } from "../../workers/bench-metrics";

describe("benchmark D1 instrumentation (BENCH_METRICS=1)", () => {
  it("sums rows read over every call and records each statement with its bound values", async () => {
    await env.DB.prepare(`INSERT INTO site_settings (key, value) VALUES ('a', '1'), ('b', '2'), ('c', '3')`).run();
    const recorder = new D1Recorder();
    const db = recorder.wrap(env.DB);

    const all = await db.prepare(`SELECT key FROM site_settings ORDER BY key`).all<{ key: string }>();
    expect(all.results.map((r) => r.key)).toEqual(["a", "b", "c"]);
    expect(await db.prepare(`SELECT value FROM site_settings WHERE key = ?1`).bind("b").first("value")).toBe("2");
    expect(await db.prepare(`SELECT value FROM site_settings WHERE key = ?1`).bind("zzz").first()).toBeNull();
    const [one, two] = await db.batch([
      db.prepare(`SELECT count(*) AS n FROM site_settings`),
      db.prepare(`SELECT key FROM site_settings WHERE key > ?`).bind("a"),
    ]);
    expect(one!.results).toEqual([{ n: 3 }]);
    expect(two!.results).toHaveLength(2);
    expect(await db.prepare(`SELECT key FROM site_settings ORDER BY key LIMIT 1`).raw()).toEqual([["a"]]);

    // The same calls straight on the binding read exactly the rows the recorder summed.
    const direct = await env.DB.batch([
      env.DB.prepare(`SELECT key FROM site_settings ORDER BY key`),
      env.DB.prepare(`SELECT value FROM site_settings WHERE key = ?1`).bind("b"),
      env.DB.prepare(`SELECT value FROM site_settings WHERE key = ?1`).bind("zzz"),
      env.DB.prepare(`SELECT count(*) AS n FROM site_settings`),
      env.DB.prepare(`SELECT key FROM site_settings WHERE key > ?`).bind("a"),
    ]);
    expect(recorder.rowsRead).toBe(direct.reduce((sum, r) => sum + r.meta.rows_read, 0));
    expect(recorder.rowsRead).toBeGreaterThan(0);
    expect(recorder.calls).toBe(5);
    expect(recorder.unmetered).toBe(1);
    expect(recorder.statements).toHaveLength(6);
    expect(recorder.statements[1]).toEqual({ sql: `SELECT value FROM site_settings WHERE key = ?1`, params: ["b"] });
  });

  it("adds the figures to every answer only when BENCH_METRICS is 1, and the SQL only on request", async () => {
    let request = 0;
    const ask = async (vars: Partial<Env>, headers: HeadersInit = {}) => {
      const ctx = createExecutionContext();
      // A URL of its own per request: an edge-cache hit would make no D1 call to measure.
      const url = `http://bench.test/?_bench=${++request}`;
      const response = await worker.fetch(new Request(url, { headers }) as never, { ...env, ...vars }, ctx);
      await response.arrayBuffer();
      await waitOnExecutionContext(ctx);
      return response;
    };
    const plain = await ask({});
    expect(plain.status).toBe(200);
    expect(plain.headers.has("X-D1-Rows-Read")).toBe(false);

    const measured = await ask({ BENCH_METRICS: "1" });
    expect(Number(measured.headers.get("X-D1-Rows-Read"))).toBeGreaterThan(0);
    expect(Number(measured.headers.get("X-D1-Calls"))).toBeGreaterThan(0);
    expect(measured.headers.has("X-D1-Statements")).toBe(false);

    const captured = await ask({ BENCH_METRICS: "1" }, { "X-Bench-Capture": "1" });
    const statements = JSON.parse(decodeURIComponent(captured.headers.get("X-D1-Statements")!)) as { sql: string }[];
    expect(statements.some((s) => s.sql.includes("directory_totals"))).toBe(true);
  });
});
