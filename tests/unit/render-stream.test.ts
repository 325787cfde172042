import { createElement as h, type ReactElement } from "react";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The Worker renders with react-dom's browser production build, which patches/react-dom+18.3.1.patch
// changes (chunks kept as strings, encoded once per 2,048 characters); the legacy build's renderToString does not
// go through that code, so it is the reference for the bytes a visitor must receive.
const require = createRequire(import.meta.url);
const builds = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
const streaming = require(path.join(builds, "react-dom-server.browser.production.min.js")) as typeof import("react-dom/server");
const reference = require(path.join(builds, "react-dom-server-legacy.browser.production.min.js")) as typeof import("react-dom/server");

function page() {
  // Several kilobytes of text whose characters take one to four bytes, attributes that need
  // escaping, and text beside text (React separates those with a comment): chunk edges fall
  // inside all of them.
  const names = ["Hôtel Élysée", "東京ステーションホテル", "Αθήνα & Co", "Pension «Zur Post»", "🏨 Sea <View>", "Ресторан \"Пушкин\""];
  return h(
    "main",
    { className: "directory", "data-note": `a "quoted" & <odd> value` },
    Array.from({ length: 300 }, (_, i) =>
      h("article", { key: i, id: `b${i}`, title: names[i % names.length] }, h("h2", null, names[i % names.length], " #", i), h("p", null, "Rated ", i % 5, " of 5")),
    ),
  );
}

async function streamed(element: ReactElement): Promise<{ text: string; chunks: number }> {
  const stream = await streaming.renderToReadableStream(element);
  await stream.allReady;
  const parts: Uint8Array[] = [];
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part);
  return { text: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(parts)), chunks: parts.length };
}

describe("server rendering to a stream", () => {
  it("sends exactly the markup React renders, across many chunks of mixed-width text", async () => {
    const { text, chunks } = await streamed(page());
    expect(text).toBe(reference.renderToString(page()));
    expect(text.length).toBeGreaterThan(20_000);
    expect(chunks).toBeGreaterThan(5);
  });

  it("sends a short page whole", async () => {
    const { text } = await streamed(h("p", { lang: "tr" }, "Kategori: Oteller ğüşiöç"));
    expect(text).toBe('<p lang="tr">Kategori: Oteller ğüşiöç</p>');
  });
});
