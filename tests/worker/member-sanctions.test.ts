import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addBusinesses, adminFetch, login, ORIGIN, record } from "./admin-support";
import { mailTo, MEMBER_SITE, memberPost, signInMember, waitForMail } from "./member-support";

/** Issue 51: warnings, suspensions and terminations of members, the members admin, and appeals. */

await addBusinesses([
  record({ name: "Sanction Harbour Hotel", placeId: "sanction-harbour", url: "https://www.sanction-harbour.example" }),
  record({ name: "Sanction Other Hotel", placeId: "sanction-other" }),
  record({ name: "Sanction Owned Inn", placeId: "sanction-owned", url: "https://www.owned-inn.example" }),
  record({ name: "Sanction Fourth Hotel", placeId: "sanction-fourth" }),
]);
const businessOf = async (placeId: string) => (await env.DB.prepare(`SELECT id, slug FROM businesses WHERE place_id = ?1`).bind(placeId).first<{ id: number; slug: string }>())!;
const harbour = await businessOf("sanction-harbour");
const other = await businessOf("sanction-other");
const owned = await businessOf("sanction-owned");
const fourth = await businessOf("sanction-fourth");

const TEXT = "A quiet room over the harbour, friendly staff and a generous breakfast every morning.";
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const withCookie = (cookie: string) => ({ Cookie: cookie });
const memberIdOf = async (email: string) => (await env.DB.prepare(`SELECT id FROM members WHERE email = ?1`).bind(email).first<{ id: number }>())!.id;
const me = (cookie: string) => SELF.fetch(`${MEMBER_SITE}/api/account/me`, { headers: { Cookie: cookie } });

let admin: string;
async function adminCookie(): Promise<string> {
  admin ??= await login("10.51.0.1");
  return admin;
}

async function sanction(memberId: number, body: unknown): Promise<Response> {
  return adminFetch(await adminCookie(), `/api/admin/members/${memberId}/sanctions`, { method: "POST", body: JSON.stringify(body) });
}

async function lift(memberId: number, sanctionId: number): Promise<Response> {
  return adminFetch(await adminCookie(), `/api/admin/members/${memberId}/sanctions/${sanctionId}/lift`, { method: "POST" });
}

async function decide(itemId: number, decision: "approve" | "reject", reason?: string) {
  const answer = await adminFetch(await adminCookie(), `/api/admin/moderation/${itemId}`, { method: "POST", body: JSON.stringify({ decision, reason }) });
  expect(answer.status).toBe(200);
}

/** A published review by `cookie`'s member of `slug`. */
async function publishedReview(cookie: string, slug: string): Promise<number> {
  const created = await memberPost(`/api/businesses/${slug}/reviews`, { rating: 5, text: TEXT }, withCookie(cookie));
  expect(created.status).toBe(201);
  const { review } = (await created.json()) as { review: { id: number } };
  const queue = (await (await adminFetch(await adminCookie(), "/api/admin/moderation?kind=review&order=newest")).json()) as { items: { id: number; details: { reviewId: number } }[] };
  await decide(queue.items.find((item) => item.details.reviewId === review.id)!.id, "approve");
  return review.id;
}

const reviewCount = async (slug: string) => ((await (await SELF.fetch(`${MEMBER_SITE}/api/businesses/${slug}/reviews`)).json()) as { summary: { count: number } }).summary.count;

async function auditEntries(action: string): Promise<{ subject: string | null; detail: string | null; actor: string | null }[]> {
  return (await env.DB.prepare(`SELECT subject, detail, actor FROM audit_log WHERE action = ?1 ORDER BY id`).bind(action).all<{ subject: string | null; detail: string | null; actor: string | null }>()).results;
}

function listing(name: string) {
  return {
    name, category: "hotel", fullAddress: `${name} street 5, 8001 Zürich`, city: "Zürich", countryCode: "ch",
    latitude: 47.3702, longitude: 8.5391, phone: "+41 44 555 51 51", website: `https://${name.toLowerCase().replace(/\W+/g, "-")}.example`, email: "desk@example.org",
  };
}

