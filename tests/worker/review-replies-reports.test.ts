import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REPLY_MAX } from "~/lib/reviews/review-fields";
import { addBusinesses, adminFetch, login, record } from "./admin-support";
import { MEMBER_SITE, memberPost, signInMember, waitForMail } from "./member-support";

await addBusinesses([
  record({ name: "Reply Quay Hotel", placeId: "reply-quay", url: "https://www.reply-quay.example" }),
  record({ name: "Reported Inn", placeId: "reported-inn" }),
  record({ name: "Gone Fake Hotel", placeId: "gone-fake" }),
  record({ name: "Misprinted Hotel", placeId: "misprinted" }),
  record({ name: "Owner Check Lodge", placeId: "owner-check", url: "https://www.owner-check.example" }),
]);
const businessOf = async (placeId: string) => (await env.DB.prepare(`SELECT id, slug FROM businesses WHERE place_id = ?1`).bind(placeId).first<{ id: number; slug: string }>())!;
const quay = await businessOf("reply-quay");
const inn = await businessOf("reported-inn");

const TEXT = "Bright rooms over the quay, a calm bar and a breakfast worth getting up early for.";
const withCookie = (cookie: string) => ({ Cookie: cookie });

/** A published review by a member who never signs in (the e-mail still reaches the mailbox). */
async function publishedReview(businessId: number, email: string, rating = 4): Promise<number> {
  await env.DB.prepare(`INSERT INTO members (email) VALUES (?1)`).bind(email).run();
  const row = await env.DB.prepare(`INSERT INTO reviews (business_id, member_id, rating, text, text_key, status) SELECT ?1, id, ?2, ?3, ?4, 'published' FROM members WHERE email = ?5 RETURNING id`)
    .bind(businessId, rating, `${TEXT} (${email})`, email, email)
    .first<{ id: number }>();
  return row!.id;
}

const reviewsOf = async (slug: string) => (await (await SELF.fetch(`${MEMBER_SITE}/api/businesses/${slug}/reviews`)).json()) as {
  reviews: { id: number; reply: { text: string; createdAt: string } | null }[];
  summary: { count: number };
};

async function suspend(email: string) {
  const member = (await env.DB.prepare(`SELECT id FROM members WHERE email = ?1`).bind(email).first<{ id: number }>())!;
  const endsAt = Math.floor(Date.now() / 1000) + 2 * 24 * 60 * 60;
  await env.DB.prepare(`INSERT INTO member_sanctions (member_id, level, reason, ends_at, created_by) VALUES (?1, 'suspension', 'spam', ?2, 'admin')`).bind(member.id, endsAt).run();
  return endsAt;
}

interface QueueItem {
  id: number;
  kind: string;
  submitter: { email: string } | null;
  business: { id: number; slug: string } | null;
  details: Record<string, unknown>;
}

async function pending(admin: string, kind: "reply" | "report", match: (item: QueueItem) => boolean): Promise<QueueItem[]> {
  const queue = (await (await adminFetch(admin, `/api/admin/moderation?kind=${kind}&order=newest`)).json()) as { items: QueueItem[] };
  return queue.items.filter(match);
}

async function decide(admin: string, item: QueueItem, decision: "approve" | "reject", reason?: string) {
  const answer = await adminFetch(admin, `/api/admin/moderation/${item.id}`, { method: "POST", body: JSON.stringify({ decision, reason }) });
  expect(answer.status).toBe(200);
}

