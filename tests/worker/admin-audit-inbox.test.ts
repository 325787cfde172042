import { createScheduledController, env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { pruneAuditLog } from "~/models/audit-log.server";
import { saveContactMessage } from "~/models/contact.server";
import worker from "../../workers/app";
import { UPKEEP_CRON } from "../../workers/cron-schedules";
import { addBusinesses, ADMIN, adminFetch, idOf, login, ORIGIN, record } from "./admin-support";

type Entry = { action: string; actor: string | null; address: string | null; subject: string | null; detail: string | null };

async function logged(): Promise<Entry[]> {
  const { results } = await env.DB.prepare(`SELECT action, actor, address, subject, detail FROM audit_log ORDER BY id`).all<Entry>();
  return results;
}

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** A call from the admin's browser at `ip`: the session cookie, the site's Origin, the address. */
function fromAdmin(cookie: string, path: string, init: RequestInit = {}, ip = "198.51.100.7") {
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", ip);
  return adminFetch(cookie, path, { ...init, headers });
}

function uploadCsv(cookie: string, fileName: string, text: string, ip = "198.51.100.7") {
  const form = new FormData();
  form.set("file", new File([text], fileName));
  form.set("batchSize", "500");
  return SELF.fetch(`${ORIGIN}/api/upload-excel-batch`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: ORIGIN, "CF-Connecting-IP": ip } });
}