/** A browser's form post to a page (Remix compares its Origin with the Host). */
function postForm(path: string, cookie: string, fields: Record<string, string>, site = ORIGIN) {
  return SELF.fetch(`${site}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: site, Host: new URL(site).host, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

describe("sanctions are the administrator's", () => {
  it("refuses the calls and pages to anyone signed out or signed in as a member only", async () => {
    const member = await signInMember("sanction-nosy@example.org");
    const id = await memberIdOf("sanction-nosy@example.org");
    for (const cookie of [null, member]) {
      const headers: Record<string, string> = { Origin: ORIGIN, "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) };
      for (const [method, path, body] of [
        ["GET", "/api/admin/members", undefined],
        ["GET", `/api/admin/members/${id}`, undefined],
        ["POST", `/api/admin/members/${id}/sanctions`, { level: "warning", reason: "Nope" }],
        ["POST", `/api/admin/members/${id}/sanctions/1/lift`, undefined],
      ] as const) {
        const answer = await SELF.fetch(`${ORIGIN}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
        expect(answer.status, `${method} ${path}`).toBe(401);
      }
      for (const path of ["/admin/members", `/admin/members/${id}`]) {
        const page = await SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
        expect(page.status).toBe(302);
        expect(page.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
      }
      expect((await postForm(`/admin/members/${id}`, cookie ?? "", { intent: "sanction", level: "termination", reason: "x", confirm: "yes" })).status).toBe(302);
    }
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM member_sanctions WHERE member_id = ?1`).bind(id).first("n")).toBe(0);
    expect((await me(member)).status).toBe(200);
  });

  it("names what is wrong with a sanction, and answers 404 for an unknown member", async () => {
    await signInMember("sanction-fields@example.org");
    const id = await memberIdOf("sanction-fields@example.org");
    const refused: [unknown, RegExp][] = [
      [{ level: "warning" }, /^reason: reason is required/],
      [{ level: "warning", reason: "   " }, /^reason: reason is required/],
      [{ level: "warning", reason: "x".repeat(1001) }, /^reason: reason must be at most 1000 characters/],
      [{ level: "suspension", reason: "Spam" }, /^days: days is required for a suspension/],
      [{ level: "suspension", reason: "Spam", days: 0 }, /^days: /],
      [{ level: "suspension", reason: "Spam", days: 366 }, /^days: /],
      [{ level: "suspension", reason: "Spam", days: 2.5 }, /^days: /],
      [{ level: "warning", reason: "Spam", days: 3 }, /^days: days is only for a suspension/],
      [{ level: "ban", reason: "Spam" }, /^level: /],
    ];
    for (const [body, message] of refused) {
      const answer = await sanction(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(message);
    }
    expect((await sanction(999_999, { level: "warning", reason: "Spam" })).status).toBe(404);
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM member_sanctions WHERE member_id = ?1`).bind(id).first("n")).toBe(0);
  });
});

describe("a warning", () => {
  it("is an e-mail with the reason and an audit entry, and changes nothing else", async () => {
    const cookie = await signInMember("sanction-warned@example.org");
    const id = await memberIdOf("sanction-warned@example.org");
    const answer = await sanction(id, { level: "warning", reason: "Please keep reviews about your own stay." });
    expect(answer.status).toBe(201);
    const { sanction: given } = (await answer.json()) as { sanction: { id: number; level: string; endsAt: string | null } };
    expect(given).toEqual({ id: expect.any(Number), level: "warning", endsAt: null });
    const [mail] = await waitForMail("sanction-warned@example.org", /^A warning about your/);
    expect(mail!.text).toContain("Please keep reviews about your own stay.");
    expect(mail!.text).toContain("appeal once within 20 days");
    expect(await auditEntries("member.warned")).toContainEqual({ subject: "sanction-warned@example.org", detail: `#${given.id}: Please keep reviews about your own stay.`, actor: "admin" });
    expect((await me(cookie)).status).toBe(200);
    expect((await memberPost(`/api/businesses/${fourth.slug}/reviews`, { rating: 4, text: TEXT }, withCookie(cookie))).status).toBe(201);
  });
});

