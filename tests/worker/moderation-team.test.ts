import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { cityPath } from "~/lib/directory/sitemap-xml";
import { HOLD_SECONDS } from "~/lib/listings/moderation";
import { getCacheGenerations, pageChangedAt } from "~/models/cache.server";
import { listReasonTemplates } from "~/models/reason-template.server";
import { addBusinesses, adminFetch, login, moderator, record } from "./admin-support";
import { waitForMail } from "./member-support";

/** A moderation team (decision 120): holds, bulk decisions and the reason templates, through the API. */

let admin: string;
let ayse: string;
let bora: string;
let next = 0;

/** `n` pending new listings, each from its own member: their item ids, oldest first. */
async function pendingListings(n: number, prefix: string): Promise<number[]> {
  const ids: number[] = [];
  const names = Array.from({ length: n }, (_, index) => `${prefix} ${++next} ${index}`);
  await addBusinesses(names.map((name, index) => record({ name, placeId: `${prefix}-${next}-${index}`, city: index % 2 ? "Bern" : "Zürich" })));
  for (const name of names) {
    const business = await env.DB.prepare(`UPDATE businesses SET is_approved = 0 WHERE name = ?1 RETURNING id, slug`).bind(name).first<{ id: number; slug: string }>();
    const email = `${business!.slug}@example.org`;
    const member = await env.DB.prepare(`INSERT INTO members (email) VALUES (?1) RETURNING id`).bind(email).first<{ id: number }>();
    const item = await env.DB.prepare(`INSERT INTO moderation_items (kind, member_id, business_id) VALUES ('listing', ?1, ?2) RETURNING id`).bind(member!.id, business!.id).first<{ id: number }>();
    ids.push(item!.id);
  }
  return ids;
}

const post = (cookie: string, path: string, body?: unknown, method = "POST") => adminFetch(cookie, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
const hold = (cookie: string, id: number) => post(cookie, `/api/admin/moderation/${id}/hold`);
const decide = (cookie: string, id: number, decision: "approve" | "reject", reason?: string) => post(cookie, `/api/admin/moderation/${id}`, { decision, reason });
const bulk = (cookie: string, body: unknown) => post(cookie, "/api/admin/moderation/bulk", body);

async function item(id: number) {
  return env.DB.prepare(`SELECT status, reason, decided_by, held_by FROM moderation_items WHERE id = ?1`).bind(id).first<{ status: string; reason: string | null; decided_by: string | null; held_by: number | null }>();
}

async function listed(cookie: string, id: number) {
  const answer = (await (await adminFetch(cookie, "/api/admin/moderation?size=100&order=newest")).json()) as { items: { id: number; heldBy: { id: number; displayName: string } | null }[] };
  return answer.items.find((entry) => entry.id === id);
}

async function staffId(name: string): Promise<number> {
  return (await env.DB.prepare(`SELECT id FROM admin_users WHERE display_name = ?1`).bind(name).first<number>("id"))!;
}

beforeAll(async () => {
  admin = await login("10.52.0.1");
  ayse = await moderator("ayse@example.org", "Ayşe Yılmaz");
  bora = await moderator("bora@example.org", "Bora");
});

describe("a hold", () => {
  it("keeps an opened item for its opener: the list shows who, and nobody else decides it meanwhile", async () => {
    const [id] = await pendingListings(1, "Hotel Held");
    const held = await hold(ayse, id!);
    expect(held.status).toBe(200);
    const { heldUntil } = (await held.json()) as { heldUntil: string };
    const seconds = (Date.parse(heldUntil) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(HOLD_SECONDS - 10);
    expect(seconds).toBeLessThanOrEqual(HOLD_SECONDS + 1);
    expect(await listed(bora, id!)).toMatchObject({ heldBy: { id: await staffId("Ayşe Yılmaz"), displayName: "Ayşe Yılmaz" } });

    // Another moderator can neither take the hold nor decide; nor can an administrator.
    const taken = await hold(bora, id!);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ success: false, heldBy: { displayName: "Ayşe Yılmaz" } });
    const refused = await decide(bora, id!, "approve");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ success: false, message: "Ayşe Yılmaz is reviewing this item", heldBy: { displayName: "Ayşe Yılmaz" } });
    expect((await decide(admin, id!, "reject", "No.")).status).toBe(409);
    expect(await item(id!)).toMatchObject({ status: "pending" });

    // The holder decides; the hold goes with the decision.
    expect((await decide(ayse, id!, "approve")).status).toBe(200);
    expect(await item(id!)).toMatchObject({ status: "approved", decided_by: "Ayşe Yılmaz", held_by: null });
    expect((await hold(bora, id!)).status).toBe(409);
  });

  it("is one per person, is let go on request, and runs out after five minutes", async () => {
    const [first, second, third] = await pendingListings(3, "Hotel Hold Walk");
    expect((await hold(bora, first!)).status).toBe(200);
    expect((await hold(bora, second!)).status).toBe(200);
    // Opening the next item let go of the first.
    expect(await listed(ayse, first!)).toMatchObject({ heldBy: null });
    expect(await listed(ayse, second!)).toMatchObject({ heldBy: { displayName: "Bora" } });
    // Ayşe's release of Bora's hold changes nothing; Bora's own does.
    expect((await post(ayse, `/api/admin/moderation/${second}/hold`, undefined, "DELETE")).status).toBe(200);
    expect(await listed(ayse, second!)).toMatchObject({ heldBy: { displayName: "Bora" } });
    expect((await post(bora, `/api/admin/moderation/${second}/hold`, undefined, "DELETE")).status).toBe(200);
    expect(await listed(ayse, second!)).toMatchObject({ heldBy: null });

    // A hold whose five minutes passed neither shows nor stops anyone.
    expect((await hold(bora, third!)).status).toBe(200);
    await env.DB.prepare(`UPDATE moderation_items SET held_until = unixepoch() - 1 WHERE id = ?1`).bind(third).run();
    expect(await listed(ayse, third!)).toMatchObject({ heldBy: null });
    expect((await decide(ayse, third!, "approve")).status).toBe(200);
  });

  it("answers 404 for an unknown item and 409 for a decided one", async () => {
    expect((await hold(ayse, 987654)).status).toBe(404);
    const [id] = await pendingListings(1, "Hotel Hold Decided");
    expect((await decide(admin, id!, "approve")).status).toBe(200);
    const answer = await hold(ayse, id!);
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ message: "This item has already been decided" });
  });

  it("is let go when its holder is removed from the team", async () => {
    const cleo = await moderator("cleo@example.org", "Cleo");
    const [id] = await pendingListings(1, "Hotel Hold Removed");
    expect((await hold(cleo, id!)).status).toBe(200);
    expect((await adminFetch(admin, `/api/admin/team/${await staffId("Cleo")}`, { method: "DELETE" })).status).toBe(200);
    expect(await item(id!)).toMatchObject({ status: "pending", held_by: null });
    expect((await decide(bora, id!, "approve")).status).toBe(200);
  });
});