async function jobEnded(cookie: string, jobId: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await json<{ status: string }>(await adminFetch(cookie, `/api/admin/upload-jobs/${jobId}`));
    if (job.status === "done" || job.status === "failed") return job.status;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The tests of a file share one database: each starts from an empty log and inbox.
beforeEach(async () => {
  await env.DB.batch([env.DB.prepare(`DELETE FROM audit_log`), env.DB.prepare(`DELETE FROM contact_messages`), env.DB.prepare(`DELETE FROM rate_limits`)]);
});

describe("audit log", () => {
  it("records a sign-in, a failed sign-in and a sign-out with the name and the address", async () => {
    const cookie = await login("10.20.0.1");
    const failed = await SELF.fetch(`${ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "203.0.113.66" },
      body: JSON.stringify({ username: "root", password: "guess" }),
    });
    expect(failed.status).toBe(401);
    expect((await fromAdmin(cookie, "/api/admin/logout", { method: "POST" }, "10.20.0.1")).status).toBe(200);
    expect(await logged()).toEqual([
      { action: "auth.sign-in", actor: ADMIN.username, address: "10.20.0.1", subject: null, detail: null },
      { action: "auth.sign-in-failed", actor: "root", address: "203.0.113.66", subject: null, detail: null },
      { action: "auth.sign-out", actor: ADMIN.username, address: "10.20.0.1", subject: null, detail: null },
    ]);
  });

  it("records every admin change and export made through the real calls, with who and from where", async () => {
    await addBusinesses([
      record({ name: "Hotel Storchen", placeId: "a1" }),
      record({ name: "Hotel Widder", placeId: "a2" }),
      record({ name: "Test Business 1", placeId: "a3" }),
    ]);
    const cookie = await login("10.20.0.2");
    const storchen = await idOf("Hotel Storchen");
    const widder = await idOf("Hotel Widder");
    const post = (path: string, body?: unknown) => fromAdmin(cookie, path, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
    expect((await post(`/api/admin/businesses/${storchen}/toggle-approval`)).status).toBe(200);
    expect((await post(`/api/admin/businesses/${storchen}/toggle-approval`, { isApproved: true })).status).toBe(200);
    expect((await fromAdmin(cookie, `/api/businesses/${widder}`, { method: "DELETE" })).status).toBe(200);
    expect((await post("/api/admin/site-settings", { head_tags: "<meta name=x>" })).status).toBe(200);
    expect((await post("/api/admin/advertisement-codes", { ad2: "<b>ad</b>" })).status).toBe(200);
    expect((await post("/api/admin/clear-cache")).status).toBe(200);
    expect((await post("/api/admin/sitemaps/rebuild")).status).toBe(202);
    const csv = await fromAdmin(cookie, "/api/admin/export-csv?fields=name,phone&countryCode=CH");
    expect(csv.status).toBe(200);
    await csv.text();
    const simple = await post("/api/export-csv", { selectedFields: ["name"], countryCode: "all" });
    expect(simple.status).toBe(200);
    await simple.text();
    for (let step = await json<{ done: boolean; run: string }>(await post("/api/admin/fix-slugs")); !step.done; ) {
      step = await json(await post(`/api/admin/fix-slugs?run=${step.run}`));
    }
    expect((await fromAdmin(cookie, "/api/admin/test-data", { method: "DELETE" })).status).toBe(200);
    expect((await fromAdmin(cookie, "/api/admin/businesses", { method: "DELETE" })).status).toBe(200);

    const entries = (await logged()).filter((entry) => entry.action !== "auth.sign-in");
    expect(entries.map(({ action, subject, detail }) => [action, subject, detail])).toEqual([
      ["business.unapproved", "Hotel Storchen", null],
      ["business.approved", "Hotel Storchen", null],
      ["business.deleted", "Hotel Widder", null],
      ["settings.saved", null, "head_tags"],
      ["ad-codes.saved", null, "ad2"],
      ["cache.cleared", null, null],
      ["sitemaps.rebuild-requested", null, null],
      ["export.csv", null, "2 alan, CH, all"],
      ["export.csv", null, "1 alan, tüm ülkeler"],
      ["businesses.slugs-fixed", null, expect.stringMatching(/^\d+ güncellendi, 2 kontrol edildi$/)],
      ["businesses.deleted-test-data", null, "1 silindi"],
      ["businesses.deleted-all", null, "1 silindi"],
    ]);
    for (const entry of entries) {
      expect(entry.actor, entry.action).toBe(ADMIN.username);
      expect(entry.address, entry.action).toBe("198.51.100.7");
    }
  });

  it("records an import's start by the admin and its end, finished or failed, by the queue", async () => {
    const cookie = await login("10.20.0.3");
    const good = await json<{ jobId: string }>(await uploadCsv(cookie, "zurich.csv", "name,address,place_id\nHotel Baur,Talstrasse 1,z1\nHotel Savoy,Poststrasse 12,z2\n"));
    expect(await jobEnded(cookie, good.jobId)).toBe("done");
    const bad = await json<{ jobId: string }>(await uploadCsv(cookie, "no-names.csv", "street,phone\nTalstrasse 1,123\n"));
    expect(await jobEnded(cookie, bad.jobId)).toBe("failed");
    const entries = (await logged()).filter((entry) => entry.action.startsWith("import."));
    expect(entries).toEqual([
      { action: "import.started", actor: ADMIN.username, address: "198.51.100.7", subject: "zurich.csv", detail: null },
      { action: "import.finished", actor: null, address: null, subject: "zurich.csv", detail: expect.stringContaining("2 işletme kaydedildi") },
      { action: "import.started", actor: ADMIN.username, address: "198.51.100.7", subject: "no-names.csv", detail: null },
      { action: "import.failed", actor: null, address: null, subject: "no-names.csv", detail: expect.stringContaining("no-names.csv") },
    ]);
  });

  it("records nothing for a call refused for want of a session or for a cross-site Origin", async () => {
    const cookie = await login("10.20.0.4");
    const before = (await logged()).length;
    expect((await SELF.fetch(`${ORIGIN}/api/admin/clear-cache`, { method: "POST", headers: { Origin: ORIGIN } })).status).toBe(401);
    const crossSite = await SELF.fetch(`${ORIGIN}/api/admin/clear-cache`, { method: "POST", headers: { Origin: "https://evil.example", Cookie: cookie } });
    expect(crossSite.status).toBe(403);
    expect((await logged()).length).toBe(before);
  });

  it("lists the log newest first through the API, filtered by action and by a day in the admin's zone", async () => {
    const cookie = await login("10.20.0.5");
    // 2026-03-10 22:30 UTC is already 11 March in Istanbul (UTC+3).
    const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
    const insert = env.DB.prepare(`INSERT INTO audit_log (created_at, action, actor, address) VALUES (?1, ?2, 'admin', '10.0.0.9')`);
    await env.DB.batch([
      insert.bind(at("2026-03-10T10:00:00Z"), "cache.cleared"),
      insert.bind(at("2026-03-10T22:30:00Z"), "cache.cleared"),
      insert.bind(at("2026-03-11T09:00:00Z"), "settings.saved"),
    ]);
    type Page = { entries: { action: string; createdAt: number }[]; total: number; totalPages: number };
    const all = await json<Page>(await adminFetch(cookie, "/api/admin/audit-log"));
    expect(all.entries[0]!.action).toBe("auth.sign-in");
    expect(all.entries.map((entry) => entry.createdAt)).toEqual([...all.entries.map((entry) => entry.createdAt)].sort((a, b) => b - a));
    const cleared = await json<Page>(await adminFetch(cookie, "/api/admin/audit-log?action=cache.cleared"));
    expect(cleared.total).toBe(2);
    const utcDay = await json<Page>(await adminFetch(cookie, "/api/admin/audit-log?day=2026-03-10"));
    expect(utcDay.entries.map((entry) => entry.createdAt)).toEqual([at("2026-03-10T22:30:00Z"), at("2026-03-10T10:00:00Z")]);
    const istanbulDay = await json<Page>(await adminFetch(cookie, "/api/admin/audit-log?day=2026-03-11&tz=Europe/Istanbul&action=cache.cleared"));
    expect(istanbulDay.entries.map((entry) => entry.createdAt)).toEqual([at("2026-03-10T22:30:00Z")]);
    expect((await SELF.fetch(`${ORIGIN}/api/admin/audit-log`)).status).toBe(401);
  });

  it("stays bounded: the upkeep cron deletes entries past their age, and the newest are kept past the row limit", async () => {
    const now = Math.floor(Date.now() / 1000);
    const insert = env.DB.prepare(`INSERT INTO audit_log (created_at, action) VALUES (?1, 'cache.cleared')`);
    await env.DB.batch([insert.bind(now - 181 * 86_400), insert.bind(now - 179 * 86_400), insert.bind(now - 60)]);
    await worker.scheduled(createScheduledController({ cron: UPKEEP_CRON, scheduledTime: Date.now() }), env);
    const left = await env.DB.prepare(`SELECT created_at FROM audit_log ORDER BY id`).all<{ created_at: number }>();
    expect(left.results.map((row) => row.created_at)).toEqual([now - 179 * 86_400, now - 60]);
    await env.DB.batch([insert.bind(now - 30), insert.bind(now - 20), insert.bind(now - 10)]);
    expect(await pruneAuditLog(env.DB, now, 180, 3)).toBe(2);
    const newest = await env.DB.prepare(`SELECT created_at FROM audit_log ORDER BY id`).all<{ created_at: number }>();
    expect(newest.results.map((row) => row.created_at)).toEqual([now - 30, now - 20, now - 10]);
  });

  it("shows the latest entries and the failed sign-ins on the dashboard, and never in a CSV export", async () => {
    await SELF.fetch(`${ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "203.0.113.99" },
      body: JSON.stringify({ username: "mallory", password: "guess" }),
    });
    const cookie = await login("10.20.0.6");
    await fromAdmin(cookie, "/api/admin/clear-cache", { method: "POST" });
    const html = await (await adminFetch(cookie, "/admin/dashboard")).text();
    expect(html).toContain("Son aktiviteler");
    expect(html).toContain("Cache temizlendi");
    expect(html).toContain("Son başarısız girişler");
    expect(html).toContain("mallory");
    expect(html).toContain("203.0.113.99");
    // The real list, not the sample the platform once showed (no "örnek veri" badge on it).
    expect(html).toContain(">Son aktiviteler</h2>");
    const csv = await (await adminFetch(cookie, "/api/admin/export-csv?fields=name,about")).text();
    expect(csv).not.toContain("mallory");
  });
});