describe("a suspension", () => {
  it("keeps the member signed in but refuses every write with 403 and its end, until it is lifted", async () => {
    // An owner by e-mail domain, to be messaged.
    const owner = await signInMember("manager@sanction-harbour.example");
    expect((await memberPost(`/api/businesses/${harbour.slug}/claim`, { position: "Manager" }, withCookie(owner))).status).toBe(201);
    const cookie = await signInMember("sanction-suspended@example.org");
    const id = await memberIdOf("sanction-suspended@example.org");
    const submitted = await memberPost("/api/listings", listing("Suspended Member Pension"), withCookie(cookie));
    expect(submitted.status).toBe(201);
    const mine = ((await submitted.json()) as { listing: { id: number } }).listing;

    const answer = await sanction(id, { level: "suspension", days: 7, reason: "Copied reviews." });
    expect(answer.status).toBe(201);
    const { sanction: given } = (await answer.json()) as { sanction: { id: number; level: string; endsAt: string } };
    expect(given.level).toBe("suspension");
    const endsAt = Date.parse(given.endsAt) / 1000;
    expect(Math.abs(endsAt - (now() + 7 * DAY))).toBeLessThan(60);
    const until = given.endsAt.slice(0, 10);
    const [mail] = await waitForMail("sanction-suspended@example.org", /account is suspended until/);
    expect(mail!.subject).toContain(until);
    expect(mail!.text).toContain("Copied reviews.");
    expect(await auditEntries("member.suspended")).toContainEqual({ subject: "sanction-suspended@example.org", detail: `#${given.id} · 7 gün (${until}): Copied reviews.`, actor: "admin" });

    // Still signed in and reading.
    expect((await me(cookie)).status).toBe(200);
    const writes: [string, Promise<Response>][] = [
      ["review", memberPost(`/api/businesses/${other.slug}/reviews`, { rating: 5, text: TEXT }, withCookie(cookie))],
      ["listing", memberPost("/api/listings", listing("Suspended Second Pension"), withCookie(cookie))],
      ["claim", memberPost(`/api/businesses/${other.slug}/claim`, { position: "Owner" }, withCookie(cookie))],
      ["message", memberPost(`/api/businesses/${harbour.slug}/messages`, { subject: "A question", text: "Do you have parking for a van?" }, withCookie(cookie))],
      ["change", memberPost(`/api/listings/${mine.id}`, { phone: "+41 44 555 00 00" }, withCookie(cookie), "PATCH")],
    ];
    for (const [what, pending] of writes) {
      const refused = await pending;
      expect(refused.status, what).toBe(403);
      const body = (await refused.json()) as { message: string; suspendedUntil: string };
      expect(body.suspendedUntil, what).toBe(new Date(endsAt * 1000).toISOString());
      expect(body.message, what).toContain(until);
    }
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM moderation_items WHERE member_id = ?1 AND kind IN ('claim', 'change')`).bind(id).first("n")).toBe(0);
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM business_messages WHERE from_member_id = ?1`).bind(id).first("n")).toBe(0);

    // Lifted: the member writes again.
    expect((await lift(id, given.id)).status).toBe(200);
    expect((await waitForMail("sanction-suspended@example.org", /suspension of your .* was lifted$/)).length).toBe(1);
    expect(await auditEntries("member.sanction-lifted")).toContainEqual({ subject: "sanction-suspended@example.org", detail: `#${given.id} suspension`, actor: "admin" });
    expect((await memberPost(`/api/businesses/${other.slug}/reviews`, { rating: 5, text: TEXT }, withCookie(cookie))).status).toBe(201);
    expect((await lift(id, given.id)).status).toBe(409);
    expect((await lift(id, 999_999)).status).toBe(404);
    // Another member's sanction is not found under this one.
    expect((await lift(await memberIdOf("manager@sanction-harbour.example"), given.id)).status).toBe(404);
  });

  it("that is over has nothing to lift and blocks nothing", async () => {
    const cookie = await signInMember("sanction-over@example.org");
    const id = await memberIdOf("sanction-over@example.org");
    const row = await env.DB.prepare(`INSERT INTO member_sanctions (member_id, level, reason, ends_at, created_by, created_at) VALUES (?1, 'suspension', 'Old', ?2, 'admin', ?3) RETURNING id`)
      .bind(id, now() - DAY, now() - 3 * DAY)
      .first<{ id: number }>();
    expect((await lift(id, row!.id)).status).toBe(409);
    expect((await memberPost(`/api/businesses/${other.slug}/claim`, { position: "Owner" }, withCookie(cookie))).status).toBe(201);
  });
});

