import { describe, expect, inject, it } from "vitest";

// Static files are answered by the asset server in front of the Worker, so only the running
// Worker (wrangler dev) shows their headers; the workerd tests never see them.
describe("static files", () => {
  it("lets browsers keep fingerprinted /assets/* for a year, but not favicon.svg, and forbids sniffing on both", async () => {
    const baseURL = inject("baseURL");
    const html = await (await fetch(`${baseURL}/`)).text();
    const assets = [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!))];
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets.slice(0, 3)) {
      const response = await fetch(`${baseURL}${asset}`);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get("Cache-Control"), asset).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("X-Content-Type-Options"), asset).toBe("nosniff");
      await response.arrayBuffer();
    }
    const favicon = await fetch(`${baseURL}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("Cache-Control")).not.toContain("immutable");
    expect(favicon.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await favicon.arrayBuffer();
    // The rules files themselves are not served.
    expect(await (await fetch(`${baseURL}/_headers`)).text()).not.toContain("max-age=31536000");
    expect(await (await fetch(`${baseURL}/_redirects`)).text()).not.toContain("/favicon.svg 301");
  });

  it("sends /favicon.ico, asked for by browsers and crawlers unprompted, to the SVG icon instead of the 404 page", async () => {
    const baseURL = inject("baseURL");
    const ico = await fetch(`${baseURL}/favicon.ico`, { redirect: "manual" });
    expect(ico.status).toBe(301);
    expect(ico.headers.get("Location")).toBe("/favicon.svg");
    await ico.arrayBuffer();
    const followed = await fetch(`${baseURL}/favicon.ico`);
    expect(followed.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
    expect(await followed.text()).toContain("<svg");
  });
});
