import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { listReasonTemplates } from "~/models/reason-template.server";
import { addBusinesses, adminFetch, login, ORIGIN, record } from "./admin-support";
import { MEMBER_SITE, memberPost, signInMember } from "./member-support";

/** The admin's "Moderasyon" page (/admin/moderation): the queue as HTML, decisions posted by its forms (no script). */

function listing(overrides: Record<string, unknown> = {}) {
  return {
    name: "Pension Moderation Test", category: "hotel", fullAddress: "Bahnhofstrasse 1, 8001 Zürich", city: "Zürich", countryCode: "ch",
    latitude: 47.3702, longitude: 8.5391, phone: "+41 44 555 12 12", website: "https://pension-moderation.example", email: "desk@pension-moderation.example",
    ...overrides,
  };
}

/** A decision as the item's form posts it without the page's script. */
function postDecision(cookie: string, fields: Record<string, string>, site = ORIGIN) {
  return SELF.fetch(`${site}/admin/moderation`, {
    method: "POST",
    // A browser's form post: Remix compares its Origin with the Host.
    headers: { Cookie: cookie, Origin: site, Host: new URL(site).host, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

async function page(cookie: string, query = "") {
  const response = await adminFetch(cookie, `/admin/moderation${query}`);
  return { status: response.status, html: await response.text() };
}

async function pendingIds(cookie: string): Promise<number[]> {
  const answer = await adminFetch(cookie, "/api/admin/moderation?status=pending");
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { items: { id: number }[] }).items.map((item) => item.id);
}

async function itemOf(cookie: string, kind: string, businessId: number): Promise<{ id: number; status: string; reason: string | null }> {
  const answer = await adminFetch(cookie, `/api/admin/moderation?kind=${kind}&status=pending&order=newest`);
  const { items } = (await answer.json()) as { items: { id: number; status: string; reason: string | null; business: { id: number } | null }[] };
  return items.find((item) => item.business?.id === businessId)!;
}

const badge = (html: string) => /data-testid="badge-\/admin\/moderation">(\d+)/.exec(html)?.[1];

await addBusinesses([record({ name: "Hotel Lindenhof Moderation", placeId: "lindenhof", phone: "+41 44 111 22 33", url: "https://www.lindenhof-hotel.ch" })]);
const lindenhof = (await env.DB.prepare(`SELECT id, slug FROM businesses WHERE place_id = 'lindenhof'`).first<{ id: number; slug: string }>())!;

describe("the Moderasyon page", () => {
  let submitted: { id: number; slug: string };
  let admin: string;

  it("lists a pending submission with its submitter, a link to its page in a new tab, and the menu's badge", async () => {
    const member = await signInMember("submitter@example.org");
    const created = await memberPost("/api/listings", listing(), { Cookie: member });
    expect(created.status).toBe(201);
    submitted = ((await created.json()) as { listing: { id: number; slug: string } }).listing;
    admin = await login("10.20.0.1");
    const item = await itemOf(admin, "listing", submitted.id);

    const { status, html } = await page(admin);
    expect(status).toBe(200);
    expect(html).toContain("Moderasyon");
    expect(html).toContain(`data-id="${item.id}"`);
    expect(html).toContain("Yeni işletme");
    expect(html).toContain("submitter@example.org");
    expect(html).toContain(`href="/business/${submitted.slug}" target="_blank" rel="noopener noreferrer"`);
    expect(html).toContain("Pension Moderation Test");
    expect(html).toContain('name="reason"');
    expect(html).toContain('maxLength="1000"');
    const templates = await listReasonTemplates(env.DB);
    expect(templates.length).toBeGreaterThan(0);
    for (const template of templates) expect(html).toContain(template.text);
    for (const label of ["Tümü", "Sahiplik talebi", "Değişiklik", "Bekliyor", "Onaylandı", "Reddedildi", "En eski", "En yeni", "Onayla", "Reddet"]) expect(html).toContain(label);
    // The menu's badge counts every pending item.
    expect(html).toContain('href="/admin/moderation"');
    expect(badge(html)).toBe(String((await pendingIds(admin)).length));
    // The pending listing's page shows to the signed-in admin.
    expect((await adminFetch(admin, `/business/${submitted.slug}`)).status).toBe(200);
  });

  it("shows a claim beside the listing's own phone and website, flagged as a dispute on a claimed listing", async () => {
    const owner = await signInMember("manager@lindenhof-hotel.ch");
    const byDomain = await memberPost(`/api/businesses/${lindenhof.slug}/claim`, { position: "Manager" }, { Cookie: owner });
    expect(((await byDomain.json()) as { claim: { status: string } }).claim.status).toBe("approved");
    const rival = await signInMember("lindenhof.rival@gmail.com");
    const claim = await memberPost(`/api/businesses/${lindenhof.slug}/claim`, { position: "Owner since 2019", phone: "+41 79 000 00 00", message: "<script>alert(1)</script> I own it." }, { Cookie: rival });
    expect(((await claim.json()) as { claim: { status: string } }).claim.status).toBe("pending");

    const { html } = await page(admin, "?kind=claim");
    expect(html).toContain("Sahiplik talebi");
    expect(html).toContain("Zaten sahiplenilmiş (itiraz)");
    expect(html).toContain("lindenhof.rival@gmail.com");
    expect(html).toContain("Owner since 2019");
    expect(html).toContain("+41 79 000 00 00");
    expect(html).toContain("+41 44 111 22 33");
    expect(html).toContain('href="https://www.lindenhof-hotel.ch"');
    // Member text is text: escaped, never markup.
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; I own it.");
    expect(html).not.toContain("<script>alert(1)</script>");
    // Filtered by kind: the listing submitted above is not on this page.
    expect(html).not.toContain(`href="/business/${submitted.slug}"`);
  });

  it("shows an owner's change as a table of field, old and new values, lists and hours readable", async () => {
    const owner = await signInMember("manager@lindenhof-hotel.ch");
    const change = await memberPost(
      `/api/listings/${lindenhof.id}`,
      { phone: "+41 44 999 88 77", amenities: ["Pool", "Free Wi-Fi"], workingHours: { Monday: "9–5", Sunday: "Closed" } },
      { Cookie: owner },
      "PATCH",
    );
    expect(change.status).toBe(202);
    const { html } = await page(admin, "?kind=change&order=newest");
    expect(html).toContain('data-testid="change-diff"');
    for (const heading of ["Alan", "Eski", "Yeni", "Telefon", "Olanaklar", "Çalışma saatleri"]) expect(html).toContain(heading);
    expect(html).toContain("+41 44 111 22 33");
    expect(html).toContain("+41 44 999 88 77");
    expect(html).toContain("Pool, Free Wi-Fi");
    expect(html).toContain("Monday: 9–5\nSunday: Closed");
  });

  it("refuses to reject without a reason, saying so beside the item, which stays pending", async () => {
    const item = await itemOf(admin, "listing", submitted.id);
    const refused = await postDecision(admin, { intent: "reject", id: String(item.id), reason: "   " });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("Cache-Control")).toContain("no-store");
    const html = await refused.text();
    expect(html).toContain("Reddetmek için bir gerekçe yazın (A reason is required to reject).");
    expect(html).toContain(`data-id="${item.id}"`);
    expect(await pendingIds(admin)).toContain(item.id);
  });

  it("approves through the form: the item leaves the pending list, the badge counts one fewer, and a second decision is refused", async () => {
    const item = await itemOf(admin, "listing", submitted.id);
    const before = badge((await page(admin)).html);
    const approved = await postDecision(admin, { intent: "approve", id: String(item.id) });
    expect(approved.status).toBe(200);
    const html = await approved.text();
    expect(html).toContain(`Kayıt #${item.id} onaylandı.`);
    expect(html).not.toContain(`data-id="${item.id}"`);
    expect(badge(html)).toBe(String(Number(before) - 1));
    expect(await pendingIds(admin)).not.toContain(item.id);
    expect((await SELF.fetch(`${MEMBER_SITE}/api/businesses/${submitted.slug}`)).status).toBe(200);

    const again = await postDecision(admin, { intent: "reject", id: String(item.id), reason: "Late." });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Bu kayıt zaten karara bağlanmış.");
    const unknown = await postDecision(admin, { intent: "approve", id: "999999" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Bu kayıt bulunamadı.");
    // The approved item shows under "Onaylandı", with who decided.
    const decided = await page(admin, "?status=approved&kind=listing");
    expect(decided.html).toContain(`data-id="${item.id}"`);
  });

  it("rejects with a template picked without the script, and shows the reason under Reddedildi", async () => {
    const item = await itemOf(admin, "claim", lindenhof.id);
    const picked = (await listReasonTemplates(env.DB))[3]!;
    const rejected = await postDecision(admin, { intent: "reject", id: String(item.id), reason: "", template: String(picked.id) });
    expect(rejected.status).toBe(200);
    expect(await rejected.text()).toContain(`Kayıt #${item.id} reddedildi.`);
    const row = await env.DB.prepare(`SELECT status, reason FROM moderation_items WHERE id = ?1`).bind(item.id).first();
    expect(row).toEqual({ status: "rejected", reason: picked.text });
    const { html } = await page(admin, "?status=rejected");
    expect(html).toContain(picked.text);
  });

  it("answers a query it cannot read with a 400 that says why", async () => {
    const { status, html } = await page(admin, "?kind=hotel");
    expect(status).toBe(400);
    expect(html).toContain("kind must be one of: listing, claim, change, review, reply, report, appeal");
    expect(html).toContain('href="/admin/moderation"');
  });

  it("sends a member without an admin session to the admin login, and takes no decision from them, from another origin or the site's", async () => {
    const member = await signInMember("not-an-admin@example.org");
    const pending = (await pendingIds(admin))[0]!;
    const shown = await SELF.fetch(`${MEMBER_SITE}/admin/moderation`, { headers: { Cookie: member }, redirect: "manual" });
    expect(shown.status).toBe(302);
    expect(shown.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fmoderation");
    // From the member's own origin the admin path refuses the write before any route runs.
    expect((await postDecision(member, { intent: "approve", id: String(pending) }, MEMBER_SITE)).status).toBe(403);
    const posted = await postDecision(member, { intent: "approve", id: String(pending) });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    expect(await pendingIds(admin)).toContain(pending);
  });
});
