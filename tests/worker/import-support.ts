import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { createAdminUser, newAdminSession } from "~/models/auth.server";
import { startImportJob } from "~/import/upload.server";
import { uploadObjectKey } from "~/import/store.server";
import type { QueueMessage } from "~/models/queue-messages.server";

/** The site's configured origin: the Origin every admin write must carry (workers/origin-guard.ts). */
export const SITE_ORIGIN = new URL(env.SITE_URL).origin;

/**
 * A signed-in admin's Cookie header for SELF.fetch to `site` (the cookie's name follows the
 * site's scheme: `__Host-admin_session` over https, `admin_session` over local http).
 */
export async function adminCookie(site = "https://example.com"): Promise<string> {
  await createAdminUser(env.DB, "admin", "pw");
  const user = await env.DB.prepare(`SELECT id FROM admin_users WHERE username = 'admin'`).first<{ id: number }>();
  const session = await newAdminSession(env.DB, user!.id, new Request(`${site}/`), env);
  await session.store.run();
  return session.setCookie.split(";")[0]!;
}

export async function uploadFile(cookie: string, fileName: string, bytes: Uint8Array | string, batchSize = 500) {
  const form = new FormData();
  form.set("file", new File([bytes as BlobPart], fileName));
  form.set("batchSize", String(batchSize));
  form.set("fileIndex", "0");
  form.set("totalFiles", "1");
  const response = await SELF.fetch("https://example.com/api/upload-excel-batch", { method: "POST", body: form, headers: { Cookie: cookie, Origin: SITE_ORIGIN } });
  return { status: response.status, body: (await response.json()) as { success: boolean; message: string; jobId?: string } };
}

export interface JobAnswer {
  status: string;
  progress: { processedRows: number; successCount: number } | null;
  result: {
    success: boolean;
    message: string;
    totalRows: number;
    successCount: number;
    addedCount: number;
    updatedCount: number;
    errorCount: number;
    skippedCount: number;
    errors: string[];
    skippedBusinesses: string[];
    columnExtraction: { extractedCount: number; extractionRate: number; successful: string[]; missing: string[] } | null;
    duplicateAnalysis: Record<string, number | string[]>;
  } | null;
}

export async function waitForJob(cookie: string, jobId: string, timeoutMs = 30_000): Promise<JobAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await SELF.fetch(`https://example.com/api/admin/upload-jobs/${jobId}`, { headers: { Cookie: cookie } });
    const job = (await response.json()) as JobAnswer;
    if (job.status === "done" || job.status === "failed") return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function importFile(cookie: string, fileName: string, bytes: Uint8Array | string, batchSize = 500) {
  const upload = await uploadFile(cookie, fileName, bytes, batchSize);
  if (upload.status !== 202 || !upload.body.jobId) throw new Error(`upload refused: ${upload.status} ${upload.body.message}`);
  return waitForJob(cookie, upload.body.jobId);
}

export async function businessCount(): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM businesses`).first<{ n: number }>();
  return row!.n;
}

export function base64ToBytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** A D1 binding whose `nth` db.batch commits and then throws: a consumer dying right after a step. */
export function crashingDb(nth: number, message = "simulated crash after a committed step"): D1Database {
  let calls = 0;
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const result = await target.batch(statements);
          if (++calls === nth) throw new Error(message);
          return result;
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * A D1 binding whose `nth` db.batch first says it is about to run (`reached`) and then waits for
 * `release`: a delivery or an admin step paused just before that write while something else happens.
 */
export function pausingDb(nth: number) {
  let reached!: () => void;
  let release!: () => void;
  const atBatch = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          if (++calls === nth) {
            reached();
            await released;
          }
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, reached: atBatch, release };
}

/** The real bindings, with a queue that records what is sent and throws while `failing` is set. */
export function recordingEnv(overrides: Partial<Env> = {}) {
  const sent: QueueMessage[] = [];
  const state = { failing: false };
  const queue = {
    send: async (message: QueueMessage) => {
      if (state.failing) throw new Error("queue unavailable");
      sent.push(message);
    },
  } as unknown as Queue;
  return { env: { ...env, WORK_QUEUE: queue, ...overrides } as Env, sent, state };
}

/** A queued CSV job of `rows` businesses (place ids `name-jobId-i`), its upload message recorded, not delivered. */
export async function queuedJob(name: string, rows: number) {
  const jobId = crypto.randomUUID();
  const text = ["name,place_id", ...Array.from({ length: rows }, (_, i) => `${name} Hotel ${i},${name}-${jobId}-${i}`)].join("\n");
  await env.BUCKET.put(uploadObjectKey(jobId), text);
  const { env: quiet } = recordingEnv();
  expect((await startImportJob(quiet, { jobId, fileName: `${name}.csv`, fileSize: text.length, fileType: "csv", batchSize: 100 })).ok).toBe(true);
  return jobId;
}
