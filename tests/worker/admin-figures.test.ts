import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { getModerationFigures } from "~/models/admin-figures.server";
import { adminFetch, login } from "./admin-support";

/**
 * The back office's real figures (dashboard "Moderasyon", /admin/reports) checked against a
 * brute-force count of the seeded rows, and the audit log filtered by person.
 */

const DAY = 86_400;
const KINDS = ["listing", "claim", "change", "review", "reply", "report", "appeal"] as const;
const DECIDERS = ["Ayşe Yılmaz", "Mehmet Demir", "auto"] as const;

interface Item {
  kind: (typeof KINDS)[number];
  status: "pending" | "approved" | "rejected";
  createdAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
}

/** A small deterministic generator (mulberry32): the same rows on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function seedItems(items: Item[]) {
  const insert = env.DB.prepare(`INSERT INTO moderation_items (kind, status, created_at, decided_at, decided_by) VALUES (?1, ?2, ?3, ?4, ?5)`);
  await env.DB.batch(items.map((item) => insert.bind(item.kind, item.status, item.createdAt, item.decidedAt, item.decidedBy)));
}

/** Members signed up at these times, in that order (ids grow with time, as sign-ups make them). */
async function seedMembers(times: number[]) {
  const insert = env.DB.prepare(`INSERT INTO members (email, created_at) VALUES (?1, ?2)`);
  await env.DB.batch([...times].sort((a, b) => a - b).map((at, i) => insert.bind(`member${i}-${at}@example.org`, at)));
}

const utcDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Every figure counted the long way from the rows themselves. */
function bruteForce(items: Item[], memberTimes: number[], now: number) {
  const start = (Math.floor(now / DAY) - 29) * DAY;
  const days: string[] = [];
  for (let at = start; at <= now; at += DAY) days.push(utcDay(at));
  const perDay = (times: number[]) => days.map((day) => ({ day, count: times.filter((at) => utcDay(at) === day).length }));

  const pending = items.filter((item) => item.status === "pending");
  const ageOf = (item: Item) => {
    const age = now - item.createdAt;
    return age < DAY ? "under-1d" : age < 3 * DAY ? "1-3d" : age < 7 * DAY ? "3-7d" : "over-7d";
  };
  const decided = items.filter((item) => item.decidedAt !== null && item.decidedAt >= start);
  const approved = decided.filter((item) => item.status === "approved").length;
  const waits = decided.map((item) => item.decidedAt! - item.createdAt).sort((a, b) => a - b);
  const middle = Math.floor(waits.length / 2);
  const median = waits.length === 0 ? null : waits.length % 2 ? waits[middle]! : (waits[middle - 1]! + waits[middle]!) / 2;
  const deciders = [...new Set(decided.map((item) => item.decidedBy))].map((decidedBy) => ({
    decidedBy,
    approved: decided.filter((item) => item.decidedBy === decidedBy && item.status === "approved").length,
    rejected: decided.filter((item) => item.decidedBy === decidedBy && item.status === "rejected").length,
  }));
  const listings = items.filter((item) => item.kind === "listing" && item.createdAt >= start).map((item) => item.createdAt);
  const signUps = memberTimes.filter((at) => at >= start);
  return {
    days,
    pending: {
      total: pending.length,
      byKind: KINDS.map((kind) => ({ kind, count: pending.filter((item) => item.kind === kind).length })),
      byAge: ["under-1d", "1-3d", "3-7d", "over-7d"].map((age) => ({ age, count: pending.filter((item) => ageOf(item) === age).length })),
    },
    decisions: {
      approved,
      rejected: decided.length - approved,
      approvalRate: decided.length ? approved / decided.length : null,
      medianSeconds: median,
      perDay: days.map((day) => ({
        day,
        approved: decided.filter((item) => utcDay(item.decidedAt!) === day && item.status === "approved").length,
        rejected: decided.filter((item) => utcDay(item.decidedAt!) === day && item.status === "rejected").length,
      })),
      deciders,
    },
    newMembers: { total: signUps.length, perDay: perDay(signUps) },
    newListings: { total: listings.length, perDay: perDay(listings) },
  };
}

const byName = <T extends { decidedBy: string | null }>(rows: T[]) => [...rows].sort((a, b) => (a.decidedBy ?? "").localeCompare(b.decidedBy ?? ""));

// The tests of a file share one database: each starts with an empty queue, no members and an empty log.
beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare(`DELETE FROM moderation_items`),
    env.DB.prepare(`DELETE FROM members`),
    env.DB.prepare(`DELETE FROM audit_log`),
    env.DB.prepare(`DELETE FROM admin_users WHERE username <> 'admin'`),
  ]);
});

