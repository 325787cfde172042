import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { UPKEEP_CRON } from "../../workers/cron-schedules";
import { uploadProgressStub } from "~/import/progress.server";
import { eventually } from "./support/eventually";


describe("the platform bindings", () => {
  it("has the migrated schema in D1, with the search index", async () => {
    const { results } = await env.DB.prepare(
      `SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name`,
    ).all<{ name: string }>();
    const names = results.map((row) => row.name);
    for (const table of ["businesses", "categories", "countries", "cities", "businesses_fts", "admin_users", "admin_sessions", "site_settings", "ad_codes", "contact_messages", "upload_jobs"]) {
      expect(names).toContain(table);
    }
  });

  it("stores and reads back an R2 object", async () => {
    await env.BUCKET.put("probe/hello.txt", "Merhaba dünya");
    const object = await env.BUCKET.get("probe/hello.txt");
    expect(await object?.text()).toBe("Merhaba dünya");
  });

  it("relays a published state to a WebSocket watcher of the upload job's Durable Object", async () => {
    const stub = uploadProgressStub(env, "job-relay");
    await stub.publish({ status: "processing", processedRows: 10 });
    const response = await stub.fetch("https://progress/", { headers: { Upgrade: "websocket" } });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    const received: unknown[] = [];
    socket.addEventListener("message", (event) => {
      received.push(JSON.parse(event.data as string));
    });
    socket.accept();
    // The current state arrives at once on connect, then every update.
    await eventually(async () => received.length >= 1);
    expect(await stub.publish({ status: "done", processedRows: 20 })).toBe(1);
    await eventually(async () => received.length >= 2);
    expect(received).toEqual([
      { status: "processing", processedRows: 10 },
      { status: "done", processedRows: 20 },
    ]);
    socket.close(1000, "bye");
  });

  it("consumes a message sent to the queue", async () => {
    await env.WORK_QUEUE.send({ kind: "sitemaps.rebuild", reason: "test" });
    const row = await eventually(() =>
      env.DB.prepare(`SELECT value FROM app_state WHERE key = 'sitemaps_requests'`).first<{ value: string }>(),
    );
    expect(Number(row.value)).toBeGreaterThan(0);
  });

  it("runs the cron handler, which queues a sitemap rebuild", async () => {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: UPKEEP_CRON, scheduledTime: Date.now() }), env);
    await waitOnExecutionContext(ctx);
    const row = await eventually(() =>
      env.DB.prepare(`SELECT value FROM app_state WHERE key = 'sitemaps_requests'`).first<{ value: string }>(),
    );
    expect(Number(row.value)).toBeGreaterThan(0);
  });

  it("serves a server-rendered Remix page through the Worker", async () => {
    const response = await SELF.fetch("https://example.com/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("<h1");
  });
});
