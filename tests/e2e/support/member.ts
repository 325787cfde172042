import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import { hydrated } from "./browser";

/**
 * Signs `email` up in a new context through /account and the local mailbox page, as a person
 * would, and ends hydrated on `next` (/submit sends a signed-out visitor to sign in itself; any
 * other page is reached through /account?next=).
 */
export async function signedUpMember(browser: Browser, email: string, width: number, next: string): Promise<{ context: BrowserContext; page: Page }> {
  const base = inject("baseURL");
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(next.startsWith("/submit") ? base + next : `${base}/account?next=${encodeURIComponent(next)}`);
  await page.waitForURL("**/account?next=**");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await page.getByTestId("code-form").waitFor();
  const mailbox = await context.newPage();
  await mailbox.goto(`${base}/dev/mailbox?to=${encodeURIComponent(email)}`);
  const subject = await mailbox.getByTestId("mailbox-message").first().locator("h2").textContent();
  await mailbox.close();
  await page.getByLabel("6-digit code").fill(/^(\d{6}) is your/.exec(subject ?? "")![1]!);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(`**${next}`);
  await hydrated(page);
  return { context, page };
}