describe("owners' replies", () => {
  it("lets only an owner reply once, through the queue, and e-mails the reviewer when it is published", async () => {
    const reviewId = await publishedReview(quay.id, "quay-guest@example.org");
    const path = `/api/reviews/${reviewId}/reply`;
    expect((await memberPost(path, { text: "Thank you!" })).status).toBe(401);

    const stranger = await signInMember("not-the-owner@example.org");
    expect((await memberPost(path, { text: "Thank you!" }, withCookie(stranger))).status).toBe(403);

    const owner = await signInMember("manager@reply-quay.example");
    const claimed = await memberPost(`/api/businesses/${quay.slug}/claim`, { position: "Manager" }, withCookie(owner));
    expect(((await claimed.json()) as { claim: { status: string } }).claim.status).toBe("approved");
    expect((await memberPost(`/api/reviews/999999/reply`, { text: "Thank you!" }, withCookie(owner))).status).toBe(404);
    const tooLong = await memberPost(path, { text: "x".repeat(REPLY_MAX + 1) }, withCookie(owner));
    expect(tooLong.status).toBe(400);
    expect(Object.keys(((await tooLong.json()) as { errors: object }).errors)).toEqual(["text"]);
    expect((await memberPost(`/api/reviews/${reviewId}/reply`, { text: "Nothing yet" }, withCookie(owner), "PATCH")).status).toBe(404);

    const created = await memberPost(path, { text: "Thank you for staying with us!" }, withCookie(owner));
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ success: true, reply: { status: "pending" } });
    expect((await memberPost(path, { text: "Another one" }, withCookie(owner))).status).toBe(409);
    expect((await reviewsOf(quay.slug)).reviews.find((r) => r.id === reviewId)!.reply).toBeNull();

    const admin = await login("10.9.0.1");
    const [item] = await pending(admin, "reply", (entry) => entry.details.reviewId === reviewId);
    expect(item).toMatchObject({ submitter: { email: "manager@reply-quay.example" }, business: { id: quay.id }, details: { text: "Thank you for staying with us!", before: null } });
    expect(String((item!.details.review as { excerpt: string }).excerpt)).toContain("Bright rooms over the quay");
    await decide(admin, item!, "approve");
    expect((await reviewsOf(quay.slug)).reviews.find((r) => r.id === reviewId)!.reply).toMatchObject({ text: "Thank you for staying with us!" });
    const told = await waitForMail("quay-guest@example.org", /replied to your review$/);
    expect(told.length).toBe(1);
    expect(told[0]!.text).toContain("Thank you for staying with us!");
  });

  it("keeps the published reply while an edit waits, tells the owner a rejection's reason, and removes at once", async () => {
    const reviewId = await publishedReview(quay.id, "quay-second@example.org", 3);
    const path = `/api/reviews/${reviewId}/reply`;
    const owner = await signInMember("manager@reply-quay.example");
    const admin = await login("10.9.0.2");
    expect((await memberPost(path, { text: "We are sorry about the noise." }, withCookie(owner))).status).toBe(201);
    await decide(admin, (await pending(admin, "reply", (entry) => entry.details.reviewId === reviewId))[0]!, "approve");

    const edit = await memberPost(path, { text: "We are sorry about the noise: the works end in May." }, withCookie(owner), "PATCH");
    expect(edit.status).toBe(202);
    expect((await reviewsOf(quay.slug)).reviews.find((r) => r.id === reviewId)!.reply!.text).toBe("We are sorry about the noise.");
    const [waiting] = await pending(admin, "reply", (entry) => entry.details.reviewId === reviewId);
    expect(waiting!.details).toMatchObject({ before: "We are sorry about the noise.", text: "We are sorry about the noise: the works end in May." });
    await decide(admin, waiting!, "reject", "Please leave out dates.");
    expect((await reviewsOf(quay.slug)).reviews.find((r) => r.id === reviewId)!.reply!.text).toBe("We are sorry about the noise.");
    const refused = await waitForMail("manager@reply-quay.example", /reply to a review of .* was not approved$/);
    expect(refused[0]!.text).toContain("Please leave out dates.");
    expect(await env.DB.prepare(`SELECT reply_pending_text FROM reviews WHERE id = ?1`).bind(reviewId).first()).toEqual({ reply_pending_text: null });

    // A second edit supersedes the waiting one: one item per reply.
    await memberPost(path, { text: "First try at an edit." }, withCookie(owner), "PATCH");
    await memberPost(path, { text: "We are sorry about the noise: it is over now." }, withCookie(owner), "PATCH");
    const items = await pending(admin, "reply", (entry) => entry.details.reviewId === reviewId);
    expect(items.map((entry) => entry.details.text)).toEqual(["We are sorry about the noise: it is over now."]);
    await decide(admin, items[0]!, "approve");
    expect((await reviewsOf(quay.slug)).reviews.find((r) => r.id === reviewId)!.reply!.text).toBe("We are sorry about the noise: it is over now.");

    const stranger = await signInMember("not-the-owner@example.org");
    expect((await SELF.fetch(`${MEMBER_SITE}${path}`, { method: "DELETE", headers: withCookie(stranger) })).status).toBe(403);
    expect((await SELF.fetch(`${MEMBER_SITE}${path}`, { method: "DELETE", headers: withCookie(owner) })).status).toBe(200);
    expect((await reviewsOf(quay.slug)).reviews.find((r) => r.id === reviewId)!.reply).toBeNull();
    expect((await SELF.fetch(`${MEMBER_SITE}${path}`, { method: "DELETE", headers: withCookie(owner) })).status).toBe(404);
  });

  it("refuses a suspended owner", async () => {
    const reviewId = await publishedReview(quay.id, "quay-third@example.org");
    const owner = await signInMember("manager@reply-quay.example");
    const endsAt = await suspend("manager@reply-quay.example");
    const refused = await memberPost(`/api/reviews/${reviewId}/reply`, { text: "Thanks!" }, withCookie(owner));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { suspendedUntil: string }).suspendedUntil).toBe(new Date(endsAt * 1000).toISOString());
    await env.DB.prepare(`UPDATE member_sanctions SET lifted_at = unixepoch(), lifted_by = 'admin' WHERE member_id = (SELECT id FROM members WHERE email = 'manager@reply-quay.example')`).run();
  });
});

