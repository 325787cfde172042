import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "~/db/client.server";
import type { MailMessage } from "~/lib/email/mail-message";
import { getAdminNotifications } from "~/models/admin-layout.server";
import { listAuditLog } from "~/models/audit-log.server";
import { deliverQueuedMail, mailOutboxInsert, queueMail, queueMailDelivery } from "~/models/mail-outbox.server";
import { readMailbox } from "~/models/mail.server";
import type { QueueMessage } from "~/models/queue-messages.server";
import worker from "../../workers/app";
import { UPKEEP_CRON } from "../../workers/cron-schedules";
import { DEAD_LETTER_QUEUE } from "../../workers/dead-letters";
import { adminFetch, login } from "./admin-support";
import { eventually } from "./support/eventually";

// E-mail other than the sign-in code goes through the outbox and the queue: the action that
// caused it commits first, the consumer sends with the queue's retries, and a send that cannot
// succeed is recorded failed where the admin looks ("E-posta gönderilemedi").

type OutboxRow = { id: number; to_address: string; reply_to: string | null; status: string; attempts: number; error: string | null; sent_at: number | null };

const outboxRow = (id: number) => env.DB.prepare(`SELECT * FROM mail_outbox WHERE id = ?`).bind(id).first<OutboxRow>();
const mailCount = async (to: string) => (await readMailbox(env.DB, to)).length;

let addresses = 0;
function message(overrides: Partial<MailMessage> = {}): MailMessage {
  const to = `member-${++addresses}@example.org`;
  return { to, subject: `Your listing ${addresses}`, text: "It was approved.", html: "<p>It was approved.</p>", ...overrides };
}

/** The real bindings with a queue that keeps what is sent, for the test to deliver by hand. */
function heldQueue(overrides: Partial<Env> = {}) {
  const sent: QueueMessage[] = [];
  const queue = {
    send: async (body: QueueMessage) => void sent.push(body),
    sendBatch: async (messages: { body: QueueMessage }[]) => void sent.push(...messages.map((message) => message.body)),
  } as unknown as Queue;
  return { env: { ...env, WORK_QUEUE: queue, ...overrides } as Env, sent };
}

/** A row queued through the outbox (its message held, not delivered): its id. */
async function queued(mail: MailMessage): Promise<number> {
  const held = heldQueue();
  await queueMail(held.env, mail);
  expect(held.sent).toHaveLength(1);
  const body = held.sent[0]!;
  if (body.kind !== "mail.send") throw new Error(`unexpected message ${body.kind}`);
  return body.outboxId;
}

/** Runs one delivery of `mail.send` through the Worker's queue handler, as the queue would. */
async function deliver(id: string, outboxId: number, attempts: number, withEnv: Env = env, queue = "business-directory-import") {
  const batch = createMessageBatch<QueueMessage>(queue, [{ id, timestamp: new Date(), attempts, body: { kind: "mail.send", outboxId } }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, withEnv);
  return getQueueResult(batch, ctx);
}

/** The real site's settings, with a send_email binding that keeps what it sends or throws `failure`. */
function production(failure?: () => Error) {
  const sent: Record<string, unknown>[] = [];
  const binding = {
    send: async (mail: Record<string, unknown>) => {
      if (failure) throw failure();
      sent.push(mail);
    },
  };
  return { env: { ...env, ENVIRONMENT: "production", MAIL_FROM: "WorldHotels <no-reply@example.com>", EMAIL: binding } as Env, sent };
}

function codedError(code: string, text: string): Error {
  return Object.assign(new Error(text), { code });
}

/** The administrator's id, signed in once (the tests share one database, so counts are compared before and after). */
async function adminUserId(): Promise<number> {
  await login("10.31.0.2");
  const row = await env.DB.prepare(`SELECT id FROM admin_users WHERE username = 'admin'`).first<{ id: number }>();
  return row!.id;
}

describe("queueMail", () => {
  it("goes out through the real queue into the local mailbox, Reply-To kept, and the row says sent", async () => {
    const mail = message({ replyTo: "guest@example.net\r\nBcc: x@evil.test" });
    await queueMail(env, mail);
    const [received] = await eventually(async () => {
      const found = await readMailbox(env.DB, mail.to);
      return found.length > 0 ? found : null;
    });
    expect(received).toMatchObject({ to: mail.to, subject: mail.subject, text: "It was approved.", html: "<p>It was approved.</p>", replyTo: "guest@example.net Bcc: x@evil.test" });
    const row = await env.DB.prepare(`SELECT status, attempts, sent_at FROM mail_outbox WHERE to_address = ?`).bind(mail.to).first<OutboxRow>();
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row!.sent_at).toBeGreaterThan(0);
  });

  it("reads Reply-To as null from the mailbox when a message has none", async () => {
    const mail = message();
    const outboxId = await queued(mail);
    expect(await deliverQueuedMail(env, outboxId)).toBe("sent");
    expect((await readMailbox(env.DB, mail.to))[0]!.replyTo).toBeNull();
  });

  it("refuses an e-mail without a plain-text part before storing anything", async () => {
    const mail = message({ text: "  " });
    expect(() => mailOutboxInsert(database(env.DB), mail)).toThrow(/plain-text part/);
  });

  it("commits the outbox row in the caller's own batch, and the message is sent after it", async () => {
    const db = database(env.DB);
    const mail = message();
    const held = heldQueue();
    const [, inserted] = await db.batch([db.run(`INSERT INTO app_state (key, value) VALUES ('mail-test-decision', 'approved')`), mailOutboxInsert(db, mail)]);
    await queueMailDelivery(held.env, inserted);
    expect(held.sent).toEqual([{ kind: "mail.send", outboxId: inserted[0]!.id }]);
    expect(await outboxRow(inserted[0]!.id)).toMatchObject({ status: "queued", attempts: 0, to_address: mail.to });

    expect((await deliver("batch-1", inserted[0]!.id, 1)).explicitAcks).toEqual(["batch-1"]);
    expect(await mailCount(mail.to)).toBe(1);
  });

  it("leaves the caller's action done when the queue refuses the message, and shows the mail failed", async () => {
    const mail = message();
    const refusing = { ...env, WORK_QUEUE: { send: async () => Promise.reject(new Error("queue unavailable")), sendBatch: async () => Promise.reject(new Error("queue unavailable")) } as unknown as Queue } as Env;
    await expect(queueMail(refusing, mail)).resolves.toBeUndefined();
    const row = await env.DB.prepare(`SELECT * FROM mail_outbox WHERE to_address = ?`).bind(mail.to).first<OutboxRow>();
    expect(row).toMatchObject({ status: "failed", error: "Could not be queued: queue unavailable" });
    const log = await listAuditLog(env.DB, { action: "mail.failed", page: 1 });
    expect(log.entries.map((entry) => entry.subject)).toContain(mail.subject);
  });
});

