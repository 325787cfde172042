import type { Browser, BrowserContext, BrowserContextOptions } from "playwright-core";
import { inject } from "vitest";
import { hydrated } from "./browser";

/** The admin the e2e server is started with (tests/e2e/support/server.ts). */
export const E2E_ADMIN = { username: "admin", password: "e2e-admin-password" };

/** Signs in through the real login call; returns the session cookie's value for a browser context. */
export async function adminSessionToken(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL },
    body: JSON.stringify(E2E_ADMIN),
  });
  const cookie = response.headers.get("Set-Cookie") ?? "";
  const token = /admin_session=([^;]+)/.exec(cookie)?.[1];
  if (response.status !== 200 || !token) throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
  return token;
}

/** A new browser context signed in as the e2e admin. */
export async function signedInContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: "admin_session", value: await adminSessionToken(baseURL), url: baseURL }]);
  return context;
}

/** A signed-in administrator's fresh browser context on the upload page, hydrated. */
export async function openUploadPage(browser: Browser) {
  const baseURL = inject("baseURL");
  const context = await signedInContext(browser, baseURL);
  const page = await context.newPage();
  await page.goto(`${baseURL}/admin/upload`);
  await page.getByRole("heading", { name: "Excel Yükleme" }).waitFor();
  await hydrated(page);
  return { baseURL, context, page };
}