describe("notifications", () => {
  it("count unread messages, and failed imports and sign-ins since the admin last opened them", async () => {
    const cookie = await login("10.21.0.1");
    await saveContactMessage(env.DB, { name: "Ada", email: "ada@example.com", company: "", phone: "", subject: "Listing", message: "Please update us." });
    await SELF.fetch(`${ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "203.0.113.5" },
      body: JSON.stringify({ username: "admin", password: "wrong" }),
    });
    const bell = async () => /aria-label="Bildirimler: (\d+) yeni"/.exec(await (await adminFetch(cookie, "/admin/messages")).text())?.[1];
    expect(await bell()).toBe("2");
    const seen = await json<{ notifications: Record<string, number> }>(await adminFetch(cookie, "/api/admin/notifications/seen", { method: "POST" }));
    expect(seen.notifications).toMatchObject({ unreadMessages: 1, failedImports: 0, failedSignIns: 0 });
    expect(await bell()).toBe("1");
    // A new failure after the visit is new again.
    await env.DB.prepare(`INSERT INTO audit_log (created_at, action) VALUES (unixepoch() + 5, 'import.failed')`).run();
    expect(await bell()).toBe("2");
    expect((await SELF.fetch(`${ORIGIN}/api/admin/notifications/seen`, { method: "POST", headers: { Origin: ORIGIN } })).status).toBe(401);
  });
});

describe("inbox calls", () => {
  type Inbox = { messages: { id: number; subject: string; readAt: number | null; handledAt: number | null }[]; total: number; page: number; totalPages: number; unreadCount: number };

  async function fillInbox(count: number) {
    for (let i = 1; i <= count; i++) {
      await saveContactMessage(env.DB, {
        name: `Visitor ${i}`,
        email: `visitor${i}@example.com`,
        company: "",
        phone: "",
        subject: i === 7 ? "Discount 100% off?" : `Question number ${i}`,
        message: i === 3 ? "Our hotel moved to Bahnhofstrasse." : `Message text ${i} here.`,
      });
    }
  }

  it("lists newest first in pages of 20 with the unread count, and searches sender, subject and text", async () => {
    await fillInbox(25);
    const cookie = await login("10.22.0.1");
    const first = await json<Inbox>(await adminFetch(cookie, "/api/admin/messages"));
    expect(first).toMatchObject({ total: 25, page: 1, totalPages: 2, unreadCount: 25 });
    expect(first.messages).toHaveLength(20);
    expect(first.messages[0]!.subject).toBe("Question number 25");
    const second = await json<Inbox>(await adminFetch(cookie, "/api/admin/messages?page=2"));
    expect(second.messages.map((m) => m.subject)).toEqual(["Question number 5", "Question number 4", "Question number 3", "Question number 2", "Question number 1"]);
    const byText = await json<Inbox>(await adminFetch(cookie, "/api/admin/messages?q=bahnhof"));
    expect(byText.messages.map((m) => m.subject)).toEqual(["Question number 3"]);
    const byEmail = await json<Inbox>(await adminFetch(cookie, "/api/admin/messages?q=visitor12@"));
    expect(byEmail.messages.map((m) => m.subject)).toEqual(["Question number 12"]);
    // A typed % is a percent sign, not a wildcard.
    const percent = await json<Inbox>(await adminFetch(cookie, "/api/admin/messages?q=100%25"));
    expect(percent.messages.map((m) => m.subject)).toEqual(["Discount 100% off?"]);
    expect((await json<Inbox>(await adminFetch(cookie, "/api/admin/messages?q=0%25"))).total).toBe(1);
  });

  it("reads one (it counts as read), marks it handled, deletes it, and deletes every handled one", async () => {
    await fillInbox(4);
    const cookie = await login("10.22.0.2");
    const { messages } = await json<Inbox>(await adminFetch(cookie, "/api/admin/messages"));
    const [fourth, third, second] = messages;
    const opened = await json<{ subject: string; message: string; readAt: number | null }>(await adminFetch(cookie, `/api/admin/messages/${fourth!.id}`));
    expect(opened).toMatchObject({ subject: "Question number 4", message: "Message text 4 here." });
    expect(opened.readAt).toBeGreaterThan(0);
    expect((await json<Inbox>(await adminFetch(cookie, "/api/admin/messages"))).unreadCount).toBe(3);

    for (const message of [fourth!, third!]) {
      const handled = await adminFetch(cookie, `/api/admin/messages/${message.id}`, { method: "POST", body: JSON.stringify({ handled: true }) });
      expect(handled.status).toBe(200);
    }
    // Marking handled also marks read.
    const afterHandling = await json<Inbox>(await adminFetch(cookie, "/api/admin/messages"));
    expect(afterHandling.unreadCount).toBe(2);
    expect((await json<Inbox>(await adminFetch(cookie, "/api/admin/messages?filter=handled"))).messages.map((m) => m.id)).toEqual([fourth!.id, third!.id]);
    expect((await json<Inbox>(await adminFetch(cookie, "/api/admin/messages?filter=unread"))).total).toBe(2);
    // Open again, then handled again.
    await adminFetch(cookie, `/api/admin/messages/${third!.id}`, { method: "POST", body: JSON.stringify({ handled: false }) });
    expect((await json<Inbox>(await adminFetch(cookie, "/api/admin/messages?filter=handled"))).total).toBe(1);

    expect((await adminFetch(cookie, `/api/admin/messages/${second!.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await adminFetch(cookie, `/api/admin/messages/${second!.id}`)).status).toBe(404);
    const cleared = await json<{ deletedCount: number }>(await adminFetch(cookie, "/api/admin/messages/handled", { method: "DELETE" }));
    expect(cleared.deletedCount).toBe(1);
    const left = await json<Inbox>(await adminFetch(cookie, "/api/admin/messages"));
    expect(left.messages.map((m) => m.subject)).toEqual(["Question number 3", "Question number 1"]);
    expect((await logged()).map((entry) => [entry.action, entry.subject]).filter(([action]) => action!.startsWith("message"))).toEqual([
      ["message.handled", "Question number 4"],
      ["message.handled", "Question number 3"],
      ["message.reopened", "Question number 3"],
      ["message.deleted", "Question number 2"],
      ["messages.deleted-handled", null],
    ]);
  });

  it("answers bad ids and bodies with 400 and unknown messages with 404, changing nothing", async () => {
    await fillInbox(1);
    const cookie = await login("10.22.0.3");
    expect((await adminFetch(cookie, "/api/admin/messages/abc")).status).toBe(400);
    expect((await adminFetch(cookie, "/api/admin/messages/1e3")).status).toBe(400);
    const { messages } = await json<Inbox>(await adminFetch(cookie, "/api/admin/messages"));
    const id = messages[0]!.id;
    const badBody = await adminFetch(cookie, `/api/admin/messages/${id}`, { method: "POST", body: JSON.stringify({ handled: "yes" }) });
    expect(badBody.status).toBe(400);
    expect((await json<{ message: string }>(badBody)).message).toMatch(/handled/);
    expect((await adminFetch(cookie, `/api/admin/messages/${id + 100}`, { method: "POST", body: JSON.stringify({ handled: true }) })).status).toBe(404);
    expect((await adminFetch(cookie, `/api/admin/messages/${id + 100}`, { method: "DELETE" })).status).toBe(404);
    expect((await adminFetch(cookie, `/api/admin/messages/${id}`, { method: "PUT" })).status).toBe(405);
    const row = await env.DB.prepare(`SELECT read_at, handled_at FROM contact_messages WHERE id = ?1`).bind(id).first();
    expect(row).toEqual({ read_at: null, handled_at: null });
  });

  it("refuses every inbox call without a session (401) and every change from another site (403)", async () => {
    await fillInbox(1);
    const cookie = await login("10.22.0.4");
    const id = (await env.DB.prepare(`SELECT id FROM contact_messages`).first<{ id: number }>())!.id;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/messages"],
      ["GET", `/api/admin/messages/${id}`],
      ["POST", `/api/admin/messages/${id}`, { handled: true }],
      ["DELETE", `/api/admin/messages/${id}`],
      ["DELETE", "/api/admin/messages/handled"],
    ];
    for (const [method, path, body] of calls) {
      const response = await SELF.fetch(`${ORIGIN}${path}`, { method, headers: { Origin: ORIGIN, "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
      expect(response.status, `${method} ${path}`).toBe(401);
      if (method === "GET") continue;
      const crossSite = await SELF.fetch(`${ORIGIN}${path}`, { method, headers: { Origin: "https://evil.example", Cookie: cookie, "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
      expect(crossSite.status, `cross-site ${method} ${path}`).toBe(403);
    }
    expect(await env.DB.prepare(`SELECT read_at, handled_at FROM contact_messages WHERE id = ?1`).bind(id).first()).toEqual({ read_at: null, handled_at: null });
  });

  it("counts a message sent from /contact as unread in the menu until it is opened on its page", async () => {
    const sent = await SELF.fetch(`${ORIGIN}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.40" },
      body: JSON.stringify({ name: "Grace Hopper", email: "grace@example.com", company: "", phone: "", subject: "Wrong phone number", message: "Our phone number changed last week." }),
    });
    expect(sent.status).toBe(200);
    const cookie = await login("10.22.0.5");
    const badge = async () => /data-testid="badge-\/admin\/messages">(\d+)/.exec(await (await adminFetch(cookie, "/admin/dashboard")).text())?.[1];
    expect(await badge()).toBe("1");
    const id = (await env.DB.prepare(`SELECT id FROM contact_messages`).first<{ id: number }>())!.id;
    const page = await (await adminFetch(cookie, `/admin/messages/${id}`)).text();
    expect(page).toContain("Our phone number changed last week.");
    expect(await badge()).toBeUndefined();
  });
});
