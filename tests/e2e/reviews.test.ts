import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { signedInContext } from "./support/admin-session";
import { signedUpMember } from "./support/member";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";
import { runSql, sqlString } from "./support/public-db";

const stamp = Date.now();
const NAME = `E2E Review Inn ${stamp}`;
const SLUG = `e2e-review-inn-${stamp}`;
const TEXT = "A calm room facing the garden.\nThe staff kept our bags after check-out and the breakfast was generous.";

let browser: Browser;
beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, full_address, city, city_slug, country, country_code, latitude, longitude, rating, reviews, place_id)
     VALUES (${sqlString(NAME)}, ${sqlString(SLUG)}, 'Hotel', 'Hotel', 'hotel', 'Gartenweg 2, Lucerne', 'Lucerne', 'lucerne', 'Switzerland', 'CH', 47.05, 8.31, 4.2, 87, ${sqlString(`e2e-review-${stamp}`)});`,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


/** The business's structured data as the page's HTML carries it. */
async function businessJsonLd(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((block) => block["@type"] === "Hotel")!;
}

describe("guest reviews", () => {
  it("a member writes a review, a moderator approves it, and the page shows it with its summary and structured data", async () => {
    const base = inject("baseURL");
    const path = `/business/${SLUG}`;

    // Signed out: the section says there are none, offers to sign in, and marks up no rating.
    const visitor = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await visitor.goto(base + path);
    await hydrated(visitor);
    const reviews = visitor.getByTestId("guest-reviews");
    await reviews.getByText("No guest reviews yet").waitFor();
    await reviews.getByRole("link", { name: "Sign in to write a review" }).waitFor();
    expect(await businessJsonLd(visitor)).not.toHaveProperty("aggregateRating");
    await visitor.close();

    const { context, page } = await signedUpMember(browser, `reviewer-${stamp}@example.org`, 1366, path);
    const section = page.getByTestId("guest-reviews");
    await section.getByRole("button", { name: "Write a review" }).click();
    const form = section.getByTestId("review-form");
    await form.waitFor();
    // The API's field errors show under their fields.
    await form.getByRole("button", { name: "Send my review" }).click();
    await form.getByText("Choose a rating from 1 to 5 stars").waitFor();
    await form.getByText("Write at least 30 characters about your stay").waitFor();
    expect((await axeViolations(page)).join("\n")).toBe("");

    await form.getByRole("radio", { name: "4 stars" }).check();
    await form.getByLabel("Title (optional)").fill("Garden calm");
    await form.getByLabel("Your review").fill(TEXT);
    await expect(form.getByTestId("review-text-count").textContent()).resolves.toContain(`${TEXT.length} / 5,000 characters`);
    await form.getByLabel("Month of your visit (optional)").fill("2026-08");
    await form.getByLabel("Trip type (optional)").selectOption("couple");
    await screenshot(page, "review-form-1366");
    await form.getByRole("button", { name: "Send my review" }).click();
    await section.getByText("Thank you: your review is waiting for a moderator").waitFor();

    await page.goto(`${base}/account`);
    await expect(page.getByTestId("my-reviews").getByTestId("my-review-status").first().textContent()).resolves.toBe("Waiting for review");

    // A moderator approves it on /admin/moderation.
    const admin = await signedInContext(browser, base, { viewport: { width: 1366, height: 900 } });
    const moderation = await admin.newPage();
    await moderation.goto(`${base}/admin/moderation?kind=review&order=newest`);
    await hydrated(moderation);
    const item = moderation.getByTestId("moderation-item").filter({ hasText: NAME }).first();
    await item.waitFor();
    await item.getByRole("button", { name: "Onayla" }).click();
    await moderation.getByTestId("decision-outcome").waitFor();
    await admin.close();

    await page.reload();
    await expect(page.getByTestId("my-reviews").getByTestId("my-review-status").first().textContent()).resolves.toBe("Published");
    await context.close();

    // The public page: the summary, the review as written, the imported rating where it was, and our rating marked up.
    for (const width of [1366, 390]) {
      const reader = await browser.newPage({ viewport: { width, height: 900 } });
      await reader.goto(base + path);
      await hydrated(reader);
      const shown = reader.getByTestId("guest-reviews");
      await expect(shown.getByTestId("review-average").textContent()).resolves.toBe("4.0");
      await expect(shown.getByTestId("review-count").textContent()).resolves.toBe("1 review");
      const review = shown.getByTestId("guest-review").first();
      await expect(review.getByRole("heading", { name: "Garden calm" }).count()).resolves.toBe(1);
      await expect(review.innerText()).resolves.toContain("A calm room facing the garden.\nThe staff kept our bags");
      await expect(review.innerText()).resolves.toContain("Visited August 2026 · Trip: Couple");
      await expect(review.getByRole("img", { name: "Rated 4 out of 5" }).count()).resolves.toBe(1);
      // The imported rating keeps its place and words, apart from ours.
      await expect(reader.locator("main, body").first().innerText()).resolves.toContain("(87 reviews)");
      const ld = await businessJsonLd(reader);
      expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });
      expect(ld.review).toEqual([expect.objectContaining({ "@type": "Review", name: "Garden calm", reviewBody: TEXT })]);
      expect((await axeViolations(reader)).join("\n")).toBe("");
      expect(await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shown.scrollIntoViewIfNeeded();
      await screenshot(reader, `business-reviews-${width}`);
      await reader.close();
    }
  });
});
