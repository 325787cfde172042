import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addBusinesses, adminFetch, login, record } from "./admin-support";
import { MEMBER_SITE, memberPost, signInMember, waitForMail } from "./member-support";

await addBusinesses([
  record({ name: "Review Harbour Hotel", placeId: "review-harbour", url: "https://www.harbour-review.example" }),
  record({ name: "Other Review Hotel", placeId: "review-other" }),
]);
const slugOf = async (placeId: string) => (await env.DB.prepare(`SELECT slug FROM businesses WHERE place_id = ?1`).bind(placeId).first<{ slug: string }>())!.slug;
const harbour = await slugOf("review-harbour");
const other = await slugOf("review-other");

const TEXT = "A quiet room over the harbour, friendly staff and a generous breakfast every morning.";
const withCookie = (cookie: string) => ({ Cookie: cookie });
const reviewsOf = async (slug: string, query = "") => (await (await SELF.fetch(`${MEMBER_SITE}/api/businesses/${slug}/reviews${query}`)).json()) as {
  reviews: { id: number; rating: number; title: string | null; text: string; author: { displayName: string }; reply: unknown }[];
  summary: { count: number; average: number | null; histogram: Record<string, number> };
  page: number;
  totalPages: number;
};

async function approve(admin: string, reviewId: number, decision: "approve" | "reject" = "approve", reason?: string) {
  const queue = (await (await adminFetch(admin, "/api/admin/moderation?kind=review&order=newest")).json()) as { items: { id: number; details: { reviewId: number } }[] };
  const item = queue.items.find((entry) => entry.details.reviewId === reviewId)!;
  const answer = await adminFetch(admin, `/api/admin/moderation/${item.id}`, { method: "POST", body: JSON.stringify({ decision, reason }) });
  expect(answer.status).toBe(200);
  return item;
}

