import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addBusinesses, adminFetch, login, record } from "./admin-support";
import { MEMBER_SITE, memberPost, signInMember } from "./member-support";

await addBusinesses([
  record({ name: "Page Review Lodge", placeId: "page-review-lodge" }),
  record({ name: "Switch Review Hotel", placeId: "switch-review-hotel" }),
]);
const slugOf = async (placeId: string) => (await env.DB.prepare(`SELECT slug FROM businesses WHERE place_id = ?1`).bind(placeId).first<{ slug: string }>())!.slug;
const lodge = await slugOf("page-review-lodge");
const switched = await slugOf("switch-review-hotel");

const TEXT = "Warm rooms under the eaves,\nand a breakfast worth waking up early for every day.";
const withCookie = (cookie: string) => ({ Cookie: cookie });

async function page(slug: string) {
  const answer = await SELF.fetch(`${MEMBER_SITE}/business/${slug}`);
  expect(answer.status).toBe(200);
  return { mark: answer.headers.get("X-Edge-Cache"), html: await answer.text() };
}

/** The page's structured data about the business. */
function jsonLd(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
  return blocks.find((block) => block["@type"] === "Hotel" || block["@type"] === "LocalBusiness")!;
}

async function decide(admin: string, reviewId: number, decision: "approve" | "reject", reason?: string) {
  const queue = (await (await adminFetch(admin, "/api/admin/moderation?kind=review&order=newest")).json()) as { items: { id: number; details: { reviewId: number } }[] };
  const item = queue.items.find((entry) => entry.details.reviewId === reviewId)!;
  expect((await adminFetch(admin, `/api/admin/moderation/${item.id}`, { method: "POST", body: JSON.stringify({ decision, reason }) })).status).toBe(200);
}

async function write(cookie: string, slug: string, body: Record<string, unknown>) {
  const answer = await memberPost(`/api/businesses/${slug}/reviews`, body, withCookie(cookie));
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { review: { id: number; status: string } }).review;
}

