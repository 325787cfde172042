import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
// @ts-ignore The server build exists once `npm run build` has run (the test script builds first).
import * as build from "../../build/server/index.js";
import worker from "../../workers/app";

type BuildRoute = { id: string; parentId?: string; path?: string; module: { default?: unknown } };
const routes = build.routes as Record<string, BuildRoute>;

/** Sample values for the path parameters, so that every call can be reached. */
const SAMPLE: Record<string, string> = {
  id: "1", slug: "x", jobId: "00000000-0000-4000-8000-000000000000", partNumber: "1", file: "main.xml",
  countryCode: "ch", citySlug: "zurich", "*": "nope",
};

function fullPath(route: BuildRoute): string {
  const parts: string[] = [];
  for (let at: BuildRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
    if (at.path) parts.unshift(at.path);
  }
  return "/" + parts.join("/").replace(/:(\w+)|\*/g, (match, name: string | undefined) => SAMPLE[name ?? "*"] ?? match);
}

/** The calls: resource routes (no page component), everything under /api, the sitemaps and robots.txt. */
const CALLS = Object.values(routes).filter((route) => !route.module.default).map(fullPath);

describe("a method a call does not take", () => {
  it("covers the API, the sitemaps and robots.txt", () => {
    expect(CALLS).toEqual(expect.arrayContaining(["/api/admin/login", "/api/homepage-data", "/sitemap.xml", "/robots.txt", "/api/admin/uploads/00000000-0000-4000-8000-000000000000/parts/1"]));
  });

  it("gets 405 with an Allow header and says so, never Remix's bare 400 or a 405 naming nothing", async () => {
    for (const path of CALLS) {
      for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]) {
        const response = await SELF.fetch(`http://example.com${path}`, { method, headers: { Origin: "http://example.com" }, redirect: "manual" });
        const what = `${method} ${path} → ${response.status}`;
        expect(response.headers.get("X-Remix-Error"), what).toBeNull();
        expect(response.status, what).not.toBe(500);
        if (response.status === 405) {
          const allow = response.headers.get("Allow") ?? "";
          expect(allow, what).not.toBe("");
          expect(allow.split(", "), what).not.toContain(method);
          expect(response.headers.get("Cache-Control"), what).toContain("no-store");
          if (method !== "HEAD") expect(await response.text(), what).toMatch(/method not allowed/i);
        }
        if (!response.bodyUsed) await response.body?.cancel();
      }
    }
  }, 60_000);

  it("shows a category page's other methods the spec's category error, with the HTTP status text as its message", async () => {
    const response = await SELF.fetch("http://example.com/categories/hotel", { method: "POST", headers: { Origin: "http://example.com", Host: "example.com" }, redirect: "manual" });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(html).toContain("Error loading category");
    expect(html).toContain("<p>Method Not Allowed</p>");
  });

  it("answers the contact page's other methods with 405 rather than treating them as a sent form", async () => {
    const response = await SELF.fetch("http://example.com/contact", { method: "DELETE", redirect: "manual" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
  });
});

/**
 * A GET or HEAD with a body, as the runtime hands the Worker one from the network (a test cannot
 * build one: the Request constructor refuses it, as Remix's rebuilding of it did).
 */
async function readWithBody(method: "GET" | "HEAD", path: string): Promise<Response> {
  const request = new Request(`http://example.com${path}`, { method, headers: { "Content-Length": "17", "Content-Type": "text/plain" } });
  Object.defineProperty(request, "body", { value: new Blob(["a body to ignore!"]).stream() });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("a GET or HEAD with a body", () => {
  it("is answered as the same request without one, pages, data and calls alike", async () => {
    for (const path of ["/search?q=hotel", "/api/admin/site-settings", "/search.data?q=hotel", "/api/categories", "/"]) {
      for (const method of ["GET", "HEAD"] as const) {
        const withBody = await readWithBody(method, path);
        const without = await SELF.fetch(`http://example.com${path}`, { method });
        expect(withBody.status, `${method} ${path}`).toBe(without.status);
        expect(withBody.headers.get("Content-Type"), `${method} ${path}`).toBe(without.headers.get("Content-Type"));
        if (method === "GET") expect((await withBody.text()).length, path).toBeGreaterThan(0);
        await withBody.arrayBuffer().catch(() => undefined);
        await without.arrayBuffer();
      }
    }
  });
});