describe("moderation figures", () => {
  // 13:20 UTC: the window's first day began 29 days and 13 h 20 min ago.
  const NOW = Date.UTC(2026, 5, 15, 13, 20) / 1000;
  const START = (Math.floor(NOW / DAY) - 29) * DAY;

  function generated(): { items: Item[]; memberTimes: number[] } {
    const next = random(20_260_615);
    const items: Item[] = [];
    for (let i = 0; i < 120; i++) {
      const kind = KINDS[Math.floor(next() * KINDS.length)]!;
      const createdAt = NOW - Math.floor(next() * 45 * DAY);
      const roll = next();
      if (roll < 0.3) {
        items.push({ kind, status: "pending", createdAt, decidedAt: null, decidedBy: null });
      } else {
        const decidedAt = createdAt + Math.floor(next() * (NOW - createdAt));
        items.push({ kind, status: roll < 0.75 ? "approved" : "rejected", createdAt, decidedAt, decidedBy: DECIDERS[Math.floor(next() * DECIDERS.length)]! });
      }
    }
    // The edges: the window's first second and the one before it, a wait of exactly one day,
    // and a listing sent before the window but decided in it (a decision, not a new listing).
    items.push(
      { kind: "listing", status: "approved", createdAt: START, decidedAt: START + 60, decidedBy: "Ayşe Yılmaz" },
      { kind: "listing", status: "rejected", createdAt: START - 1000, decidedAt: START - 1, decidedBy: "Mehmet Demir" },
      { kind: "claim", status: "pending", createdAt: NOW - DAY, decidedAt: null, decidedBy: null },
      { kind: "listing", status: "pending", createdAt: START - 1, decidedAt: null, decidedBy: null },
      { kind: "listing", status: "approved", createdAt: START - 5 * DAY, decidedAt: NOW - 3600, decidedBy: "auto" },
    );
    const memberTimes = Array.from({ length: 60 }, () => NOW - Math.floor(next() * 40 * DAY));
    memberTimes.push(START, START - 1, NOW);
    return { items, memberTimes };
  }

  it("count the queue by kind and age, decisions per day and per person, the median wait, the approval rate, sign-ups and listings per UTC day", async () => {
    const { items, memberTimes } = generated();
    await seedItems(items);
    await seedMembers(memberTimes);
    const figures = await getModerationFigures(env.DB, { nowSeconds: NOW });
    const expected = bruteForce(items, memberTimes, NOW);

    expect(figures.days).toHaveLength(30);
    expect(figures.days).toEqual(expected.days);
    expect(figures.days.at(-1)).toBe("2026-06-15");
    expect(figures.pending).toEqual(expected.pending);
    expect(figures.decisions.approved).toBe(expected.decisions.approved);
    expect(figures.decisions.rejected).toBe(expected.decisions.rejected);
    expect(figures.decisions.approvalRate).toBeCloseTo(expected.decisions.approvalRate!, 12);
    expect(figures.decisions.medianSeconds).toBe(expected.decisions.medianSeconds);
    expect(figures.decisions.perDay).toEqual(expected.decisions.perDay);
    expect(byName(figures.decisions.byDecider)).toEqual(byName(expected.decisions.deciders));
    const totals = figures.decisions.byDecider.map((row) => row.approved + row.rejected);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(figures.newMembers).toEqual({ ...expected.newMembers, capped: false });
    expect(figures.newListings).toEqual(expected.newListings);
    // Zero-filled: days with nothing are there, at 0.
    expect(figures.newListings.perDay.some((day) => day.count === 0)).toBe(true);

    // One more decision flips the number of waits between odd and even: the median follows.
    const extra: Item = { kind: "review", status: "rejected", createdAt: NOW - 7200, decidedAt: NOW - 60, decidedBy: "Mehmet Demir" };
    await seedItems([extra]);
    const again = await getModerationFigures(env.DB, { nowSeconds: NOW });
    expect(again.decisions.medianSeconds).toBe(bruteForce([...items, extra], memberTimes, NOW).decisions.medianSeconds);
    expect(again.decisions.medianSeconds).not.toBe(figures.decisions.medianSeconds);
  });

  it("say nothing was decided in an empty month, and count sign-ups only among the newest members it reads", async () => {
    const empty = await getModerationFigures(env.DB, { nowSeconds: NOW });
    expect(empty.decisions).toMatchObject({ approved: 0, rejected: 0, approvalRate: null, medianSeconds: null, byDecider: [] });
    expect(empty.decisions.perDay.every((day) => day.approved === 0 && day.rejected === 0)).toBe(true);
    expect(empty.pending.byAge.map((row) => row.count)).toEqual([0, 0, 0, 0]);

    const times = [NOW - 20 * DAY, NOW - 10 * DAY, NOW - 9 * DAY, NOW - 2 * DAY, NOW - DAY, NOW - 60];
    await seedMembers(times);
    const capped = await getModerationFigures(env.DB, { nowSeconds: NOW, memberScanLimit: 4 });
    expect(capped.newMembers.capped).toBe(true);
    expect(capped.newMembers.perDay).toEqual(bruteForce([], times.slice(-4), NOW).newMembers.perDay);
    const whole = await getModerationFigures(env.DB, { nowSeconds: NOW, memberScanLimit: 6 });
    expect(whole.newMembers.total).toBe(6);
  });
});