describe("guest reviews", () => {
  it("names every bad field, needs a sign-in, and waits for a moderator before it shows and counts", async () => {
    expect((await memberPost(`/api/businesses/${harbour}/reviews`, { rating: 5, text: TEXT })).status).toBe(401);
    const cookie = await signInMember("reviewer-one@example.org");
    const bad = await memberPost(`/api/businesses/${harbour}/reviews`, { rating: 6, text: "short", visitedOn: "2099-01", tripType: "pilgrimage", title: "x".repeat(121) }, withCookie(cookie));
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: object }).errors).sort()).toEqual(["rating", "text", "title", "tripType", "visitedOn"]);

    const created = await memberPost(`/api/businesses/${harbour}/reviews`, { rating: 4, title: "Harbour views", text: TEXT, visitedOn: "2026-08", tripType: "couple" }, withCookie(cookie));
    expect(created.status).toBe(201);
    const { review } = (await created.json()) as { review: { id: number; status: string } };
    expect(review.status).toBe("pending");
    expect((await reviewsOf(harbour)).summary).toEqual({ count: 0, average: null, histogram: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 } });
    expect((await memberPost(`/api/businesses/${harbour}/reviews`, { rating: 5, text: TEXT }, withCookie(cookie))).status).toBe(409);

    const admin = await login("10.8.0.1");
    await approve(admin, review.id);
    const listed = await reviewsOf(harbour);
    expect(listed.summary).toEqual({ count: 1, average: 4, histogram: { "1": 0, "2": 0, "3": 0, "4": 1, "5": 0 } });
    expect(listed.reviews[0]).toMatchObject({ id: review.id, rating: 4, title: "Harbour views", text: TEXT, author: { displayName: "A guest" }, reply: null });
    expect((await waitForMail("reviewer-one@example.org", /was approved$/)).length).toBe(1);
    // The imported rating stays as it was, apart from our reviews.
    expect(await env.DB.prepare(`SELECT rating, reviews FROM businesses WHERE place_id = 'review-harbour'`).first()).toEqual({ rating: 4.5, reviews: 10 });
  });

  it("keeps the published version while an edit waits, applies it on approval, and deletes at once", async () => {
    const cookie = await signInMember("reviewer-two@example.org");
    const { review } = (await (await memberPost(`/api/businesses/${harbour}/reviews`, { rating: 2, text: TEXT + " Noisy at night." }, withCookie(cookie))).json()) as { review: { id: number } };
    const admin = await login("10.8.0.2");
    await approve(admin, review.id);
    const edit = await memberPost(`/api/reviews/${review.id}`, { rating: 3 }, withCookie(cookie), "PATCH");
    expect(edit.status).toBe(202);
    expect((await reviewsOf(harbour)).reviews.find((r) => r.id === review.id)!.rating).toBe(2);
    const stranger = await signInMember("stranger@example.org");
    expect((await memberPost(`/api/reviews/${review.id}`, { rating: 1 }, withCookie(stranger), "PATCH")).status).toBe(404);
    await approve(admin, review.id);
    const after = await reviewsOf(harbour);
    expect(after.reviews.find((r) => r.id === review.id)!.rating).toBe(3);
    expect(after.summary.histogram).toMatchObject({ "2": 0, "3": 1 });
    expect((await SELF.fetch(`${MEMBER_SITE}/api/reviews/${review.id}`, { method: "DELETE", headers: withCookie(cookie) })).status).toBe(200);
    expect((await reviewsOf(harbour)).reviews.map((r) => r.id)).not.toContain(review.id);
    expect((await reviewsOf(harbour)).summary.histogram["3"]).toBe(0);
  });

  it("refuses the business's owner and a suspended member, and flags what a moderator should see", async () => {
    const owner = await signInMember("boss@harbour-review.example");
    const claimed = await memberPost(`/api/businesses/${harbour}/claim`, { position: "Owner" }, withCookie(owner));
    expect(((await claimed.json()) as { claim: { status: string } }).claim.status).toBe("approved");
    expect((await memberPost(`/api/businesses/${harbour}/reviews`, { rating: 5, text: TEXT }, withCookie(owner))).status).toBe(403);

    const suspended = await signInMember("suspended@example.org");
    const member = (await env.DB.prepare(`SELECT id FROM members WHERE email = 'suspended@example.org'`).first<{ id: number }>())!;
    const endsAt = Math.floor(Date.now() / 1000) + 3 * 24 * 60 * 60;
    await env.DB.prepare(`INSERT INTO member_sanctions (member_id, level, reason, ends_at, created_by) VALUES (?1, 'suspension', 'spam', ?2, 'admin')`).bind(member.id, endsAt).run();
    const refused = await memberPost(`/api/businesses/${other}/reviews`, { rating: 5, text: TEXT }, withCookie(suspended));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { suspendedUntil: string }).suspendedUntil).toBe(new Date(endsAt * 1000).toISOString());

    const spammer = await signInMember("copy@example.org");
    const copied = await memberPost(`/api/businesses/${other}/reviews`, { rating: 5, text: `${TEXT} Book at www.cheap-rooms.example or call +1 555 010 9999.` }, withCookie(spammer));
    const { review } = (await copied.json()) as { review: { id: number } };
    const admin = await login("10.8.0.3");
    const queue = (await (await adminFetch(admin, "/api/admin/moderation?kind=review&order=newest")).json()) as { items: { details: { reviewId: number }; flags: { reason: string }[] }[] };
    expect(queue.items.find((entry) => entry.details.reviewId === review.id)!.flags.map((flag) => flag.reason).sort()).toEqual(["contact-link", "contact-phone"]);
  });

  it("answers page 1 and a deep page in order, by newest, highest and lowest", async () => {
    const business = (await env.DB.prepare(`SELECT id FROM businesses WHERE place_id = 'review-other'`).first<{ id: number }>())!;
    const statements = [];
    for (let n = 0; n < 25; n++) {
      statements.push(env.DB.prepare(`INSERT INTO members (email) VALUES (?1)`).bind(`bulk-${n}@example.org`));
      statements.push(
        env.DB.prepare(`INSERT INTO reviews (business_id, member_id, rating, text, text_key, status) SELECT ?1, id, ?2, ?3, ?4, 'published' FROM members WHERE email = ?5`).bind(business.id, (n % 5) + 1, `${TEXT} #${n}`, `bulk${n}`, `bulk-${n}@example.org`),
      );
    }
    await env.DB.batch(statements);
    const first = await reviewsOf(other, "?sort=highest");
    expect([first.summary.count, first.totalPages, first.reviews.length, first.reviews[0]!.rating]).toEqual([25, 3, 10, 5]);
    const last = await reviewsOf(other, "?sort=lowest&page=3");
    expect(last.reviews.map((r) => r.rating)).toEqual([5, 5, 5, 5, 5]);
    expect(first.summary.average).toBe(3);
    expect((await SELF.fetch(`${MEMBER_SITE}/api/businesses/${other}/reviews?sort=best`)).status).toBe(400);
    expect((await SELF.fetch(`${MEMBER_SITE}/api/businesses/no-such-place-abc123/reviews`)).status).toBe(404);
  });
});