describe("a termination", () => {
  it("ends the sessions, refuses sign-in, unpublishes the reviews and ends the claims; lifting opens the account again", async () => {
    const email = "boss@owned-inn.example";
    const cookie = await signInMember(email);
    const id = await memberIdOf(email);
    // They own the inn (its website's domain), reviewed the harbour, wait on a claim and a change.
    expect((await memberPost(`/api/businesses/${owned.slug}/claim`, { position: "Owner" }, withCookie(cookie))).status).toBe(201);
    const reviewId = await publishedReview(cookie, harbour.slug);
    expect(await reviewCount(harbour.slug)).toBeGreaterThan(0);
    const before = await reviewCount(harbour.slug);
    expect((await memberPost(`/api/businesses/${fourth.slug}/claim`, { position: "Owner" }, withCookie(cookie))).status).toBe(201);
    expect((await memberPost(`/api/listings/${owned.id}`, { phone: "+41 44 123 45 67" }, withCookie(cookie), "PATCH")).status).toBe(202);
    const second = await signInMember(email);

    const answer = await sanction(id, { level: "termination", reason: "Fake reviews of competitors." });
    expect(answer.status).toBe(201);
    const { sanction: given } = (await answer.json()) as { sanction: { id: number; level: string; endsAt: string | null } };
    expect(given).toMatchObject({ level: "termination", endsAt: null });

    // Every session ended.
    expect((await me(cookie)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM member_sessions WHERE member_id = ?1`).bind(id).first("n")).toBe(0);
    expect(await env.DB.prepare(`SELECT status FROM members WHERE id = ?1`).bind(id).first("status")).toBe("terminated");
    // Reviews unpublished, with the reason; the summary counts one fewer.
    expect(await env.DB.prepare(`SELECT status, reason FROM reviews WHERE id = ?1`).bind(reviewId).first()).toEqual({ status: "rejected", reason: "The author's account was closed: Fake reviews of competitors." });
    expect(await reviewCount(harbour.slug)).toBe(before - 1);
    // Claims ended: no longer the owner, nothing waiting.
    expect(await env.DB.prepare(`SELECT owner_id FROM businesses WHERE id = ?1`).bind(owned.id).first("owner_id")).toBeNull();
    expect(await env.DB.prepare(`SELECT count(*) AS n FROM moderation_items WHERE member_id = ?1 AND status = 'pending' AND kind IN ('claim', 'change', 'review')`).bind(id).first("n")).toBe(0);
    // E-mailed with the reason and a link to appeal; in the audit log.
    const [mail] = await waitForMail(email, /account was closed$/);
    expect(mail!.text).toContain("Fake reviews of competitors.");
    expect(mail!.text).toMatch(/\/account\/appeal\?sanction=\d+&token=\S+/);
    expect(await auditEntries("member.terminated")).toContainEqual({ subject: email, detail: `#${given.id}: Fake reviews of competitors.`, actor: "admin" });

    // No sign-in: the code request answers as always, but the mailbox gets no code, and no code opens a session.
    const asked = await memberPost("/api/account/email-code", { email }, { "CF-Connecting-IP": "203.0.113.251" });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ success: true });
    const [closed] = await mailTo(email);
    expect(closed!.subject).toMatch(/account is closed$/);
    expect(closed!.text).not.toMatch(/\b\d{6}\b/);
    const guessed = await memberPost("/api/account/verify", { email, code: "123456" });
    expect(guessed.status).toBe(400);
    expect(guessed.headers.getSetCookie().some((value) => value.startsWith("__Host-member_session=") && !value.includes("Max-Age=0"))).toBe(false);
    // No further sanction on a closed account.
    expect((await sanction(id, { level: "warning", reason: "More" })).status).toBe(409);

    // Lifted: active again, signs in; the reviews stay unpublished and the ownership ended.
    expect((await lift(id, given.id)).status).toBe(200);
    expect(await env.DB.prepare(`SELECT status FROM members WHERE id = ?1`).bind(id).first("status")).toBe("active");
    expect((await waitForMail(email, /closure of your .* was lifted$/)).length).toBe(1);
    const back = await signInMember(email);
    expect((await me(back)).status).toBe(200);
    expect(await env.DB.prepare(`SELECT status FROM reviews WHERE id = ?1`).bind(reviewId).first("status")).toBe("rejected");
    expect(await reviewCount(harbour.slug)).toBe(before - 1);
    expect(await auditEntries("member.sanction-lifted")).toContainEqual({ subject: email, detail: `#${given.id} termination`, actor: "admin" });
  });
});

