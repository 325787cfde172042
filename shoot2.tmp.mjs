import { chromium } from "playwright-core";
import fs from "node:fs";
const vars = Object.fromEntries(fs.readFileSync(".dev.vars","utf8").split("\n").filter(l=>l && !l.startsWith("#")).map(l=>{const i=l.indexOf("=");return [l.slice(0,i), l.slice(i+1)]}));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--no-first-run"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const base = "http://127.0.0.1:8787";
await page.goto(base + "/admin/login", { waitUntil: "networkidle" });
await page.fill('#login-username', vars.ADMIN_USERNAME);
await page.fill('#login-password', vars.ADMIN_PASSWORD);
await page.keyboard.press("Enter");
await page.waitForURL(/\/admin(?!\/login)/);
for (const [i, path] of process.argv.slice(2).entries()) {
  await page.goto(base + path, { waitUntil: "networkidle" });
  await page.screenshot({ path: `/tmp/shots/a${i}.png` });
  console.log(i, path, await page.title());
}
await browser.close();
