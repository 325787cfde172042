import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { axeViolations, hydrated, launchBrowser, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a new member", () => {
  it("signs up with a code from the local mailbox, sees their name in the header of a cached page, and signs out", async () => {
    const base = inject("baseURL");
    const email = `e2e-${Date.now()}@example.org`;
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();

    // The cached home page says "Sign in" to everyone, before and after hydration.
    await page.goto(base + "/");
    await hydrated(page);
    const header = page.getByRole("navigation", { name: "Main" });
    await expect(header.getByTestId("member-link").textContent()).resolves.toBe("Sign in");
    await header.getByTestId("member-link").click();
    await page.waitForURL("**/account");

    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.getByTestId("code-form").waitFor();
    await screenshot(page, "account-code-1366");
    expect((await axeViolations(page)).join("\n")).toBe("");

    // The code, as a person reads it: from the local mailbox page, in another tab.
    const mailbox = await context.newPage();
    await mailbox.goto(`${base}/dev/mailbox?to=${encodeURIComponent(email)}`);
    const subject = await mailbox.getByTestId("mailbox-message").first().locator("h2").textContent();
    const code = /^(\d{6}) is your/.exec(subject ?? "")![1]!;
    await mailbox.close();

    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByTestId("account-email").textContent()).resolves.toBe(email);
    await page.getByLabel("Display name").fill("Ada Traveller");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved.").waitFor();

    // The home page's HTML is the edge cache's, the same for everyone; the name comes after hydration.
    const home = await page.goto(base + "/");
    expect(await home!.text()).not.toContain("Ada Traveller");
    await hydrated(page);
    await expect.poll(() => header.getByTestId("member-link").textContent()).toBe("Ada Traveller");
    await screenshot(page, "home-signed-in-1366");

    await header.getByTestId("member-link").click();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.getByRole("button", { name: "Send me a code" }).waitFor();
    await page.goto(base + "/");
    await hydrated(page);
    await expect(header.getByTestId("member-link").textContent()).resolves.toBe("Sign in");
    await context.close();
  });

  it("fits the sign-in on a phone and says plainly when a code is wrong", async () => {
    const base = inject("baseURL");
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(base + "/account");
    await hydrated(page);
    await page.getByLabel("E-mail address").fill(`e2e-phone-${Date.now()}@example.org`);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.getByLabel("6-digit code").fill("000000");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("This code is wrong or no longer valid. Ask for a new one.").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "account-wrong-code-390");
    await page.close();
  });
});