describe("guest reviews on the business page", () => {
  it("shows none and marks up no rating, then the summary, the first review and AggregateRating once one is approved", async () => {
    const before = await page(lodge);
    expect(before.html).toContain("Guest reviews");
    expect(before.html).toContain("No guest reviews yet");
    const none = jsonLd(before.html);
    expect(none).not.toHaveProperty("aggregateRating");
    expect(none).not.toHaveProperty("review");
    expect((await page(lodge)).mark).toBe("HIT");

    const cookie = await signInMember("page-reviewer@example.org");
    // The page's form carries the honeypot field (empty): tolerated, taken off before the review is read.
    const review = await write(cookie, lodge, { rating: 4, title: "Under the eaves", text: TEXT, visitedOn: "2026-01", tripType: "family", fax_number: "" });
    expect(review.status).toBe("pending");
    // A filled honeypot is refused.
    const bot = await signInMember("page-bot@example.org");
    expect((await memberPost(`/api/businesses/${lodge}/reviews`, { rating: 5, text: TEXT, fax_number: "+1 555" }, withCookie(bot))).status).toBe(400);
    // Waiting: the cached page is unchanged.
    expect((await page(lodge)).html).toContain("No guest reviews yet");

    const admin = await login("10.8.1.1");
    await decide(admin, review.id, "approve");
    const after = await page(lodge);
    expect(after.mark).toBe("MISS");
    expect(after.html).not.toContain("No guest reviews yet");
    expect(after.html).toContain('data-testid="review-summary"');
    expect(after.html).toContain("Under the eaves");
    // Plain text with its line break kept (the element keeps it; whitespace-pre-line shows it).
    expect(after.html).toContain("Warm rooms under the eaves,\nand a breakfast");
    expect(after.html).toContain("Visited January 2026 · Trip: Family");
    expect(after.html).toMatch(/Rated 4 out of 5/);
    const ld = jsonLd(after.html);
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(ld.review).toEqual([expect.objectContaining({ "@type": "Review", reviewRating: expect.objectContaining({ ratingValue: 4 }), name: "Under the eaves", reviewBody: TEXT })]);
    // The imported rating stays where it was, apart from ours.
    expect(await env.DB.prepare(`SELECT rating, reviews FROM businesses WHERE place_id = 'page-review-lodge'`).first()).toEqual({ rating: 4.5, reviews: 10 });
    expect((await page(lodge)).mark).toBe("HIT");
  });

  it("publishes an unflagged review at once while the switch is on, and still holds a flagged one", async () => {
    const admin = await login("10.8.1.2");
    const turnOn = await adminFetch(admin, "/api/admin/review-settings", { method: "POST", body: JSON.stringify({ publishUnflagged: true }) });
    expect(turnOn.status).toBe(200);
    expect(await turnOn.json()).toMatchObject({ success: true, publishUnflagged: true });
    expect(await env.DB.prepare(`SELECT value FROM site_settings WHERE key = 'reviews_publish_unflagged'`).first("value")).toBe("1");
    expect(await (await adminFetch(admin, "/api/admin/review-settings")).json()).toEqual({ publishUnflagged: true });
    const audit = await env.DB.prepare(`SELECT action, detail FROM audit_log WHERE detail LIKE 'reviews_publish_unflagged%' ORDER BY id DESC LIMIT 1`).first();
    expect(audit).toEqual({ action: "settings.saved", detail: "reviews_publish_unflagged=1" });
    // Not a code text: the public settings answer does not carry it.
    expect(await (await SELF.fetch(`${MEMBER_SITE}/api/admin/site-settings`)).json()).not.toHaveProperty("reviews_publish_unflagged");
    expect((await adminFetch(admin, "/api/admin/review-settings", { method: "POST", body: JSON.stringify({ publishUnflagged: "yes" }) })).status).toBe(400);

    await page(switched);
    const clean = await write(await signInMember("switch-clean@example.org"), switched, { rating: 5, text: TEXT + " Nothing to flag here." });
    expect(clean.status).toBe("published");
    const flagged = await write(await signInMember("switch-flagged@example.org"), switched, { rating: 1, text: `${TEXT} Write to me at someone@mail.example for a better deal.` });
    expect(flagged.status).toBe("pending");
    const shown = await page(switched);
    expect(shown.html).toContain("Nothing to flag here.");
    expect(shown.html).not.toContain("better deal");
    expect(jsonLd(shown.html).aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });

    expect((await adminFetch(admin, "/api/admin/review-settings", { method: "POST", body: JSON.stringify({ publishUnflagged: false }) })).status).toBe(200);
    const waits = await write(await signInMember("switch-off@example.org"), switched, { rating: 3, text: TEXT + " Switched off again." });
    expect(waits.status).toBe("pending");
  });

  it("lists the member's reviews on /account with their status and a rejection's reason", async () => {
    const cookie = await signInMember("my-reviews@example.org");
    const kept = await write(cookie, lodge, { rating: 5, title: "Kept", text: TEXT + " Would stay again." });
    const refused = await write(cookie, switched, { rating: 2, title: "Refused", text: TEXT + " Not my favourite." });
    const admin = await login("10.8.1.3");
    await decide(admin, kept.id, "approve");
    await decide(admin, refused.id, "reject", "Reviews must describe a stay at this business.");

    const account = async () => {
      const answer = await SELF.fetch(`${MEMBER_SITE}/account`, { headers: withCookie(cookie) });
      expect(answer.status).toBe(200);
      return answer.text();
    };
    let html = await account();
    expect(html).toContain("My reviews");
    expect(html).toMatch(/Page Review Lodge[\s\S]*?>Published</);
    expect(html).toMatch(/Switch Review Hotel[\s\S]*?>Not published<[\s\S]*?Reason: <!-- -->Reviews must describe a stay at this business\./);

    expect((await memberPost(`/api/reviews/${kept.id}`, { rating: 4, fax_number: "" }, withCookie(cookie), "PATCH")).status).toBe(202);
    html = await account();
    expect(html).toContain("Published — your edit is waiting for review");
    const second = await write(await signInMember("my-reviews-2@example.org"), lodge, { rating: 3, text: TEXT + " Fine." });
    expect(second.status).toBe("pending");
    const other = await SELF.fetch(`${MEMBER_SITE}/account`, { headers: withCookie(await signInMember("my-reviews-2@example.org")) });
    expect(await other.text()).toContain("Waiting for review");

    expect((await SELF.fetch(`${MEMBER_SITE}/api/reviews/${refused.id}`, { method: "DELETE", headers: withCookie(cookie) })).status).toBe(200);
    expect(await account()).not.toContain("Switch Review Hotel");
  });
});
