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
    // The rules file itself is not served.
    const rules = await fetch(`${baseURL}/_headers`);
    expect(await rules.text()).not.toContain("max-age=31536000");
  });
});
