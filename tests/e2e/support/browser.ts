import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Locator, type Page, type Request } from "playwright-core";
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

/**
 * With E2E_SCREENSHOTS=1, saves a full-page screenshot under tests/e2e/output/screenshots
 * (git-ignored) for a human look. Off by default: rendering them is a large share of the
 * browser's time in a run, and no test reads them.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const dir = path.join(OUTPUT_DIR, "screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Every axe-core violation on the current page, of any impact, as readable lines: the pages are
 * held to none at all (an empty list compares clearly in a failing test). `colours: true` runs
 * only the rules a colour scheme can change, for a page already checked whole in the other one.
 */
export async function axeViolations(page: Page, { colours = false }: { colours?: boolean } = {}): Promise<string[]> {
  // Evaluated through the DevTools protocol, not added as a <script>: the admin's CSP refuses
  // an inline script without its nonce, as it should. Once per document: it is half a megabyte.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE());
  return page.evaluate(async (colourRules) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const only = colourRules ? { runOnly: { type: "rule", values: colourRules } } : {};
    const { violations } = await axe.run(document, { resultTypes: ["violations"], ...only });
    return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  }, colours ? COLOUR_RULES : null);
}

/** The rules of a default axe-core run whose outcome depends on colours alone. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

let axeSource: string | undefined;
const AXE_SOURCE = () => (axeSource ??= readFileSync(path.resolve(import.meta.dirname, "../../../node_modules/axe-core/axe.min.js"), "utf8"));

/** Waits until Remix has hydrated the document. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
  // Effects run right after hydration; give them a tick.
  await page.waitForTimeout(100);
}

/**
 * Holds every request of `page` matching `pattern` (each passed to `seen` first) until the
 * returned function is called: a slow answer, for a state that is otherwise gone too soon.
 */
export async function holdRequests(page: Page, pattern: string, seen?: (request: Request) => void): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    seen?.(route.request());
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Holds the page's scripts back, as a slow line does, until the returned function is called; that
 * then waits for hydration. Open the page with `waitUntil: "commit"` and wait for what you type into.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const release = await holdRequests(page, "**/*.js");
  return async () => {
    release();
    await hydrated(page);
  };
}

/** Whether `target` holds the focus. */
export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab (or `key`, e.g. Shift+Tab) on `page` until `target` holds the focus (at most `limit` times). */
export async function tabTo(page: Page, target: Locator, limit = 80, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return;
  }
  throw new Error(`${key} never reached ${target}`);
}
