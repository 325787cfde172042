import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser } from "./support/browser";
import { signedInContext } from "./support/admin-session";

// Decision 113: an admin's edit is on the business's own page at once, while the pages visitors
// land on keep answering from the edge cache (the previous copy, then the fresh one).

let browser: Browser;
const base = () => inject("baseURL");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens `path` until the answer comes from the edge cache (its first visit stores it in the background). */
async function fromEdgeCache(page: Page, path: string) {
  await expect.poll(async () => (await page.goto(`${base()}${path}`))?.headers()["x-edge-cache"]).toBe("HIT");
}

describe("an admin's edit and the edge cache", () => {
  it("takes an unapproved business off its page at once, while the home page keeps answering from the cache", async () => {
    const admin = await (await signedInContext(browser, base(), { viewport: { width: 1366, height: 900 } })).newPage();
    await admin.goto(`${base()}/admin/businesses?sortBy=name`);
    await hydrated(admin);
    const row = admin.getByTestId("business-row").first();
    await row.getByRole("button", { name: "Approved" }).waitFor();
    const name = (await row.locator("td").first().locator("p").first().textContent())!;
    const listed = (await admin.evaluate(async (n) => (await fetch(`/api/admin/businesses?filter=${encodeURIComponent(n)}`)).json(), name)) as { businesses: { name: string; slug: string }[] };
    const slug = listed.businesses.find((b) => b.name === name)!.slug;

    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    // Every visit goes to the Worker: the browser's own minute of caching (max-age=60) is not what is tested here.
    await visitor.route("**/*", (route) => route.continue());
    await fromEdgeCache(visitor, `/business/${slug}`);
    await fromEdgeCache(visitor, "/");

    await row.getByRole("button", { name: "Approved" }).click();
    await row.getByRole("button", { name: "Approve", exact: true }).waitFor();

    // Its own page knows at once.
    const own = await visitor.goto(`${base()}/business/${slug}`);
    expect(own?.status()).toBe(404);
    await visitor.getByRole("heading", { name: "Business Not Found" }).waitFor();
    // The home page is not rendered for this visitor: the copy from before the edit, or the one the warm-up already made.
    const home = await visitor.goto(`${base()}/`);
    expect([home?.status(), ["HIT", "STALE"].includes(home?.headers()["x-edge-cache"] ?? "")]).toEqual([200, true]);
    await visitor.getByRole("heading", { level: 1 }).first().waitFor();

    // Approved again, the page is back at once.
    await row.getByRole("button", { name: "Approve", exact: true }).click();
    await row.getByRole("button", { name: "Approved" }).waitFor();
    const back = await visitor.goto(`${base()}/business/${slug}`);
    expect(back?.status()).toBe(200);
    await visitor.getByRole("heading", { name }).first().waitFor();
  });
});
