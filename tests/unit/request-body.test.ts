import { describe, expect, it } from "vitest";
import { bodyTooLargeMessage, readBodyUpTo, readFormUpTo } from "~/lib/web/request-body";

/** A body sent in `chunks` chunks of `size` bytes with no Content-Length; counts the chunks pulled. */
function chunkedRequest(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === chunks) return controller.close();
        pulled++;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
    },
    // Nothing is pulled before the reader asks.
    { highWaterMark: 0 },
  );
  const request = new Request("https://example.com/contact", { method: "POST", body, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("reading a request body within a cap", () => {
  it("reads a body up to the cap whole", async () => {
    const bytes = await readBodyUpTo(new Request("https://example.com/", { method: "POST", body: "x".repeat(1024) }), 1024);
    expect(bytes?.byteLength).toBe(1024);
  });

  it("refuses a body whose Content-Length is over the cap without reading it", async () => {
    const { request, pulled } = chunkedRequest(100, 1024);
    request.headers.set("Content-Length", String(100 * 1024));
    expect(await readBodyUpTo(request, 64 * 1024)).toBeNull();
    expect(pulled()).toBe(0);
  });

  it("counts a body sent without Content-Length and stops reading once past the cap", async () => {
    const { request, pulled } = chunkedRequest(1000, 1024);
    expect(request.headers.has("Content-Length")).toBe(false);
    expect(await readBodyUpTo(request, 64 * 1024)).toBeNull();
    // One chunk past the cap, not the whole megabyte.
    expect(pulled()).toBe(65);
  });

  it("reads a form's fields, or nothing over the cap", async () => {
    const form = (body: string) =>
      new Request("https://example.com/contact", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
    expect(Object.fromEntries(await readFormUpTo(form("name=Ada&subject=S%C3%BCd"), 1024) ?? [])).toEqual({ name: "Ada", subject: "Süd" });
    expect(await readFormUpTo(form(`name=${"a".repeat(2000)}`), 1024)).toBeNull();
  });

  it("says what the cap is", () => {
    expect(bodyTooLargeMessage(64 * 1024)).toBe("Request body too large (at most 64 KB)");
  });
});