describe("a bulk decision", () => {
  it("decides up to 100 items in one request and says which it skipped and why", async () => {
    const ids = await pendingListings(6, "Hotel Bulk");
    const [heldByAyse, decidedBefore, ...rest] = ids;
    expect((await hold(ayse, heldByAyse!)).status).toBe(200);
    expect((await decide(admin, decidedBefore!, "approve")).status).toBe(200);
    const answer = await bulk(bora, { ids: [...ids, 999999], decision: "reject", reason: "We could not verify this address." });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      decided: rest,
      skipped: [
        { id: heldByAyse, why: "held" },
        { id: decidedBefore, why: "already-decided" },
        { id: 999999, why: "not-found" },
      ],
    });
    for (const id of rest) expect(await item(id)).toMatchObject({ status: "rejected", reason: "We could not verify this address.", decided_by: "Bora" });
    expect(await item(heldByAyse!)).toMatchObject({ status: "pending" });

    // Each submitter is told, with the reason; the audit log names the moderator once per item.
    const slug = (await env.DB.prepare(`SELECT b.slug FROM moderation_items m JOIN businesses b ON b.id = m.business_id WHERE m.id = ?1`).bind(rest[0]).first<string>("slug"))!;
    const [mail] = await waitForMail(`${slug}@example.org`, /was not approved/);
    expect(mail?.text).toContain("We could not verify this address.");
    const logged = await env.DB.prepare(`SELECT count(*) AS n FROM audit_log WHERE action = 'moderation.rejected' AND actor = 'Bora' AND detail LIKE '%We could not verify this address.'`).first<number>("n");
    expect(logged).toBe(rest.length);
  });

  it("decides the rest on their own when another decision comes first in the middle of the bulk", async () => {
    const [first, second, third] = await pendingListings(3, "Hotel Bulk Race");
    // Someone decides the second item the moment the first is decided: the bulk's one transaction fails, and it goes item by item.
    await env.DB.prepare(
      `CREATE TRIGGER race_in_bulk AFTER UPDATE OF status ON moderation_items WHEN NEW.id = ${first} BEGIN
         UPDATE moderation_items SET status = 'approved', decided_by = 'Someone else' WHERE id = ${second};
       END`,
    ).run();
    try {
      const answer = await bulk(bora, { ids: [first, second, third], decision: "approve" });
      expect(await answer.json()).toEqual({ decided: [first, third], skipped: [{ id: second, why: "already-decided" }] });
    } finally {
      await env.DB.prepare(`DROP TRIGGER race_in_bulk`).run();
    }
    expect(await item(second!)).toMatchObject({ status: "approved", decided_by: "Someone else" });
    for (const id of [first, third]) expect(await item(id!)).toMatchObject({ status: "approved", decided_by: "Bora" });
  });

  it("approves in bulk: the listings become public and their pages are refreshed", async () => {
    const ids = await pendingListings(3, "Hotel Bulk Approve");
    const answer = await bulk(ayse, { ids, decision: "approve" });
    expect(await answer.json()).toEqual({ decided: ids, skipped: [] });
    const approved = await env.DB.prepare(`SELECT count(*) AS n FROM businesses b JOIN moderation_items m ON m.business_id = b.id WHERE m.id IN (${ids.join(",")}) AND b.is_approved = 1`).first<number>("n");
    expect(approved).toBe(3);
    const slugs = await env.DB.prepare(`SELECT b.slug FROM businesses b JOIN moderation_items m ON m.business_id = b.id WHERE m.id IN (${ids.join(",")})`).all<{ slug: string }>();
    const changed = await getCacheGenerations(env.DB, { fresh: true });
    for (const { slug } of slugs.results) expect(pageChangedAt(changed, `/business/${slug}`), slug).toBeGreaterThan(0);
    // Zürich's and Bern's lists changed; a city none of them is in did not.
    expect(pageChangedAt(changed, cityPath("ch", "bern"))).toBeGreaterThan(0);
    expect(pageChangedAt(changed, cityPath("ch", "geneva"))).toBe(0);
  });

  it("refuses a body it cannot read, naming what is wrong, and decides nothing", async () => {
    const ids = await pendingListings(2, "Hotel Bulk Refused");
    const refusals: [unknown, string][] = [
      [{ ids, decision: "reject" }, "A reason is required to reject"],
      [{ ids: [], decision: "approve" }, "ids must name at least one item"],
      [{ ids: Array.from({ length: 101 }, (_, index) => index + 1), decision: "approve" }, "ids may name at most 100 items"],
      [{ ids: [ids[0], ids[0]], decision: "approve" }, "ids must not repeat an item"],
      [{ ids: ["1"], decision: "approve" }, "ids must be item numbers"],
      [{ ids, decision: "maybe" }, 'decision must be "approve" or "reject"'],
    ];
    for (const [body, message] of refusals) {
      const answer = await bulk(ayse, body);
      expect(answer.status, message).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toContain(message);
    }
    for (const id of ids) expect(await item(id)).toMatchObject({ status: "pending" });
  });
});

