import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createAdminUser } from "~/models/auth.server";
import { holdModerationItem } from "~/models/moderation.server";
import { listReasonTemplates } from "~/models/reason-template.server";
import { addBusinesses, adminFetch, login, ORIGIN, record } from "./admin-support";
import { mailTo, memberPost, signInMember } from "./member-support";

/** The Moderasyon page's bulk form and the Gerekçe şablonları page, as plain form posts (no script). */

const STRONG = "lantern-orchard-velvet-42";

/** A form post as the browser sends it without the page's script (fields repeat, as `ids` does). */
function postForm(cookie: string, path: string, fields: [string, string][]) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

async function staff(email: string, name: string, role: "admin" | "moderator"): Promise<{ cookie: string; id: number }> {
  await createAdminUser(env.DB, email, STRONG, { displayName: name, role });
  const response = await SELF.fetch(`${ORIGIN}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": `10.52.${email.length}.1` },
    body: JSON.stringify({ username: email, password: STRONG }),
  });
  expect(response.status).toBe(200);
  const row = (await env.DB.prepare("SELECT id FROM admin_users WHERE username = ?").bind(email).first<{ id: number }>())!;
  return { cookie: response.headers.get("Set-Cookie")!.split(";")[0]!, id: row.id };
}

async function status(id: number): Promise<{ status: string; reason: string | null }> {
  return (await env.DB.prepare("SELECT status, reason FROM moderation_items WHERE id = ?").bind(id).first<{ status: string; reason: string | null }>())!;
}

/** Submits `count` listings as members (five a day each) and answers their queue items' ids. */
async function submitted(prefix: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  let member = "";
  for (let n = 0; n < count; n++) {
    if (n % 5 === 0) member = await signInMember(`${prefix}-${n / 5}@example.org`);
    const created = await memberPost(
      "/api/listings",
      { name: `Bulk ${prefix} Inn ${n}`, category: "hotel", fullAddress: `${n} Quai Test, Lyon`, city: "Lyon", countryCode: "fr", latitude: 45.75 + n / 100, longitude: 4.85 + n / 100 },
      { Cookie: member },
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const { listing } = (await created.json()) as { listing: { id: number } };
    const item = (await env.DB.prepare("SELECT id FROM moderation_items WHERE kind = 'listing' AND business_id = ?").bind(listing.id).first<{ id: number }>())!;
    ids.push(item.id);
  }
  return ids;
}

let admin: string;
beforeAll(async () => {
  // A listing's category must be one the directory has.
  await addBusinesses([record({ name: "Hotel Bulk Category", placeId: "bulk-category" })]);
  admin = await login("10.52.0.1");
});

describe("the Moderasyon page's bulk form", () => {
  it("approves the ticked items and names the ones it skipped (held by someone else, already decided, unknown)", async () => {
    const ids = await submitted("bulk-approve", 5);
    const other = await staff("holder@example.org", "Hale Holder", "moderator");
    expect((await holdModerationItem(env.DB, { id: other.id, name: "Hale Holder" }, ids[3]!)).kind).toBe("held");
    const done = await postForm(admin, "/admin/moderation", [["intent", "approve"], ["id", String(ids[4])]]);
    expect(done.status).toBe(200);

    const response = await postForm(admin, "/admin/moderation", [["intent", "bulk-approve"], ...ids.map((id): [string, string] => ["ids", String(id)]), ["ids", "999999"]]);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain(`3 kayıt karara bağlandı; 3 kayıt atlandı (#${ids[3]} başka biri inceliyor, #${ids[4]} zaten karara bağlanmış, #999999 bulunamadı).`);
    for (const id of ids.slice(0, 3)) expect((await status(id)).status).toBe("approved");
    expect((await status(ids[3]!)).status).toBe("pending");
    // The page itself offers the form: a box per pending card tied to it, the toolbar's buttons and the page size.
    expect(html).toContain('id="moderation-bulk"');
    expect(html).toContain(`form="moderation-bulk"`);
    expect(html).toMatch(new RegExp(`<input type="checkbox" name="ids" form="moderation-bulk"[^>]*value="${ids[3]}"`));
    for (const label of ["Seçilenleri onayla", "Seçilenleri reddet", "Sayfa başına"]) expect(html).toContain(label);
  });

  it("rejects with one reason, typed or a template's, mailing it to each submitter; refuses without a reason or a selection", async () => {
    const ids = await submitted("bulk-reject", 3);
    const refused = await postForm(admin, "/admin/moderation", [["intent", "bulk-reject"], ["ids", String(ids[0])], ["reason", "  "]]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Reddetmek için bir gerekçe yazın");
    expect((await status(ids[0]!)).status).toBe("pending");
    const none = await postForm(admin, "/admin/moderation", [["intent", "bulk-approve"]]);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Önce en az bir kayıt seçin.");

    const typed = await postForm(admin, "/admin/moderation", [["intent", "bulk-reject"], ["ids", String(ids[0])], ["ids", String(ids[1])], ["reason", "The address could not be found."]]);
    expect(typed.status).toBe(200);
    expect(await typed.text()).toContain("2 kayıt karara bağlandı.");
    expect(await status(ids[0]!)).toEqual({ status: "rejected", reason: "The address could not be found." });
    expect(await status(ids[1]!)).toEqual({ status: "rejected", reason: "The address could not be found." });

    const [template] = await listReasonTemplates(env.DB);
    const picked = await postForm(admin, "/admin/moderation", [["intent", "bulk-reject"], ["ids", String(ids[2])], ["template", String(template!.id)], ["reason", ""]]);
    expect(picked.status).toBe(200);
    expect(await status(ids[2]!)).toEqual({ status: "rejected", reason: template!.text });
    await expect.poll(async () => (await mailTo("bulk-reject-0@example.org")).some((mail) => mail.text.includes("The address could not be found.")), { timeout: 10_000 }).toBe(true);
  });

  it("refuses a single decision of an item someone else holds, naming them", async () => {
    const [id] = await submitted("held-single", 1);
    const other = await staff("single-holder@example.org", "Sevgi Tutan", "moderator");
    await holdModerationItem(env.DB, { id: other.id, name: "Sevgi Tutan" }, id!);
    const refused = await postForm(admin, "/admin/moderation", [["intent", "approve"], ["id", String(id)]]);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("Bu kaydı şu anda Sevgi Tutan inceliyor.");
    // The card says who holds it and its buttons are off.
    expect(html).toContain("İnceleniyor: Sevgi Tutan");
  });
});

