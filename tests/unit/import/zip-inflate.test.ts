import { describe, expect, it } from "vitest";
import { inflateZipEntry, ZipEntryError } from "~/import/read/zip-inflate";
import { bombData, deflated } from "../../support/hostile-files";

/** Compressed bytes as R2 streams them: in pieces of `size`. */
async function* pieces(bytes: Uint8Array, size = 256 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Reads an entry to its end or its error; the time and the most memory that reading took. */
async function inflateAll(compressed: AsyncIterable<Uint8Array>, entry: { name: string; method: number; uncompressedSize: number }) {
  const started = performance.now();
  const baseline = process.memoryUsage();
  let peak = 0;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.heapUsed - baseline.heapUsed + now.arrayBuffers - baseline.arrayBuffers, now.rss - baseline.rss);
  };
  const chunks: Uint8Array[] = [];
  let total = 0;
  let firstChunkMs: number | null = null;
  let error: unknown = null;
  try {
    for await (const chunk of inflateZipEntry(compressed, entry)) {
      firstChunkMs ??= performance.now() - started;
      total += chunk.length;
      if (total <= 8 * 1024 * 1024) chunks.push(chunk);
      sample();
    }
  } catch (caught) {
    error = caught;
  }
  sample();
  return { error, total, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started, firstChunkMs, peakMB: peak / 1024 / 1024 };
}

const sheetText = (rows: number) =>
  `<worksheet><sheetData>${Array.from({ length: rows }, (_, i) => `<row r="${i + 1}"><c t="inlineStr"><is><t>Hotel ${i * 7919}</t></is></c><c><v>${(i * 31) % 977}</v></c></row>`).join("")}</sheetData></worksheet>`;

describe("a zip entry is inflated within its declared size and the ratio limit", () => {
  it("reads an honest entry whole, compressed or stored, in pieces of any size", async () => {
    const text = sheetText(40_000);
    const size = Buffer.byteLength(text);
    expect(size).toBeGreaterThan(2_000_000);
    for (const piece of [1, 4096, 1 << 20]) {
      const read = await inflateAll(pieces(deflated(text), piece === 1 ? 997 : piece), { name: "xl/worksheets/sheet1.xml", method: 8, uncompressedSize: size });
      expect(read.error).toBeNull();
      expect(read.text).toBe(text);
    }
    const stored = await inflateAll(pieces(new TextEncoder().encode(text)), { name: "xl/worksheets/sheet1.xml", method: 0, uncompressedSize: size });
    expect(stored.error).toBeNull();
    expect(stored.text).toBe(text);
  });

  it("stops a 1 MB entry that lies about its size at the size it declares, within milliseconds and a few MB", async () => {
    // About 1.1 MB compressed, 1.15 GB inflated; both headers say 1,000,000 bytes.
    const bomb = bombData("<worksheet><sheetData>", 1100, "</sheetData></worksheet>");
    expect(bomb.length).toBeLessThan(1_300_000);
    const read = await inflateAll(pieces(bomb), { name: "xl/worksheets/sheet1.xml", method: 8, uncompressedSize: 1_000_000 });
    expect(read.error).toBeInstanceOf(ZipEntryError);
    expect((read.error as Error).message).toBe("xl/worksheets/sheet1.xml bildirdiği boyuttan (1.000.000 bayt) büyük açılıyor; zip bombası olabilir");
    expect(read.total).toBeLessThanOrEqual(1_000_000);
    expect(read.ms).toBeLessThan(2000);
    expect(read.peakMB).toBeLessThan(64);
  });

  it("stops an entry whose declared size is as large as its inflation at the ratio limit", async () => {
    // As if the upload's check of the directory had been passed: 2 GB declared, 2 GB inflated.
    const bomb = bombData("", 2047, "");
    const read = await inflateAll(pieces(bomb, 1 << 20), { name: "xl/sharedStrings.xml", method: 8, uncompressedSize: 2047 * 1024 * 1024 });
    expect(read.error).toBeInstanceOf(ZipEntryError);
    expect((read.error as Error).message).toMatch(/^xl\/sharedStrings\.xml şüpheli bir oranla açılıyor \(.* sıkıştırılmış veriden .* bayt\); zip bombası olabilir$/);
    // Stopped once its output passed 200 times what zlib had been given (and 1,000,000 bytes).
    expect(read.total).toBeLessThan(200 * (1 << 20) + 2 * (1 << 20));
    expect(read.ms).toBeLessThan(2000);
    expect(read.peakMB).toBeLessThan(64);
  });

  it("refuses an entry that ends short of its declared size, corrupt data and an unknown method", async () => {
    const text = sheetText(100);
    const short = await inflateAll(pieces(deflated(text)), { name: "a.xml", method: 8, uncompressedSize: Buffer.byteLength(text) + 1 });
    expect((short.error as Error).message).toMatch(/^a\.xml bildirdiği boyuttan \(.* bayt\) küçük açılıyor$/);
    const garbled = deflated(sheetText(2000));
    garbled.fill(0xff, 100, 400);
    const corrupt = await inflateAll(pieces(garbled), { name: "b.xml", method: 8, uncompressedSize: 10_000_000 });
    expect(corrupt.error).toBeInstanceOf(ZipEntryError);
    expect((corrupt.error as Error).message).toMatch(/^b\.xml açılamadı/);
    const stored = await inflateAll(pieces(new TextEncoder().encode(text)), { name: "c.xml", method: 0, uncompressedSize: 10 });
    expect((stored.error as Error).message).toMatch(/^c\.xml bildirdiği boyuttan \(10 bayt\) büyük açılıyor/);
    const bzip = await inflateAll(pieces(deflated(text)), { name: "d.xml", method: 12, uncompressedSize: 100 });
    expect((bzip.error as Error).message).toBe("d.xml desteklenmeyen bir yöntemle sıkıştırılmış (12)");
  });

  it("passes a failed storage read on as it is, for the queue to retry", async () => {
    const outage = new Error("R2 unavailable");
    async function* failing() {
      yield deflated(sheetText(5000)).subarray(0, 2000);
      throw outage;
    }
    const read = await inflateAll(failing(), { name: "e.xml", method: 8, uncompressedSize: 10_000_000 });
    expect(read.error).toBe(outage);
  });
});