/** The text of the element with `testId` in server HTML (React's text separators removed). */
function testIdText(html: string, testId: string): string | undefined {
  return new RegExp(`data-testid="${testId}"[^>]*>(.*?)</span>`).exec(html)?.[1]?.replace(/<!-- -->/g, "");
}

describe("the dashboard and the reports", () => {
  it("show the platform's own figures where it counts them, and mark as sample only what it cannot count", async () => {
    const now = Math.floor(Date.now() / 1000);
    await seedItems([
      { kind: "listing", status: "pending", createdAt: now - 2 * 3600, decidedAt: null, decidedBy: null },
      { kind: "claim", status: "pending", createdAt: now - 2 * DAY, decidedAt: null, decidedBy: null },
      { kind: "review", status: "pending", createdAt: now - 10 * DAY, decidedAt: null, decidedBy: null },
      // Waits of 1, 2, 3 and 4 hours: the median is 2 h 30 min; three of four approved.
      { kind: "listing", status: "approved", createdAt: now - 3600 - 60, decidedAt: now - 60, decidedBy: "Ayşe Yılmaz" },
      { kind: "change", status: "approved", createdAt: now - 7200 - 60, decidedAt: now - 60, decidedBy: "Ayşe Yılmaz" },
      { kind: "review", status: "rejected", createdAt: now - 10_800 - 60, decidedAt: now - 60, decidedBy: "Mehmet Demir" },
      { kind: "claim", status: "approved", createdAt: now - 14_400 - 60, decidedAt: now - 60, decidedBy: "auto" },
    ]);
    await seedMembers([now - 120, now - 60]);
    const cookie = await login("10.30.0.1");

    const dashboard = await (await adminFetch(cookie, "/admin/dashboard")).text();
    expect(dashboard).toContain(">Moderasyon</h2>");
    expect(testIdText(dashboard, "figure-pending")).toBe("3");
    expect(testIdText(dashboard, "figure-decisions")).toBe("4");
    expect(testIdText(dashboard, "figure-approval-rate")).toBe("%75");
    expect(testIdText(dashboard, "figure-median")).toBe("2 sa 30 dk");
    expect(testIdText(dashboard, "figure-new-members")).toBe("2");
    expect(testIdText(dashboard, "figure-new-listings")).toBe("2");
    expect(dashboard).toContain("Otomatik");
    expect(dashboard).not.toContain(">auto<");
    // Only the visitors and the system metrics, which the platform does not measure, stay samples.
    expect(dashboard.match(/örnek veri/g)).toHaveLength(2);
    expect(dashboard).toMatch(/Günlük ziyaretçi.*örnek veri/s);
    expect(dashboard).toMatch(/Sistem metrikleri.*örnek veri/s);

    const reports = await adminFetch(cookie, "/admin/reports");
    expect(reports.status).toBe(200);
    const html = await reports.text();
    expect(html).toContain("Raporlar</h1>");
    expect(html).not.toMatch(/Coming soon|çok yakında|Yakında/);
    expect(testIdText(html, "figure-median")).toBe("2 sa 30 dk");
    const today = new Date(now * 1000).toISOString().slice(0, 10);
    const row = (table: string) => new RegExp(`data-testid="${table}".*?<time [^>]*>${today}</time></td>(.*?)</tr>`, "s").exec(html)?.[1] ?? "";
    const cells = (table: string) => [...row(table).matchAll(/tabular-nums">([^<]*)</g)].map((match) => match[1]);
    // Today's row (a seed made just after midnight UTC falls on yesterday's).
    const onToday = (times: number[]) => String(times.filter((at) => new Date(at * 1000).toISOString().startsWith(today)).length);
    const decided = onToday([now - 60]);
    expect(cells("decisions-per-day")).toEqual([decided === "1" ? "3" : "0", decided]);
    expect(cells("sign-ups-per-day")).toEqual([onToday([now - 120, now - 60]), onToday([now - 7200, now - 3660])]);
    expect(html.match(/<tr>/g)!.length).toBeGreaterThanOrEqual(60);
    expect(html).toContain("Ayşe Yılmaz");
    expect(html).toContain("Otomatik");
    // What no one counts (visitors, search terms) keeps its badge.
    expect(html.match(/örnek veri/g)).toHaveLength(1);
  });
});

describe("the audit log by person", () => {
  const LONG_NAME = "x".repeat(300);

  async function seedLog() {
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO admin_users (username, password_hash, salt, iterations, display_name, role) VALUES ('ayse@example.org', 'x', 'x', 1, 'Ayşe Yılmaz', 'moderator')`,
      ),
      env.DB.prepare(`INSERT INTO admin_users (username, password_hash, salt, iterations, role) VALUES ('bora@example.org', 'x', 'x', 1, 'moderator')`),
      env.DB.prepare(
        `INSERT INTO audit_log (created_at, action, actor, address, subject) VALUES
          (unixepoch() - 30, 'moderation.approved', 'Ayşe Yılmaz', '10.1.1.1', 'Hotel A'),
          (unixepoch() - 20, 'moderation.rejected', 'Ayşe Yılmaz', '10.1.1.1', 'Hotel B'),
          (unixepoch() - 10, 'cache.cleared', 'admin', '10.1.1.2', NULL),
          (unixepoch() - 5, 'auth.sign-in-failed', ?1, '203.0.113.9', NULL)`,
      ).bind(LONG_NAME),
    ]);
  }

  type Page = { entries: { actor: string | null; action: string }[]; total: number };

  it("filters the call by who did it, with the action, and ignores a name longer than the log keeps", async () => {
    const cookie = await login("10.30.0.2");
    await seedLog();
    const list = async (query: string) => (await (await adminFetch(cookie, `/api/admin/audit-log?${query}`)).json()) as Page;
    const ayse = await list(`actor=${encodeURIComponent("Ayşe Yılmaz")}`);
    expect(ayse.total).toBe(2);
    expect(ayse.entries.map((entry) => entry.action)).toEqual(["moderation.rejected", "moderation.approved"]);
    expect((await list(`actor=${encodeURIComponent("Ayşe Yılmaz")}&action=moderation.approved`)).total).toBe(1);
    const failed = await list(`actor=${LONG_NAME}`);
    expect(failed.entries.map((entry) => entry.action)).toEqual(["auth.sign-in-failed"]);
    // The admin's own sign-in, and the cache cleared.
    expect((await list("actor=admin")).entries.map((entry) => entry.action)).toEqual(["auth.sign-in", "cache.cleared"]);
    const everyone = await list("actor=");
    expect(everyone.total).toBe(5);
    expect((await list(`actor=${"y".repeat(301)}`)).total).toBe(5);
    expect((await list("actor=nobody")).total).toBe(0);
  });

  it("offers the staff by name in the page's Kişi filter and lists only that person's entries, long values whole in their titles", async () => {
    const cookie = await login("10.30.0.3");
    await seedLog();
    const page = async (query: string) => (await adminFetch(cookie, `/admin/activity${query}`)).text();
    const filtered = await page(`?actor=${encodeURIComponent("Ayşe Yılmaz")}`);
    expect(filtered).toContain(">Kişi</span>");
    const options = [...filtered.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((match) => match[2]);
    // Herkes, then the staff in name order (a display name, else the username).
    expect(options.slice(options.indexOf("Herkes"), options.indexOf("Herkes") + 4)).toEqual(["Herkes", "admin", "Ayşe Yılmaz", "bora@example.org"]);
    expect(filtered).toMatch(/<option value="Ayşe Yılmaz" selected="">/);
    expect(filtered).toMatch(/data-testid="audit-total">2<!-- --> kayıt/);
    const entries = (html: string) => /data-testid="audit-entries">(.*?)<\/ul>/s.exec(html)?.[1] ?? "";
    expect(entries(filtered)).toContain("Hotel B");
    expect(entries(filtered)).not.toContain("Cache temizlendi");

    const all = await page("");
    expect(all).toMatch(/data-testid="audit-total">5<!-- --> kayıt/);
    // The 300-character name is cut on screen by CSS and whole in the title.
    expect(all).toContain(`title="${LONG_NAME}"`);
    expect(all).toMatch(new RegExp(`class="[^"]*truncate[^"]*" title="${LONG_NAME}"`));
  });
});