describe("Gerekçe şablonları (/admin/moderation/reasons)", () => {
  it("shows the templates to an administrator, linked from the queue, and saves a new list in order", async () => {
    const before = await listReasonTemplates(env.DB);
    const page = await adminFetch(admin, "/admin/moderation/reasons");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Gerekçe şablonları");
    for (const template of before) expect(html).toContain(template.text.replace(/'/g, "&#x27;"));
    expect(await (await adminFetch(admin, "/admin/moderation")).text()).toContain('href="/admin/moderation/reasons"');

    // Without the script, add / move / remove answer the list rearranged, unsaved.
    const added = await postForm(admin, "/admin/moderation/reasons", [["templates", "First."], ["templates", "Second."], ["intent", "add"]]);
    expect(added.status).toBe(200);
    expect((await added.text()).match(/name="templates"/g)).toHaveLength(3);
    const moved = await postForm(admin, "/admin/moderation/reasons", [["templates", "First."], ["templates", "Second."], ["intent", "up-1"]]);
    const movedHtml = await moved.text();
    expect(movedHtml.indexOf(">Second.</textarea>")).toBeGreaterThan(-1);
    expect(movedHtml.indexOf(">Second.</textarea>")).toBeLessThan(movedHtml.indexOf(">First.</textarea>"));
    expect((await listReasonTemplates(env.DB)).map((template) => template.text)).toEqual(before.map((template) => template.text));

    const saved = await postForm(admin, "/admin/moderation/reasons", [["templates", "Duplicate of an existing listing."], ["templates", "  The photos are not of this place.  "], ["intent", "save"]]);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("2 şablon kaydedildi.");
    expect((await listReasonTemplates(env.DB)).map((template) => template.text)).toEqual(["Duplicate of an existing listing.", "The photos are not of this place."]);
  });

  it("refuses an empty or too-long template and more than 20, keeping the list as typed", async () => {
    const before = (await listReasonTemplates(env.DB)).map((template) => template.text);
    const empty = await postForm(admin, "/admin/moderation/reasons", [["templates", "Fine."], ["templates", "   "], ["intent", "save"]]);
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("2. şablon boş olamaz: yazın ya da kaldırın.");
    expect(emptyHtml).toContain("Fine.");
    const long = await postForm(admin, "/admin/moderation/reasons", [["templates", "x".repeat(1001)], ["intent", "save"]]);
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("1. şablon en fazla 1.000 karakter olabilir.");
    const many = await postForm(admin, "/admin/moderation/reasons", [...Array.from({ length: 21 }, (_, n): [string, string] => ["templates", `Reason ${n}.`]), ["intent", "save"]]);
    expect(many.status).toBe(400);
    expect(await many.text()).toContain("En fazla 20 şablon olabilir.");
    expect((await listReasonTemplates(env.DB)).map((template) => template.text)).toEqual(before);
  });

  it("is an administrator's: a moderator gets 403 on the page and its form, and no link to it", async () => {
    const moderator = await staff("reasons-mod@example.org", "Mert Moderatör", "moderator");
    const page = await adminFetch(moderator.cookie, "/admin/moderation/reasons");
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Bu sayfa için yetkiniz yok");
    const post = await postForm(moderator.cookie, "/admin/moderation/reasons", [["templates", "Mine."], ["intent", "save"]]);
    expect(post.status).toBe(403);
    expect((await listReasonTemplates(env.DB)).map((template) => template.text)).not.toEqual(["Mine."]);
    const queue = await adminFetch(moderator.cookie, "/admin/moderation");
    expect(queue.status).toBe(200);
    expect(await queue.text()).not.toContain('href="/admin/moderation/reasons"');
  });
});
