import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { OUTPUT_DIR } from "./server";

/** Debian's Chromium; never a downloaded browser. Flags that work offline on these machines. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
    ],
  });
}

/** Saves a full-page screenshot under tests/e2e/output/screenshots (git-ignored) for a human look. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(OUTPUT_DIR, "screenshots");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
