import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { signedInContext } from "./support/admin-session";
import { signedUpMember } from "./support/member";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";
import { jpegWithMetadata } from "../support/photo-bytes";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


/** The admin approves the queue's item about `name` on /admin/moderation; answers the admin's page there. */
async function approveInAdmin(name: string, kind: "listing" | "claim" | "change", check?: (item: ReturnType<Page["locator"]>) => Promise<void>) {
  const base = inject("baseURL");
  const admin = await signedInContext(browser, base, { viewport: { width: 1366, height: 900 } });
  const page = await admin.newPage();
  await page.goto(`${base}/admin/moderation?kind=${kind}&order=newest`);
  await hydrated(page);
  const item = page.getByTestId("moderation-item").filter({ hasText: name }).first();
  await item.waitFor();
  await check?.(item);
  await screenshot(page, `admin-moderation-${kind}-1366`);
  await item.getByRole("button", { name: "Onayla" }).click();
  await page.getByTestId("decision-outcome").waitFor();
  await admin.close();
}

const status = async (path: string) => (await fetch(inject("baseURL") + path)).status;

describe("a business owner on the site", () => {
  const stamp = Date.now();
  const name = `Harbour Lights Inn ${stamp}`;
  const ownerEmail = `owner-${stamp}@harbour-lights-e2e.example`;
  let slug = "";

  it("submits a hotel with a photo, sees it pending, and sees it public once the admin approves it", async () => {
    const { context, page } = await signedUpMember(browser, `submitter-${stamp}@example.org`, 1366, "/submit");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Full address").fill("1 Quay Road, Harbour Town");
    await page.getByLabel("City", { exact: true }).fill("Harbour Town");
    await page.getByLabel("Country").selectOption("GB");
    await page.getByLabel("Latitude").fill("50.7192");
    await page.getByLabel("Longitude").fill("-1.8808");
    await page.getByLabel("Website").fill(`https://www.harbour-lights-e2e.example/`);
    await page.getByLabel("Phone", { exact: true }).fill("+44 1202 555 010");
    await page.getByLabel("Monday").fill("Open 24 hours");
    await page.getByLabel("Free Wi-Fi").check();
    await page.getByLabel("Description").fill("Six rooms on the quay.\nBreakfast from seven.");
    await page.locator('input[name="photos"]').setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpegWithMetadata()) });
    expect((await axeViolations(page)).join("\n")).toBe("");
    await page.getByRole("button", { name: "Submit for review" }).click();
    await page.getByTestId("submit-done").waitFor();
    await screenshot(page, "submit-done-1366");

    await page.getByRole("link", { name: "See the listing" }).click();
    await page.getByTestId("pending-banner").waitFor();
    slug = new URL(page.url()).pathname.split("/").pop()!;
    await screenshot(page, "listing-pending-1366");
    // Nobody else sees it: the page and the API answer 404 to the public.
    expect([await status(`/business/${slug}`), await status(`/api/businesses/${slug}`)]).toEqual([404, 404]);

    await approveInAdmin(name, "listing");
    expect(await status(`/business/${slug}`)).toBe(200);
    const publicPage = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await publicPage.goto(`${inject("baseURL")}/business/${slug}`);
    await hydrated(publicPage);
    await expect(publicPage.locator("h1").textContent()).resolves.toBe(name);
    expect(await publicPage.getByTestId("pending-banner").count()).toBe(0);
    await expect(publicPage.locator('img[alt="' + name + '"]').getAttribute("src")).resolves.toMatch(/\/photos\/[0-9a-f]{32}$/);
    expect(await publicPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(publicPage, "listing-public-390");
    await publicPage.close();
    await context.close();
  });

  it("is approved at once when their e-mail is at the website's domain, then edits the phone through the queue", async () => {
    expect(slug).not.toBe("");
    const { context, page } = await signedUpMember(browser, ownerEmail, 1366, `/business/${slug}`);
    await page.getByRole("button", { name: "Own this business? Claim it" }).click();
    await page.getByLabel("Your position").fill("Owner");
    await page.getByRole("button", { name: "Send my claim" }).click();
    await page.getByText("Your claim is approved").waitFor();
    await page.reload();
    await page.getByTestId("claimed-badge").waitFor();
    await screenshot(page, "listing-claimed-1366");

    await page.goto(`${inject("baseURL")}/account`);
    await page.getByTestId("my-listings").getByRole("link", { name: "Edit" }).click();
    await page.waitForURL("**/submit?edit=**");
    await hydrated(page);
    await page.getByLabel("Phone", { exact: true }).fill("+44 1202 555 999");
    await page.getByRole("button", { name: "Send my change for review" }).click();
    await page.getByTestId("submit-done").waitFor();
    // Until a moderator approves, the page keeps today's phone.
    expect(await (await fetch(`${inject("baseURL")}/api/businesses/${slug}`)).json()).toMatchObject({ phone: "+44 1202 555 010" });

    await approveInAdmin(name, "change", async (item) => {
      const diff = item.getByTestId("change-diff");
      await expect(diff.textContent()).resolves.toContain("+44 1202 555 010");
      await expect(diff.textContent()).resolves.toContain("+44 1202 555 999");
    });
    await expect.poll(async () => ((await (await fetch(`${inject("baseURL")}/api/businesses/${slug}`)).json()) as { phone: string }).phone).toBe("+44 1202 555 999");
    await context.close();
  });

  it("fits Submit Hotel on a phone and shows the first problem of a refused form", async () => {
    const { context, page } = await signedUpMember(browser, `phone-${stamp}@example.org`, 390, "/submit");
    await page.getByRole("button", { name: "Submit for review" }).click();
    const nameField = page.getByLabel("Name", { exact: true });
    await expect.poll(() => nameField.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByText("Name must be at least 2 characters").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "submit-refused-390");
    await context.close();
  });
});
