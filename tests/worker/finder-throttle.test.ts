import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HEAVY_QUESTIONS } from "~/models/rate-limit.server";

const ask = (path: string, address: string) => SELF.fetch(`https://example.com${path}`, { headers: { "CF-Connecting-IP": address } });

describe("heavy questions the edge cache misses", () => {
  it("are limited per address, an IPv6 client by its /64, with a 429 and Retry-After", async () => {
    // Every question different, so none is answered from the edge cache; addresses of one /64.
    for (let i = 0; i < HEAVY_QUESTIONS.limit; i++) {
      const response = await ask(`/api/search?q=hotel${i}&minRating=4`, `2001:db8:7:7::${(i + 1).toString(16)}`);
      expect(response.status, `question ${i + 1}`).toBe(200);
    }
    const refused = await ask(`/api/search?q=another&minRating=4`, "2001:db8:7:7:ffff::1");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toContain("Too many searches");
    // The map's narrowed views and the filtered pages count against the same budget.
    expect((await ask(`/api/map?bbox=0,40,10,50&zoom=5&minRating=4`, "2001:db8:7:7::9")).status).toBe(429);
    expect((await ask(`/categories/hotel?minRating=4`, "2001:db8:7:7::9")).status).toBe(429);
    // Another /64, and plain questions, are not held up.
    expect((await ask(`/api/search?q=another&minRating=4`, "2001:db8:7:8::1")).status).toBe(200);
    expect((await ask(`/api/search?q=plain`, "2001:db8:7:7::9")).status).toBe(200);
    // The local server's own clients (its tests, its benchmark) are on this machine.
    for (let i = 0; i <= HEAVY_QUESTIONS.limit; i++) expect((await ask(`/api/search?q=local${i}&minRating=4`, "127.0.0.1")).status).toBe(200);
  }, 60_000);
});
