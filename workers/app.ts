import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { isAdminPath } from "~/lib/admin/admin-path";
import { canonicalTopLevelPath } from "~/lib/directory/canonical-path";
import { pruneAuditLog } from "~/models/audit-log.server";
import { deleteExpiredAdminSessions } from "~/models/auth.server";
import { deleteSentMail, deliverQueuedMail } from "~/models/mail-outbox.server";
import { deleteExpiredMemberSignIns } from "~/models/member.server";
import { deleteExpiredRateLimits } from "~/models/rate-limit.server";
// @ts-ignore The server build exists once `npm run build` has run (npm start and npm test build first).
import * as build from "../build/server/index.js";
import { D1Recorder } from "./bench-metrics";
import { STALLED_IMPORTS_CRON } from "./cron-schedules";
import { DEAD_LETTER_QUEUE, handleDeadLetter } from "./dead-letters";
import { warmEdgeCache, withEdgeCache } from "./edge-cache";
import { refuseCrossSiteRequest } from "./origin-guard";
import { newCspNonce, withSecurityHeaders } from "./security-headers";
import { queuePageAnchorRebuild, queueSitemapRebuild, type QueueMessage } from "~/models/queue-messages.server";
import { processImportJob } from "~/import/consumer.server";
import { clearAbandonedUploads, resumeStalledImports } from "~/import/stalled.server";
import { rebuildPageAnchorRound } from "./page-anchors";
import { startDerivedColumnsWalk, walkDerivedColumnsRound } from "./derived-columns-walk";
import { rebuildSitemaps, runSitemapBuildStep } from "./sitemaps";

export { UploadProgress } from "./progress";

const serverBuild = build as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(serverBuild);

/** Remix's answer to one request (the edge cache may also call it for a background render). */
function renderPage(request: Request, env: Env, ctx: ExecutionContext, cspNonce: string | null): Promise<Response> {
  return handleRemixRequest(request, {
    cspNonce,
    cloudflare: {
      cf: request.cf as never,
      ctx: { waitUntil: ctx.waitUntil.bind(ctx), passThroughOnException: ctx.passThroughOnException.bind(ctx) } as never,
      caches: caches as never,
      env,
    },
  });
}

function handleFetch(request: Request, env: Env, ctx: ExecutionContext, cspNonce: string | null): Promise<Response> {
  return withEdgeCache(request, env, ctx, serverBuild.assets.version, (page) => renderPage(page, env, ctx, cspNonce));
}

/**
 * The warm-up after a bump, run by the queue: any background work a page starts is waited for
 * before the message is acknowledged. Public pages only, so no script nonce.
 */
