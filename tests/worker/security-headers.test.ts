import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { addBusinesses, ORIGIN, record } from "./admin-support";

function get(path: string, init: RequestInit = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual", ...init });
}

/** The answer's body is read (workerd wants it consumed) and its headers returned. */
async function headersOf(response: Response) {
  await response.arrayBuffer();
  return {
    status: response.status,
    edgeCache: response.headers.get("X-Edge-Cache"),
    nosniff: response.headers.get("X-Content-Type-Options"),
    frameOptions: response.headers.get("X-Frame-Options"),
    csp: response.headers.get("Content-Security-Policy"),
    robots: response.headers.get("X-Robots-Tag"),
  };
}

const PAGE = { nosniff: "nosniff", frameOptions: "SAMEORIGIN", csp: "frame-ancestors 'self'" };
const NOT_A_PAGE = { nosniff: "nosniff", frameOptions: null, csp: null };

beforeAll(async () => {
  await addBusinesses([record({ name: "Hotel Storchen", placeId: "sec-1" })]);
});

describe("security headers", () => {
  it("let no other site frame an HTML page, the admin's included, and forbid sniffing", async () => {
    for (const path of ["/", "/categories/hotel", "/no-such-page", "/admin/login", "/admin"]) {
      expect(await headersOf(await get(path)), path).toMatchObject(PAGE);
    }
  });

  it("come with a page the edge cache answers, not only a freshly rendered one", async () => {
    const first = await headersOf(await get("/countries/ch"));
    const second = await headersOf(await get("/countries/ch"));
    expect(first).toMatchObject({ status: 200, edgeCache: "MISS", ...PAGE });
    expect(second).toMatchObject({ status: 200, edgeCache: "HIT", ...PAGE });
  });

  it("forbid sniffing on every other answer: JSON, XML, text, redirects, refusals", async () => {
    const answers: [string, Response][] = [
      ["/api/categories", await get("/api/categories")],
      ["/robots.txt", await get("/robots.txt")],
      ["/sitemap.xml", await get("/sitemap.xml")],
      ["/countries/switzerland", await get("/countries/switzerland")],
      ["/api/admin/stats", await get("/api/admin/stats")],
      ["cross-site POST", await get("/api/contact", { method: "POST", headers: { Origin: "https://evil.example" }, body: "{}" })],
    ];
    for (const [name, response] of answers) expect(await headersOf(response), name).toMatchObject(NOT_A_PAGE);
  });

  it("keep the public API's JSON out of search engines' results, and the pages in them", async () => {
    for (const path of ["/api/categories", "/api/businesses?page=1", "/api/countries/ch"]) {
      expect((await headersOf(await get(path))).robots, path).toBe("noindex");
    }
    for (const path of ["/", "/categories/hotel", "/robots.txt", "/sitemap.xml"]) {
      expect((await headersOf(await get(path))).robots, path).toBeNull();
    }
  });
});
