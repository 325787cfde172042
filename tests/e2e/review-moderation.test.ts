import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { signedInContext } from "./support/admin-session";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";
import { runSql, sqlString } from "./support/public-db";

/**
 * Issue 51 in a real browser: an owner's reply through the queue, three members' reports hiding a
 * review, and the admin's suspension and termination as the member meets them. Members sign in
 * through the API and the local mailbox where signing in is not the point; what is, goes through
 * the page.
 */

const stamp = Date.now();
const NAME = `E2E Moderation Quay ${stamp}`;
const SLUG = `e2e-moderation-quay-${stamp}`;
const DOMAIN = `moderation-quay-${stamp}.example`;
const PATH = `/business/${SLUG}`;
const PRAISED = "The harbour view from every room, and a breakfast of fresh bread and fish that we still talk about.";
const DOUBTED = "Best hotel in the world, book now, everything perfect, visit our partner site for a discount code.";
const REPLY = "Thank you for staying with us: the bread comes from the baker on the quay every morning.";

let browser: Browser;
beforeAll(async () => {
  runSql(
    inject("stateDir"),
    `INSERT INTO businesses (name, slug, type, category, category_slug, full_address, city, city_slug, country, country_code, latitude, longitude, rating, reviews, place_id, url)
     VALUES (${sqlString(NAME)}, ${sqlString(SLUG)}, 'Hotel', 'Hotel', 'hotel', '3 Quay Street, Portree', 'Portree', 'portree', 'United Kingdom', 'GB', 57.41, -6.19, 4.4, 52, ${sqlString(`e2e-moderation-${stamp}`)}, ${sqlString(`https://www.${DOMAIN}/`)});
     INSERT INTO members (email, display_name) VALUES (${sqlString(`praiser-${stamp}@example.org`)}, 'Morag'), (${sqlString(`doubted-${stamp}@example.org`)}, 'Pat');
     INSERT INTO reviews (business_id, member_id, rating, text, text_key, status)
       SELECT b.id, m.id, 5, ${sqlString(PRAISED)}, ${sqlString(`praised-${stamp}`)}, 'published' FROM businesses b, members m WHERE b.slug = ${sqlString(SLUG)} AND m.email = ${sqlString(`praiser-${stamp}@example.org`)};
     INSERT INTO reviews (business_id, member_id, rating, text, text_key, status)
       SELECT b.id, m.id, 2, ${sqlString(DOUBTED)}, ${sqlString(`doubted-${stamp}`)}, 'published' FROM businesses b, members m WHERE b.slug = ${sqlString(SLUG)} AND m.email = ${sqlString(`doubted-${stamp}@example.org`)};`,
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ApiMember {
  id: number;
  cookies: { name: string; value: string }[];
  cookieHeader: string;
}

let clients = 0;

/** Signs `email` in (or up) through the API and the local mailbox: setup, not what is tested. */
async function apiMember(email: string): Promise<ApiMember> {
  const base = inject("baseURL");
  const headers = { "Content-Type": "application/json", Accept: "application/json", Origin: base, "CF-Connecting-IP": `198.51.100.${100 + (++clients % 100)}` };
  const asked = await fetch(`${base}/api/account/email-code`, { method: "POST", headers, body: JSON.stringify({ email }) });
  expect(asked.status).toBe(200);
  const mailbox = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { messages: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(mailbox.messages[0]!.text)![1]!;
  const verified = await fetch(`${base}/api/account/verify`, { method: "POST", headers, body: JSON.stringify({ email, code }) });
  expect(verified.status).toBe(200);
  const { user } = (await verified.json()) as { user: { id: number } };
  const cookies = verified.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1) }))
    .filter((cookie) => cookie.value !== "");
  return { id: user.id, cookies, cookieHeader: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") };
}

/** A browser context signed in as `member`, on the business page, hydrated. */
async function memberOnPage(member: ApiMember, width: number, path = PATH): Promise<{ context: BrowserContext; page: Page }> {
  const base = inject("baseURL");
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies(member.cookies.map((cookie) => ({ ...cookie, url: base })));
  const page = await context.newPage();
  await page.goto(base + path);
  await hydrated(page);
  return { context, page };
}

const reviewWith = (page: Page, text: string): Locator => page.getByTestId("guest-review").filter({ hasText: text });

/** The admin's page at `path` (hydrated), in a context of its own. */
async function adminPage(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const base = inject("baseURL");
  const context = await signedInContext(browser, base, { viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(base + path);
  await hydrated(page);
  return { context, page };
}

/** A signed-out visitor's fresh look at the business page. */
async function visitorPage(width = 1366): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(inject("baseURL") + PATH);
  await hydrated(page);
  return page;
}

describe("review moderation on the business page", () => {
  it("an owner replies from the page; a moderator approves; the reply shows under the review", async () => {
    const owner = await apiMember(`owner@${DOMAIN}`);
    const claim = await fetch(`${inject("baseURL")}/api/businesses/${SLUG}/claim`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: inject("baseURL"), Cookie: owner.cookieHeader },
      body: JSON.stringify({ position: "Owner" }),
    });
    expect(((await claim.json()) as { claim: { status: string } }).claim.status).toBe("approved");

    const { context, page } = await memberOnPage(owner, 1366);
    const praised = reviewWith(page, PRAISED);
    await praised.getByRole("button", { name: "Reply as the owner" }).click();
    const form = praised.getByTestId("reply-form");
    await form.getByLabel("Your reply as the owner").fill(REPLY);
    await expect(form.textContent()).resolves.toContain(`${REPLY.length} / 2,000 characters`);
    expect((await axeViolations(page)).join("\n")).toBe("");
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, "owner-reply-form-1366");
    await form.getByRole("button", { name: "Send reply" }).click();
    await praised.getByText("Your reply is waiting for a moderator").waitFor();
    // The other review still offers a reply; nothing is public yet.
    await reviewWith(page, DOUBTED).getByRole("button", { name: "Reply as the owner" }).waitFor();

    const admin = await adminPage("/admin/moderation?kind=reply&order=newest");
    const item = admin.page.getByTestId("moderation-item").filter({ hasText: NAME }).first();
    await item.waitFor();
    await item.getByRole("button", { name: "Onayla" }).click();
    await admin.page.getByTestId("decision-outcome").waitFor();
    await admin.context.close();

    const visitor = await visitorPage();
    const reply = reviewWith(visitor, PRAISED).getByTestId("owner-reply");
    await expect(reply.innerText()).resolves.toContain("Response from the owner");
    await expect(reply.innerText()).resolves.toContain(REPLY);
    // Signed out: no owner's controls, a way to sign in to report.
    expect(await visitor.getByRole("button", { name: "Reply as the owner" }).count()).toBe(0);
    await visitor.getByRole("link", { name: "Sign in to report this listing" }).waitFor();
    await visitor.close();

    // The owner now edits or deletes the published reply.
    await page.reload();
    await hydrated(page);
    const replied = reviewWith(page, PRAISED);
    await replied.getByRole("button", { name: "Edit reply" }).waitFor();
    await replied.getByRole("button", { name: "Delete reply" }).waitFor();
    expect(await replied.getByRole("button", { name: "Reply as the owner" }).count()).toBe(0);
    expect((await axeViolations(page)).join("\n")).toBe("");
    await context.close();
  });

  it("three members report a review from the page: it leaves the page and the summary", async () => {
    const before = await visitorPage();
    await expect(before.getByTestId("review-count").textContent()).resolves.toBe("2 reviews");
    await before.close();

    for (const [n, width] of [[1, 390], [2, 1366], [3, 1366]] as const) {
      const reporter = await apiMember(`reporter-${n}-${stamp}@example.org`);
      const { context, page } = await memberOnPage(reporter, width);
      const doubted = reviewWith(page, DOUBTED);
      await doubted.getByRole("button", { name: "Report the review by Pat" }).click();
      const form = doubted.getByTestId("report-form");
      await form.getByLabel("Reason").selectOption({ label: n === 2 ? "Conflict of interest" : "Fake" });
      if (n === 1) {
        await form.getByLabel("Note for the moderator (optional)").fill("An advert for another site.");
        expect((await axeViolations(page)).join("\n")).toBe("");
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await form.scrollIntoViewIfNeeded();
        await screenshot(page, "review-report-form-390");
      }
      await form.getByRole("button", { name: "Send report" }).click();
      await doubted.getByText("Thank you: a moderator will look at it").waitFor();
      if (n === 1) {
        // The listing has its own Report; a second report of the same review is refused kindly.
        const listing = page.getByTestId("report-listing");
        await listing.getByRole("button", { name: "Report this listing" }).click();
        await listing.getByLabel("Reason").selectOption({ label: "Wrong information" });
        await listing.getByRole("button", { name: "Send report" }).click();
        await listing.getByText("Thank you: a moderator will look at it").waitFor();
        await page.reload();
        await hydrated(page);
        const again = reviewWith(page, DOUBTED);
        await again.getByRole("button", { name: "Report the review by Pat" }).click();
        await again.getByLabel("Reason").selectOption({ label: "Offensive" });
        await again.getByRole("button", { name: "Send report" }).click();
        await again.getByText("You have already reported this").waitFor();
      }
      await context.close();
    }

    const after = await visitorPage();
    await expect(after.getByTestId("review-count").textContent()).resolves.toBe("1 review");
    expect(await reviewWith(after, DOUBTED).count()).toBe(0);
    await reviewWith(after, PRAISED).waitFor();
    await after.close();
  });

  it("a suspended member is refused with the suspension's end date", async () => {
    const member = await apiMember(`suspended-${stamp}@example.org`);
    const admin = await adminPage(`/admin/members/${member.id}`);
    const suspend = admin.page.getByTestId("suspend-form");
    await suspend.getByRole("spinbutton").fill("3");
    await suspend.locator('textarea[name="reason"]').fill("Advertising in reviews.");
    await suspend.getByRole("button", { name: "Askıya al" }).click();
    await expect(admin.page.getByTestId("member-action-outcome").textContent()).resolves.toContain("3 gün askıya alındı");
    await screenshot(admin.page, "admin-member-suspended-1366");
    await admin.context.close();
    const endDate = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

    const { context, page } = await memberOnPage(member, 1366);
    const section = page.getByTestId("guest-reviews");
    await section.getByRole("button", { name: "Write a review" }).click();
    const form = section.getByTestId("review-form");
    await form.getByRole("radio", { name: "4 stars" }).check();
    await form.getByLabel("Your review").fill("A fine harbour hotel with friendly staff and a quiet room at the back.");
    await form.getByRole("button", { name: "Send my review" }).click();
    await expect(form.getByTestId("review-form-message").textContent()).resolves.toBe(`Your account is suspended until ${endDate}: you cannot post until then`);
    await context.close();
  });

  it("a terminated member is signed out: /account shows the sign-in form and the header says Sign in", async () => {
    const member = await apiMember(`terminated-${stamp}@example.org`);
    const { context, page } = await memberOnPage(member, 1366, "/account");
    await expect.poll(() => page.getByTestId("member-link").first().textContent()).not.toBe("Sign in");

    const admin = await adminPage(`/admin/members/${member.id}`);
    const terminate = admin.page.getByTestId("terminate-form");
    await terminate.locator('textarea[name="reason"]').fill("Fake reviews from several accounts.");
    await terminate.getByRole("checkbox").check();
    await terminate.getByRole("button", { name: "Üyeliği sonlandır" }).click();
    await expect(admin.page.getByTestId("member-action-outcome").textContent()).resolves.toContain("Üyelik sonlandırıldı");
    await admin.context.close();

    await page.goto(`${inject("baseURL")}/account`);
    await hydrated(page);
    await page.getByLabel("E-mail address").waitFor();
    await expect.poll(() => page.getByTestId("member-link").first().textContent()).toBe("Sign in");
    await context.close();
  });
});