describe("the mail.send consumer", () => {
  it("sends a redelivered message once: the second delivery finds the row sent", async () => {
    const mail = message();
    const outboxId = await queued(mail);
    expect((await deliver("twice-1", outboxId, 1)).explicitAcks).toEqual(["twice-1"]);
    expect((await deliver("twice-1", outboxId, 2)).explicitAcks).toEqual(["twice-1"]);
    expect(await mailCount(mail.to)).toBe(1);
    expect(await outboxRow(outboxId)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await deliverQueuedMail(env, outboxId)).toBe("already-sent");
  });

  it("drops a message whose row does not exist instead of retrying it", async () => {
    const result = await deliver("missing-1", 987_654, 1);
    expect(result.explicitAcks).toEqual(["missing-1"]);
    expect(result.retryMessages).toEqual([]);
  });

  it("retries a failed send with backoff, then records it failed for the admin when the retries run out", async () => {
    const adminId = await adminUserId();
    const failedBefore = (await getAdminNotifications(env.DB, adminId)).failedMails;
    const mail = message({ subject: `Claim approved ${crypto.randomUUID()}` });
    const outboxId = await queued(mail);
    const entriesOf = async () => (await listAuditLog(env.DB, { action: "mail.failed", page: 1 })).entries.filter((entry) => entry.subject === mail.subject);
    const failing = production(() => codedError("E_INTERNAL_SERVER_ERROR", "Email service unavailable"));

    for (const attempt of [1, 2]) {
      const result = await deliver(`flaky-${attempt}`, outboxId, attempt, failing.env);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toEqual([{ msgId: `flaky-${attempt}` }]);
      expect(await outboxRow(outboxId)).toMatchObject({ status: "queued", attempts: attempt, error: "E_INTERNAL_SERVER_ERROR: Email service unavailable" });
    }
    expect((await getAdminNotifications(env.DB, adminId)).failedMails).toBe(failedBefore);

    // The queue gave up: the dead-letter consumer ends the row failed, keeping the real cause.
    expect((await deliver("dead-mail-1", outboxId, 1, env, DEAD_LETTER_QUEUE)).explicitAcks).toEqual(["dead-mail-1"]);
    expect(await outboxRow(outboxId)).toMatchObject({ status: "failed", attempts: 2, error: "E_INTERNAL_SERVER_ERROR: Email service unavailable" });
    expect(failing.sent).toEqual([]);

    expect((await getAdminNotifications(env.DB, adminId)).failedMails).toBe(failedBefore + 1);
    const entries = await entriesOf();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "mail.failed",
      actor: null,
      detail: `Alıcı: ${mail.to} · Hata: E_INTERNAL_SERVER_ERROR: Email service unavailable (2 deneme)`,
    });

    // A late copy of the dead letter, or of the message, changes nothing and records nothing twice.
    await deliver("dead-mail-2", outboxId, 1, env, DEAD_LETTER_QUEUE);
    expect((await deliver("flaky-3", outboxId, 3, failing.env)).explicitAcks).toEqual(["flaky-3"]);
    expect(await entriesOf()).toHaveLength(1);
    expect((await getAdminNotifications(env.DB, adminId)).failedMails).toBe(failedBefore + 1);
    expect(await mailCount(mail.to)).toBe(0);
  });

  it("records a send refused for good as failed at once, without retrying it", async () => {
    const adminId = await adminUserId();
    const failedBefore = (await getAdminNotifications(env.DB, adminId)).failedMails;
    const mail = message();
    const outboxId = await queued(mail);
    const suppressed = production(() => codedError("E_RECIPIENT_SUPPRESSED", "Recipient is on the suppression list"));
    const result = await deliver("suppressed-1", outboxId, 1, suppressed.env);
    expect(result.explicitAcks).toEqual(["suppressed-1"]);
    expect(result.retryMessages).toEqual([]);
    expect(await outboxRow(outboxId)).toMatchObject({ status: "failed", attempts: 1, error: "E_RECIPIENT_SUPPRESSED: Recipient is on the suppression list" });
    expect((await getAdminNotifications(env.DB, adminId)).failedMails).toBe(failedBefore + 1);
  });

  it("shows a failed e-mail in the admin: the bell counts it and the activity screen lists recipient, subject and error", async () => {
    const cookie = await login("10.31.0.1");
    const bell = async () => Number(/aria-label="Bildirimler: (\d+) yeni"/.exec(await (await adminFetch(cookie, "/admin/activity")).text())?.[1]);
    await adminFetch(cookie, "/api/admin/notifications/seen", { method: "POST" });
    const before = await bell();
    const mail = message({ subject: "Listing <rejected>" });
    const outboxId = await queued(mail);
    await deliver("refused-1", outboxId, 1, production(() => codedError("E_RECIPIENT_NOT_ALLOWED", "Recipient not allowed")).env);
    // The failure is recorded in the same second the admin last looked: the count compares whole seconds.
    await env.DB.prepare(`UPDATE audit_log SET created_at = created_at + 2 WHERE action = 'mail.failed' AND subject = ?`).bind(mail.subject).run();
    expect(await bell()).toBe(before + 1);
    const seen = await (await adminFetch(cookie, "/api/admin/notifications/seen", { method: "POST" })).json<{ notifications: Record<string, number> }>();
    expect(seen.notifications).toMatchObject({ failedMails: 1 });
    const page = await (await adminFetch(cookie, "/admin/activity?action=mail.failed")).text();
    expect(page).toContain("E-posta gönderilemedi");
    expect(page).toContain("Listing &lt;rejected&gt;");
    expect(page).toContain(`Alıcı: ${mail.to} · Hata: E_RECIPIENT_NOT_ALLOWED: Recipient not allowed (1 deneme)`);
    expect(page).toContain("Sistem (e-posta)");
  });

  it("records a real site with no e-mail configured as failed at once", async () => {
    const mail = message();
    const outboxId = await queued(mail);
    expect(await deliverQueuedMail({ ...env, ENVIRONMENT: "production", EMAIL: undefined } as Env, outboxId)).toBe("failed");
    expect((await outboxRow(outboxId))!.error).toMatch(/not configured/);
  });

  it("sends through the send_email binding as the real site, Reply-To on one line, never into the local mailbox", async () => {
    const mail = message({ replyTo: "guest@example.net\nBcc: x@evil.test" });
    const outboxId = await queued(mail);
    const real = production();
    expect((await deliver("real-1", outboxId, 1, real.env)).explicitAcks).toEqual(["real-1"]);
    expect(real.sent).toEqual([
      { from: "WorldHotels <no-reply@example.com>", to: mail.to, replyTo: "guest@example.net Bcc: x@evil.test", subject: mail.subject, text: mail.text, html: mail.html },
    ]);
    expect(await mailCount(mail.to)).toBe(0);
    expect(await outboxRow(outboxId)).toMatchObject({ status: "sent", attempts: 1 });
  });
});

describe("the upkeep cron", () => {
  it("deletes mail sent more than 30 days ago and keeps the rest", async () => {
    const day = 86_400;
    const now = Math.floor(Date.now() / 1000);
    await env.DB.batch(
      [
        ["cron-old-sent", "sent", now - 31 * day],
        ["cron-new-sent", "sent", now - 29 * day],
        ["cron-old-failed", "failed", null],
        ["cron-old-queued", "queued", null],
      ].map(([to, status, sentAt]) =>
        env.DB.prepare(`INSERT INTO mail_outbox (to_address, subject, text, html, status, sent_at, created_at) VALUES (?, 's', 't', 'h', ?, ?, ?)`).bind(to, status, sentAt, now - 40 * day),
      ),
    );
    await worker.scheduled(createScheduledController({ cron: UPKEEP_CRON, scheduledTime: Date.now() }), heldQueue().env);
    const left = await env.DB.prepare(`SELECT to_address FROM mail_outbox WHERE to_address LIKE 'cron-%' ORDER BY to_address`).all<{ to_address: string }>();
    expect(left.results.map((row) => row.to_address)).toEqual(["cron-new-sent", "cron-old-failed", "cron-old-queued"]);
  });
});