describe("reason templates", () => {
  it("are read by every staff member and saved, in order, by administrators only", async () => {
    const read = await adminFetch(bora, "/api/admin/moderation/reasons");
    expect(read.status).toBe(200);
    const before = (await read.json()) as { templates: { id: number; text: string }[] };
    expect(before.templates.map((template) => template.text)).toContain("This business is already listed in the directory.");

    const byModerator = await post(bora, "/api/admin/moderation/reasons", { templates: ["Mine."] }, "PUT");
    expect(byModerator.status).toBe(403);
    expect((await listReasonTemplates(env.DB)).map((template) => template.text)).toEqual(before.templates.map((template) => template.text));

    for (const [body, message] of [
      [{ templates: ["  "] }, "a template must not be empty"],
      [{ templates: ["x".repeat(1001)] }, "a template must be at most 1000 characters"],
      [{ templates: Array.from({ length: 21 }, (_, index) => `Reason ${index}`) }, "at most 20 templates"],
    ] as const) {
      const answer = await post(admin, "/api/admin/moderation/reasons", body, "PUT");
      expect(answer.status, message).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toContain(message);
    }

    const saved = await post(admin, "/api/admin/moderation/reasons", { templates: ["The photos are not of this place.", "Closed for good."] }, "PUT");
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { templates: { text: string }[] }).templates.map((template) => template.text)).toEqual(["The photos are not of this place.", "Closed for good."]);
    expect(await env.DB.prepare(`SELECT actor FROM audit_log WHERE action = 'moderation.reasons-saved' ORDER BY id DESC`).first<string>("actor")).toBe("admin");

    // A template picked on the page without the script is the text the submitter reads.
    const [id] = await pendingListings(1, "Hotel Template");
    const [picked] = await listReasonTemplates(env.DB);
    const form = new URLSearchParams({ intent: "reject", id: String(id), reason: "", template: String(picked!.id) });
    const posted = await adminFetch(bora, "/admin/moderation", { method: "POST", body: form });
    expect(posted.status).toBe(200);
    const slug = (await env.DB.prepare(`SELECT b.slug FROM moderation_items m JOIN businesses b ON b.id = m.business_id WHERE m.id = ?1`).bind(id).first<string>("slug"))!;
    const [mail] = await waitForMail(`${slug}@example.org`, /was not approved/);
    expect(mail?.text).toContain("The photos are not of this place.");
  });
});