describe("reports", () => {
  it("gathers reports in one item, hides a review at three, and publishes it again when the report is rejected", async () => {
    const reviewId = await publishedReview(inn.id, "inn-guest@example.org", 5);
    const path = `/api/reviews/${reviewId}/report`;
    expect((await reviewsOf(inn.slug)).summary.count).toBe(1);
    expect((await memberPost(path, { reason: "fake" })).status).toBe(401);

    const [one, two, three] = await Promise.all(["reporter-1@example.org", "reporter-2@example.org", "reporter-3@example.org"].map((email) => signInMember(email)));
    const bad = await memberPost(path, { reason: "boring", note: "x".repeat(1001) }, withCookie(one!));
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual(["note", "reason"]);
    expect((await memberPost(`/api/reviews/999999/report`, { reason: "fake" }, withCookie(one!))).status).toBe(404);

    const first = await memberPost(path, { reason: "fake", note: "The same text is on another site." }, withCookie(one!));
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ success: true });
    expect((await memberPost(path, { reason: "offensive" }, withCookie(one!))).status).toBe(409);
    expect((await memberPost(path, { reason: "conflict-of-interest" }, withCookie(two!))).status).toBe(201);
    expect((await reviewsOf(inn.slug)).summary.count).toBe(1);

    const admin = await login("10.9.0.3");
    const forReview = (entry: QueueItem) => entry.details.targetKind === "review" && entry.details.targetId === reviewId;
    let items = await pending(admin, "report", forReview);
    expect(items.length).toBe(1);
    expect(items[0]).toMatchObject({ submitter: null, business: { id: inn.id }, details: { count: 2, reasons: { fake: 1, "conflict-of-interest": 1 }, notes: ["The same text is on another site."] } });
    expect(String(items[0]!.details.excerpt)).toContain("Bright rooms over the quay");

    expect((await memberPost(path, { reason: "fake", note: "Never stayed there." }, withCookie(three!))).status).toBe(201);
    const hidden = await reviewsOf(inn.slug);
    expect(hidden.summary.count).toBe(0);
    expect(hidden.reviews.map((r) => r.id)).not.toContain(reviewId);
    expect(await env.DB.prepare(`SELECT status, report_count FROM reviews WHERE id = ?1`).bind(reviewId).first()).toEqual({ status: "hidden", report_count: 3 });
    items = await pending(admin, "report", forReview);
    expect(items.length).toBe(1);
    expect(items[0]!.details).toMatchObject({ count: 3, reasons: { fake: 2, "conflict-of-interest": 1 }, notes: ["The same text is on another site.", "Never stayed there."] });

    await decide(admin, items[0]!, "reject", "The review is genuine.");
    const restored = await reviewsOf(inn.slug);
    expect(restored.summary.count).toBe(1);
    expect(restored.reviews.map((r) => r.id)).toContain(reviewId);
    expect(await env.DB.prepare(`SELECT status, report_count FROM reviews WHERE id = ?1`).bind(reviewId).first()).toEqual({ status: "published", report_count: 0 });

    // A later report opens a new item; approving it ("the report is right") removes the review and tells its author.
    const four = await signInMember("reporter-4@example.org");
    expect((await memberPost(path, { reason: "offensive" }, withCookie(four))).status).toBe(201);
    items = await pending(admin, "report", forReview);
    expect(items.map((entry) => entry.details.count)).toEqual([1]);
    await decide(admin, items[0]!, "approve", "Insults the staff by name.");
    expect((await reviewsOf(inn.slug)).summary.count).toBe(0);
    expect(await env.DB.prepare(`SELECT status, reason, report_count FROM reviews WHERE id = ?1`).bind(reviewId).first()).toEqual({ status: "rejected", reason: "Insults the staff by name.", report_count: 0 });
    expect((await waitForMail("inn-guest@example.org", /was removed$/))[0]!.text).toContain("Insults the staff by name.");
    // A review the public no longer sees cannot be reported.
    expect((await memberPost(path, { reason: "fake" }, withCookie(await signInMember("reporter-5@example.org")))).status).toBe(404);
  });

  it("reports a listing once per member; approving a fake or closed one takes it off the site, other reasons leave it", async () => {
    const gone = await businessOf("gone-fake");
    const misprinted = await businessOf("misprinted");
    expect((await memberPost(`/api/businesses/${gone.slug}/report`, { reason: "closed" })).status).toBe(401);
    const [one, two] = await Promise.all(["listing-reporter-1@example.org", "listing-reporter-2@example.org"].map((email) => signInMember(email)));
    expect((await memberPost(`/api/businesses/no-such-hotel-abc123/report`, { reason: "closed" }, withCookie(one!))).status).toBe(404);
    expect((await memberPost(`/api/businesses/${gone.slug}/report`, { reason: "closed", note: "Boarded up since March." }, withCookie(one!))).status).toBe(201);
    expect((await memberPost(`/api/businesses/${gone.slug}/report`, { reason: "fake" }, withCookie(one!))).status).toBe(409);
    // The item keeps the newest ten notes.
    await env.DB.prepare(`UPDATE moderation_items SET details = json_set(details, '$.notes', json(?1)) WHERE kind = 'report' AND business_id = ?2`)
      .bind(JSON.stringify(Array.from({ length: 10 }, (_, n) => `note ${n + 1}`)), gone.id)
      .run();
    expect((await memberPost(`/api/businesses/${gone.slug}/report`, { reason: "closed", note: "Sign taken down." }, withCookie(two!))).status).toBe(201);
    expect((await memberPost(`/api/businesses/${misprinted.slug}/report`, { reason: "wrong-information", note: "Wrong phone." }, withCookie(one!))).status).toBe(201);

    const suspended = await signInMember("listing-reporter-3@example.org");
    const endsAt = await suspend("listing-reporter-3@example.org");
    const refused = await memberPost(`/api/businesses/${gone.slug}/report`, { reason: "closed" }, withCookie(suspended));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { suspendedUntil: string }).suspendedUntil).toBe(new Date(endsAt * 1000).toISOString());
    expect((await memberPost(`/api/reviews/999999/report`, { reason: "fake" }, withCookie(suspended))).status).toBe(404);

    const admin = await login("10.9.0.4");
    const [goneItem] = await pending(admin, "report", (entry) => entry.details.targetKind === "business" && entry.details.targetId === gone.id);
    expect(goneItem).toMatchObject({ business: { id: gone.id, slug: gone.slug }, details: { count: 2, reasons: { closed: 2 } } });
    expect(goneItem!.details.notes).toEqual([...Array.from({ length: 9 }, (_, n) => `note ${n + 2}`), "Sign taken down."]);
    expect((await SELF.fetch(`${MEMBER_SITE}/api/businesses/${gone.slug}`)).status).toBe(200);
    await decide(admin, goneItem!, "approve");
    expect((await SELF.fetch(`${MEMBER_SITE}/api/businesses/${gone.slug}`)).status).toBe(404);
    expect((await memberPost(`/api/businesses/${gone.slug}/report`, { reason: "fake" }, withCookie(two!))).status).toBe(404);

    const [misprintedItem] = await pending(admin, "report", (entry) => entry.details.targetKind === "business" && entry.details.targetId === misprinted.id);
    await decide(admin, misprintedItem!, "approve");
    expect((await SELF.fetch(`${MEMBER_SITE}/api/businesses/${misprinted.slug}`)).status).toBe(200);
    expect(await env.DB.prepare(`SELECT status FROM moderation_items WHERE id = ?1`).bind(misprintedItem!.id).first()).toEqual({ status: "approved" });
  });
});