async function warmUpEdgeCache(env: Env, asked: { generation: number; directoryGeneration: number }): Promise<void> {
  const background: Promise<unknown>[] = [];
  const ctx = { waitUntil: (work: Promise<unknown>) => void background.push(work), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  await warmEdgeCache(env, serverBuild.assets.version, asked, (page) => renderPage(page, env, ctx, null));
  await Promise.allSettled(background);
}

/**
 * A 301 to the one spelling of a one-segment page address, query kept (decision 086), and
 * without Remix's legacy `?_data=` parameter: this app loads data by single fetch (`*.data`), and
 * Remix answered a stray `_data` request with a 403 or a 500. Other methods carrying `_data` are refused.
 */
function respellAddress(request: Request): Response | null {
  const url = new URL(request.url);
  const legacyDataRequest = url.searchParams.has("_data");
  if (request.method !== "GET" && request.method !== "HEAD") {
    return legacyDataRequest ? Response.json({ message: "?_data requests are not supported" }, { status: 400 }) : null;
  }
  url.searchParams.delete("_data");
  const path = canonicalTopLevelPath(url.pathname) ?? (legacyDataRequest ? url.pathname : null);
  return path ? new Response(null, { status: 301, headers: { Location: `${path}${url.search}` } }) : null;
}

/**
 * A GET or HEAD carrying a body, answered as if it had none: HTTP gives such a body no meaning,
 * and Remix rebuilds the request for its loaders, which the runtime refuses for a GET or HEAD
 * with a body (every such request was a 500).
 */
function withoutReadBody(request: Request): Request {
  if ((request.method !== "GET" && request.method !== "HEAD") || request.body === null) return request;
  const headers = new Headers(request.headers);
  for (const name of ["Content-Length", "Content-Type", "Transfer-Encoding"]) headers.delete(name);
  return new Request(request.url, { method: request.method, headers, cf: request.cf, redirect: request.redirect });
}

async function answer(request: Request, env: Env, ctx: ExecutionContext, cspNonce: string | null): Promise<Response> {
  // Cross-site non-GET requests and WebSocket upgrades are refused here, before any route runs.
  const refusal = refuseCrossSiteRequest(request, env);
  if (refusal) return refusal;
  // One address per page: /Categories and /contact/ answer 301 to /categories and /contact.
  const respelled = respellAddress(request);
  if (respelled) return respelled;
  // Benchmark instrumentation (opt-in, off unless BENCH_METRICS=1): see workers/bench-metrics.ts.
  if (env.BENCH_METRICS === "1") {
    const recorder = new D1Recorder();
    const response = await handleFetch(request, { ...env, DB: recorder.wrap(env.DB) }, ctx, cspNonce);
    return recorder.annotate(response, request.headers.get("X-Bench-Capture") === "1");
  }
  return handleFetch(request, env, ctx, cspNonce);
}

export default {
  async fetch(sent, env, ctx) {
    const request = withoutReadBody(sent);
    // Only admin pages are held to script nonces; public pages are cached and shared, and their policy names none.
    const cspNonce = isAdminPath(new URL(request.url).pathname) ? newCspNonce() : null;
    return withSecurityHeaders(request, await answer(request, env, ctx, cspNonce), env, cspNonce);
  },

  async queue(batch, env) {
    if (batch.queue === DEAD_LETTER_QUEUE) {
      for (const message of batch.messages) {
        await handleDeadLetter(env, message);
        message.ack();
      }
      return;
    }
    for (const message of batch.messages) {
      const body = message.body;
      try {
        switch (body.kind) {
          case "import":
            await processImportJob(env, body.jobId);
            break;
          case "sitemaps.rebuild":
            await rebuildSitemaps(env, body.reason);
            break;
          case "pageAnchors.rebuild":
            await rebuildPageAnchorRound(env);
            break;
          case "derivedColumns.walk":
          case "searchBigrams.backfill":
            await walkDerivedColumnsRound(env);
            break;
          case "sitemaps.build":
            await runSitemapBuildStep(env, body, message.attempts);
            break;
          case "edgeCache.warm":
            await warmUpEdgeCache(env, body);
            break;
          case "mail.send":
            await deliverQueuedMail(env, body.outboxId);
            break;
          default:
            // A message this Worker does not understand would be retried forever: drop it loudly.
            console.error("Dropping unknown queue message", JSON.stringify(body));
        }
        message.ack();
      } catch (error) {
        console.error(`Queue message ${body.kind} failed (attempt ${message.attempts})`, error);
        message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
      }
    }
  },

  async scheduled(controller, env) {
    const tasks: [string, () => Promise<unknown>][] =
      controller.cron === STALLED_IMPORTS_CRON
        ? [["stalled imports", () => resumeStalledImports(env)]]
        : [
            ["sitemap rebuild", () => queueSitemapRebuild(env, "cron")],
            // Catches anchors a lost message left missing.
            ["page anchors", () => queuePageAnchorRebuild(env)],
            // Businesses stored before the derivation of their derived columns changed.
            ["derived columns", () => startDerivedColumnsWalk(env)],
            ["abandoned uploads", () => clearAbandonedUploads(env)],
            // Spent login and contact counts, and sessions nobody came back to end.
            ["expired rate limits", () => deleteExpiredRateLimits(env.DB)],
            ["expired sessions", () => deleteExpiredAdminSessions(env.DB)],
            ["expired member sign-ins", () => deleteExpiredMemberSignIns(env.DB)],
            // E-mail sent long enough ago: the outbox is not an archive.
            ["sent mail", () => deleteSentMail(env.DB)],
            // Audit entries past their age or count limit (docs/admin.md).
            ["audit log", () => pruneAuditLog(env.DB)],
          ];
    // One after another, each on its own: a task that fails (an R2 or queue error) does not stop the rest.
    const failed: string[] = [];
    for (const [name, run] of tasks) {
      try {
        await run();
      } catch (error) {
        console.error(`cron: ${name} failed`, error);
        failed.push(name);
      }
    }
    if (failed.length > 0) throw new Error(`cron tasks failed: ${failed.join(", ")}`);
  },
} satisfies ExportedHandler<Env, QueueMessage>;
