import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { axeViolations, holdScripts, hydrated, launchBrowser, screenshot } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fillContact(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

const VALID = { "Full Name *": "Grace Hopper", "Email Address *": "grace@example.com", "Subject *": "Listing my hotel", "Message *": "We would like to list our hotel in Zürich." };

describe("search results", () => {
  it("shows ranked cards with the count and pages through them", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/search?q=hotel");
    await hydrated(page);
    expect(await page.locator("main article").count()).toBe(20);
    expect(await page.getByTestId("result-count").textContent()).toMatch(/^Showing 1–20 of [\d,]+\+? results$/);
    await screenshot(page, "public-search");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL("**/search?q=hotel&page=2");
    await page.getByTestId("result-count").filter({ hasText: "Showing 21–40" }).waitFor();
    await page.locator("#search-q").fill("zzzqqqxx");
    await page.locator("#search-q").press("Enter");
    await page.getByRole("heading", { name: "No businesses found" }).waitFor();
    await page.close();
  });
});

describe("contact page", () => {
  it("shows each field's error under it and sends nothing while the form is invalid", async () => {
    const page = await browser.newPage();
    let posted = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact")) posted += 1;
    });
    await page.goto(inject("baseURL") + "/contact");
    await hydrated(page);
    await fillContact(page, { "Full Name *": "G", "Email Address *": "grace@", "Subject *": "Hi", "Message *": "Short" });
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of ["Name must be at least 2 characters", "Please enter a valid email address", "Subject must be at least 5 characters", "Message must be at least 10 characters"]) {
      await page.getByText(message).waitFor();
    }
    expect(await page.locator("#contact-name-error").textContent()).toBe("Name must be at least 2 characters");
    expect(posted).toBe(0);
    // The cursor waits in the first field to correct: the name, then (once it is right) the email.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("contact-name");
    await page.getByLabel("Full Name *").fill("Grace");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("contact-email");
    await screenshot(page, "public-contact-errors");
    expect((await axeViolations(page)).join("\n")).toBe("");
    await page.close();
  });

  it("keeps the values, shows the error toast and gives focus back to the button when sending fails", async () => {
    const page = await browser.newPage();
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.goto(inject("baseURL") + "/contact");
    await hydrated(page);
    await fillContact(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Failed to send message. Please try again later.").waitFor();
    expect(await page.getByText("Error", { exact: true }).count()).toBe(1);
    expect(await page.getByLabel("Full Name *").inputValue()).toBe("Grace Hopper");
    expect(await page.getByLabel("Message *").inputValue()).toBe(VALID["Message *"]);
    // The button, disabled while sending, has the keyboard focus back to send again.
    await page.waitForFunction(() => document.activeElement?.textContent === "Send Message");
    await page.close();
  });

  it("shows Sending... with the fields read-only, then clears the form and moves focus to the success notice", async () => {
    const page = await browser.newPage();
    let sent = 0;
    await page.route("**/api/contact", async (route) => {
      sent++;
      // Hold the answer a moment so the sending state is observable.
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(inject("baseURL") + "/contact");
    await hydrated(page);
    await fillContact(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    // Busy, but keeping the focus of the visitor who pressed it; a second press sends nothing.
    expect(await sending.getAttribute("aria-disabled")).toBe("true");
    expect(await sending.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    // What is typed while sending would be thrown away when the form clears: it cannot be typed.
    await page.getByLabel("Message *").focus();
    await page.keyboard.type(" And a late afterthought.");
    expect(await page.getByLabel("Message *").inputValue()).toBe(VALID["Message *"]);
    expect(await page.getByLabel("Full Name *").isEditable()).toBe(false);
    const notice = page.getByRole("status").filter({ hasText: "Message Sent Successfully" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Thank you for your message. We'll get back to you within 24 hours.");
    await expect(notice.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    expect(await page.getByLabel("Full Name *").inputValue()).toBe("");
    expect(await page.getByLabel("Message *").inputValue()).toBe("");
    expect(await page.getByLabel("Full Name *").isEditable()).toBe(true);
    expect(sent).toBe(1);
    await screenshot(page, "public-contact-sent");
    expect((await axeViolations(page)).join("\n")).toBe("");
    await page.close();
  });

  it("sends what was typed before the page's script ran", async () => {
    const page = await browser.newPage();
    const runScripts = await holdScripts(page);
    await page.goto(inject("baseURL") + "/contact", { waitUntil: "commit" });
    await page.getByLabel("Message *", { exact: true }).waitFor();
    await fillContact(page, VALID);
    await runScripts();
    expect(await page.getByLabel("Full Name *", { exact: true }).inputValue()).toBe("Grace Hopper");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").getByText("Message Sent Successfully").waitFor();
    // Sent by the script (the page stayed where it was), not by the browser's own post.
    expect(new URL(page.url()).search).toBe("");
    await page.close();
  });

  it("works without JavaScript: the reasons come back with the values kept, then the message is sent and said so", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(inject("baseURL") + "/contact");
    await fillContact(page, { ...VALID, "Subject *": "Hi" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Subject must be at least 5 characters").waitFor();
    // Nothing the visitor typed went into the address bar, and nothing was lost.
    expect(new URL(page.url()).search).toBe("");
    expect(await page.getByLabel("Full Name *", { exact: true }).inputValue()).toBe("Grace Hopper");

    await page.getByLabel("Subject *", { exact: true }).fill("Listing my hotel");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL(/\/contact\?sent=1$/);
    await page.getByRole("status").getByText("Message Sent Successfully").waitFor();
    await screenshot(page, "public-contact-no-js-sent");
    await context.close();
  });
});

describe("404 page", () => {
  it("answers 404 with the spec's text and a what/where search that submits on Enter", async () => {
    const page = await browser.newPage();
    const response = await page.goto(inject("baseURL") + "/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await page.getByText("The page you're looking for doesn't exist, but don't worry - let's help you find what you need!").waitFor();
    const search = page.getByRole("button", { name: "Search" });
    expect(await search.isDisabled()).toBe(true);
    await page.getByPlaceholder("What are you looking for? (e.g., restaurant, plumber)").fill("   ");
    expect(await search.isDisabled()).toBe(true);
    await screenshot(page, "public-404");
    expect((await axeViolations(page)).join("\n")).toBe("");
    await page.getByPlaceholder("What are you looking for? (e.g., restaurant, plumber)").fill(" spa & pool ");
    await page.getByPlaceholder("Where? (city, country)").fill(" New York ");
    await page.getByPlaceholder("Where? (city, country)").press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.search === "?q=spa%20%26%20pool&location=New%20York");
    await page.close();
  });

  it("searches what was typed into the 404 page's boxes before its script ran", async () => {
    const page = await browser.newPage();
    const runScripts = await holdScripts(page);
    await page.goto(inject("baseURL") + "/no/such/page", { waitUntil: "commit" });
    await page.locator("#search-where").waitFor();
    await page.locator("#search-what").fill("hotel");
    await page.locator("#search-where").fill("New York");
    await runScripts();
    expect(await page.getByRole("button", { name: "Search" }).isDisabled()).toBe(false);
    await page.locator("#search-where").press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.search === "?q=hotel&location=New%20York");
    await page.close();
  });

  it("searches from the 404 page without JavaScript too", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(inject("baseURL") + "/no/such/page");
    const search = page.getByRole("button", { name: "Search" });
    expect(await search.isDisabled()).toBe(false);
    // A blank "what" is still refused, by the browser's own required check.
    await search.click();
    expect(new URL(page.url()).pathname).toBe("/no/such/page");
    await page.getByPlaceholder("What are you looking for? (e.g., restaurant, plumber)").fill("hotel");
    await page.getByPlaceholder("Where? (city, country)").fill("New York");
    await page.getByPlaceholder("Where? (city, country)").press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "hotel" && url.searchParams.get("location") === "New York");
    await page.getByRole("heading", { name: "Search results for “hotel” in New York" }).waitFor();
    await context.close();
  });

  it("shows the whole placeholder of the what field on a desktop, a tablet and phones", async () => {
    for (const width of [1400, 768, 390, 360]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(inject("baseURL") + "/nope");
      const room = await page.locator("#search-what").evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input, "::placeholder");
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const box = getComputedStyle(input);
        return input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight) - context.measureText(input.placeholder).width;
      });
      expect(room, `${width} px wide`).toBeGreaterThanOrEqual(0);
      await page.close();
    }
  });

  it("links to the directories and back home", async () => {
    const page = await browser.newPage();
    await page.goto(inject("baseURL") + "/nope");
    await hydrated(page);
    expect(await page.getByRole("link", { name: /Browse Categories/ }).getAttribute("href")).toBe("/categories");
    expect(await page.getByRole("link", { name: /Browse Countries/ }).getAttribute("href")).toBe("/countries");
    expect(await page.getByRole("link", { name: /Browse Cities/ }).getAttribute("href")).toBe("/cities");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.close();
  });
});

describe("legal pages", () => {
  it("render their sections accessibly", async () => {
    const page = await browser.newPage();
    for (const [path, heading] of [["/privacy-policy", "Privacy Policy"], ["/legal-notice", "Legal Notice"], ["/terms-of-service", "Terms of Service"], ["/cookie-policy", "Cookie Policy"]]) {
      await page.goto(inject("baseURL") + path);
      expect(await page.locator("h1").textContent()).toBe(heading);
      expect(await page.getByText("Last updated: December 12, 2025").count()).toBe(1);
    }
    await hydrated(page);
    await screenshot(page, "public-cookie-policy");
    expect((await axeViolations(page)).join("\n")).toBe("");
    await page.close();
  });
});