describe("appeals", () => {
  async function appeal(cookie: string | null, body: unknown) {
    return memberPost("/api/account/appeals", body, cookie ? withCookie(cookie) : {});
  }
  const appealItem = async (sanctionId: number) =>
    ((await (await adminFetch(await adminCookie(), "/api/admin/moderation?kind=appeal&order=newest")).json()) as { items: { id: number; business: unknown; submitter: { email: string }; details: Record<string, unknown> }[] }).items.find(
      (item) => item.details.sanctionId === sanctionId,
    )!;

  it("takes one appeal within 20 days from the member; approving it lifts the sanction", async () => {
    const cookie = await signInMember("sanction-appeal@example.org");
    const id = await memberIdOf("sanction-appeal@example.org");
    const { sanction: given } = (await (await sanction(id, { level: "warning", reason: "Rude reply." })).json()) as { sanction: { id: number } };

    // The account page offers it.
    const page = await SELF.fetch(`${MEMBER_SITE}/account`, { headers: { Cookie: cookie } });
    const html = await page.text();
    expect(html).toContain("Account standing");
    expect(html).toContain("Rude reply.");
    expect(html).toContain('name="intent" value="appeal"');

    expect((await appeal(null, { sanctionId: given.id, text: "I was provoked." })).status).toBe(401);
    expect((await appeal(cookie, { sanctionId: given.id, text: "" })).status).toBe(400);
    expect((await appeal(cookie, { sanctionId: given.id, text: "x".repeat(2001) })).status).toBe(400);
    const stranger = await signInMember("sanction-stranger@example.org");
    expect((await appeal(stranger, { sanctionId: given.id, text: "Not mine." })).status).toBe(404);

    const appealed = await appeal(cookie, { sanctionId: given.id, text: "I was provoked, and I apologised." });
    expect(appealed.status).toBe(201);
    expect(await appealed.json()).toEqual({ success: true, appeal: { id: expect.any(Number), sanctionId: given.id, status: "pending" } });
    expect((await appeal(cookie, { sanctionId: given.id, text: "Again." })).status).toBe(409);

    const item = await appealItem(given.id);
    expect(item).toMatchObject({ business: null, submitter: { email: "sanction-appeal@example.org" }, details: { sanctionId: given.id, level: "warning", reason: "Rude reply.", text: "I was provoked, and I apologised." } });
    const queue = await (await adminFetch(await adminCookie(), "/admin/moderation?kind=appeal")).text();
    expect(queue).toContain("İtiraz");
    expect(queue).toContain("I was provoked, and I apologised.");

    await decide(item.id, "approve");
    expect(await env.DB.prepare(`SELECT lifted_by FROM member_sanctions WHERE id = ?1`).bind(given.id).first("lifted_by")).toBe("admin");
    expect((await waitForMail("sanction-appeal@example.org", /^Your appeal was approved/)).length).toBe(1);
    expect(await auditEntries("member.sanction-lifted")).toContainEqual({ subject: "sanction-appeal@example.org", detail: `#${given.id} warning (itiraz #${item.id})`, actor: "admin" });
    expect(await auditEntries("moderation.approved")).toContainEqual({ subject: "sanction-appeal@example.org", detail: `appeal #${item.id}`, actor: "admin" });
  });

  it("keeps a suspension whose appeal is rejected, and refuses an appeal past 20 days", async () => {
    const cookie = await signInMember("sanction-appeal-two@example.org");
    const id = await memberIdOf("sanction-appeal-two@example.org");
    const { sanction: given } = (await (await sanction(id, { level: "suspension", days: 30, reason: "Spam listings." })).json()) as { sanction: { id: number } };
    // The account page's small form, posted without the script (a suspended member may still appeal).
    const posted = await postForm("/account", cookie, { intent: "appeal", sanctionId: String(given.id), text: "They were my own hotels." }, MEMBER_SITE);
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("Your appeal was received");
    const item = await appealItem(given.id);
    await decide(item.id, "reject", "The listings were copies of existing ones.");
    const [mail] = await waitForMail("sanction-appeal-two@example.org", /^Your appeal against the suspension .* was not approved/);
    expect(mail!.text).toContain("The listings were copies of existing ones.");
    expect(await env.DB.prepare(`SELECT lifted_at FROM member_sanctions WHERE id = ?1`).bind(given.id).first("lifted_at")).toBeNull();
    expect((await memberPost(`/api/businesses/${other.slug}/reviews`, { rating: 5, text: TEXT }, withCookie(cookie))).status).toBe(403);

    const old = await env.DB.prepare(`INSERT INTO member_sanctions (member_id, level, reason, created_by, created_at) VALUES (?1, 'warning', 'Long ago', 'admin', ?2) RETURNING id`)
      .bind(id, now() - 21 * DAY)
      .first<{ id: number }>();
    const late = await appeal(cookie, { sanctionId: old!.id, text: "Please." });
    expect(late.status).toBe(400);
    expect(((await late.json()) as { message: string }).message).toMatch(/within 20 days/);
  });

  it("lets a terminated member appeal through the signed link of the e-mail, once", async () => {
    const email = "sanction-closed@example.org";
    await signInMember(email);
    const id = await memberIdOf(email);
    const { sanction: given } = (await (await sanction(id, { level: "termination", reason: "Impersonation." })).json()) as { sanction: { id: number } };
    const [mail] = await waitForMail(email, /account was closed$/);
    const link = new URL(/https?:\/\/\S+\/account\/appeal\?\S+/.exec(mail!.text)![0]);
    const path = link.pathname + link.search;
    const token = link.searchParams.get("token")!;

    const tampered = await SELF.fetch(`${MEMBER_SITE}/account/appeal?sanction=${given.id}&token=${token.slice(0, -2)}AA`);
    expect(tampered.status).toBe(404);
    const page = await SELF.fetch(`${MEMBER_SITE}${path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Impersonation.");
    expect((await memberPost("/api/account/appeals", { sanctionId: given.id, text: "Wrong token.", token: "x" + token.slice(1) })).status).toBe(401);

    const posted = await postForm(path, "", { sanctionId: String(given.id), token, text: "It was my brother's account, now mine." }, MEMBER_SITE);
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("Your appeal was received");
    expect((await memberPost("/api/account/appeals", { sanctionId: given.id, text: "Again.", token })).status).toBe(409);

    await decide((await appealItem(given.id)).id, "approve");
    expect(await env.DB.prepare(`SELECT status FROM members WHERE id = ?1`).bind(id).first("status")).toBe("active");
    expect((await waitForMail(email, /^Your appeal was approved/))[0]!.text).toContain("You can sign in again");
  });
});

describe("the members admin (Üyeler)", () => {
  it("lists members with their counts, searched and filtered, and opens one with its record", async () => {
    const cookie = await signInMember("sanction-listed@example.org");
    const id = await memberIdOf("sanction-listed@example.org");
    await env.DB.prepare(`UPDATE members SET display_name = 'Zebulon Listed' WHERE id = ?1`).bind(id).run();
    expect((await memberPost("/api/listings", listing("Listed Member Pension"), withCookie(cookie))).status).toBe(201);
    const reviewId = await publishedReview(cookie, other.slug);
    await env.DB.prepare(`INSERT INTO reports (member_id, target_kind, target_id, reason) VALUES (?1, 'business', ?2, 'closed')`).bind(id, harbour.id).run();
    const reporter = await signInMember("sanction-reporter@example.org");
    expect(reporter).toBeTruthy();
    await env.DB.prepare(`INSERT INTO reports (member_id, target_kind, target_id, reason, note) VALUES (?1, 'review', ?2, 'fake', 'Looks copied')`).bind(await memberIdOf("sanction-reporter@example.org"), reviewId).run();

    const cookieAdmin = await adminCookie();
    const byName = (await (await adminFetch(cookieAdmin, "/api/admin/members?q=zebulon")).json()) as { members: Record<string, unknown>[]; total: number; page: number; totalPages: number };
    expect(byName).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    expect(byName.members[0]).toEqual({ id, email: "sanction-listed@example.org", displayName: "Zebulon Listed", status: "active", createdAt: expect.any(String), listingCount: 1, reviewCount: 1, reportCount: 1 });
    const byEmail = (await (await adminFetch(cookieAdmin, "/api/admin/members?q=SANCTION-LISTED")).json()) as { members: { id: number }[] };
    expect(byEmail.members.map((member) => member.id)).toEqual([id]);
    // A LIKE wildcard is taken literally.
    expect(((await (await adminFetch(cookieAdmin, "/api/admin/members?q=%25")).json()) as { total: number }).total).toBe(0);

    const standing = async (status: string) => ((await (await adminFetch(cookieAdmin, `/api/admin/members?status=${status}`)).json()) as { members: { email: string; status: string }[] }).members;
    const suspended = await standing("suspended");
    expect(suspended.map((member) => member.email)).toContain("sanction-appeal-two@example.org");
    expect(suspended.every((member) => member.status === "suspended")).toBe(true);
    expect((await standing("active")).map((member) => member.email)).toContain("sanction-listed@example.org");
    expect((await standing("active")).map((member) => member.email)).not.toContain("sanction-appeal-two@example.org");
    expect((await adminFetch(cookieAdmin, "/api/admin/members?status=banned")).status).toBe(400);

    const detail = (await (await adminFetch(cookieAdmin, `/api/admin/members/${id}`)).json()) as { member: { email: string }; listings: unknown[]; reviews: unknown[]; reportsMade: unknown[]; reportsReceived: unknown[]; sanctions: unknown[] };
    expect(detail.member.email).toBe("sanction-listed@example.org");
    expect([detail.listings.length, detail.reviews.length, detail.reportsMade.length, detail.reportsReceived.length, detail.sanctions.length]).toEqual([1, 1, 1, 1, 0]);
    expect((await adminFetch(cookieAdmin, "/api/admin/members/999999")).status).toBe(404);

    const list = await adminFetch(cookieAdmin, "/admin/members?q=zebulon");
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    for (const label of ["Üyeler", "Üyelerde ara", "Durum", "Filtrele", "Aktif", "Askıda", "Sonlandırıldı", `href="/admin/members/${id}"`, 'href="/admin/members"']) expect(listHtml).toContain(label);

    const page = await adminFetch(cookieAdmin, `/admin/members/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of ["Uyarı gönder", "Askıya al", "Üyeliği sonlandır", "Yaptırım geçmişi", "Listed Member Pension", "Looks copied", "sanction-reporter@example.org"]) expect(html).toContain(label);
  });

  it("warns, suspends, terminates and lifts through the page's plain forms, saying why a form is refused", async () => {
    await signInMember("sanction-form@example.org");
    const id = await memberIdOf("sanction-form@example.org");
    const cookieAdmin = await adminCookie();
    const path = `/admin/members/${id}`;
    const noReason = await postForm(path, cookieAdmin, { intent: "sanction", level: "warning", reason: "" });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Bir gerekçe yazın");
    const badDays = await postForm(path, cookieAdmin, { intent: "sanction", level: "suspension", days: "400", reason: "Spam" });
    expect(badDays.status).toBe(400);
    expect(await badDays.text()).toContain("Gün sayısı 1 ile 365 arasında");
    const unconfirmed = await postForm(path, cookieAdmin, { intent: "sanction", level: "termination", reason: "Spam" });
    expect(unconfirmed.status).toBe(400);

    const warned = await postForm(path, cookieAdmin, { intent: "sanction", level: "warning", reason: "Mind the rules." });
    expect(warned.status).toBe(200);
    expect(await warned.text()).toContain("Üye uyarıldı");
    const suspendedPage = await postForm(path, cookieAdmin, { intent: "sanction", level: "suspension", days: "3", reason: "Spam." });
    expect(await suspendedPage.text()).toContain("Üye 3 gün askıya alındı");
    const live = await env.DB.prepare(`SELECT id FROM member_sanctions WHERE member_id = ?1 AND level = 'suspension'`).bind(id).first<{ id: number }>();
    const lifted = await postForm(path, cookieAdmin, { intent: "lift", sanctionId: String(live!.id) });
    expect(lifted.status).toBe(200);
    expect(await lifted.text()).toContain("Yaptırım kaldırıldı");
    expect((await postForm(path, cookieAdmin, { intent: "lift", sanctionId: String(live!.id) })).status).toBe(409);
    const terminated = await postForm(path, cookieAdmin, { intent: "sanction", level: "termination", reason: "Spam again.", confirm: "yes" });
    expect(await terminated.text()).toContain("Üyelik sonlandırıldı");
    expect(await env.DB.prepare(`SELECT status FROM members WHERE id = ?1`).bind(id).first("status")).toBe("terminated");
    const history = await (await adminFetch(cookieAdmin, path)).text();
    expect(history).toContain("Üyelik sonlandırılmış: yeni bir yaptırım için önce sonlandırmayı kaldırın.");
    expect(await auditEntries("member.warned")).toContainEqual({ subject: "sanction-form@example.org", detail: expect.stringContaining("Mind the rules."), actor: "admin" });
    // The audit log screen names the new actions in Turkish.
    const activity = await (await adminFetch(cookieAdmin, "/admin/activity?action=member.terminated")).text();
    expect(activity).toContain("Üyelik sonlandırıldı");
  });
});