describe("GET /api/account/businesses/{slug}", () => {
  const ownerOf = (slug: string, headers: Record<string, string> = {}) => SELF.fetch(`${MEMBER_SITE}/api/account/businesses/${slug}`, { headers });

  it("answers 401 signed out, and whether the signed-in member owns the business, never cached", async () => {
    const lodge = await businessOf("owner-check");
    const signedOut = await ownerOf(lodge.slug);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("Cache-Control")).toMatch(/no-store/);

    const owner = await signInMember("front-desk@owner-check.example");
    const stranger = await signInMember("owner-check-guest@example.org");
    const before = await ownerOf(lodge.slug, withCookie(owner));
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ owner: false });
    const claimed = await memberPost(`/api/businesses/${lodge.slug}/claim`, { position: "Manager" }, withCookie(owner));
    expect(((await claimed.json()) as { claim: { status: string } }).claim.status).toBe("approved");

    const after = await ownerOf(lodge.slug, withCookie(owner));
    expect(after.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(await after.json()).toEqual({ owner: true });
    expect(await (await ownerOf(lodge.slug, withCookie(stranger))).json()).toEqual({ owner: false });
    expect(await (await ownerOf("no-such-hotel-abc123", withCookie(owner))).json()).toEqual({ owner: false });
    expect((await SELF.fetch(`${MEMBER_SITE}/api/account/businesses/${lodge.slug}`, { method: "POST", headers: withCookie(owner) })).status).toBe(405);
  });
});
