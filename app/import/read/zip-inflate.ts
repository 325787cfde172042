/**
 * Inflation of one zip entry with a hard bound on what comes out. The runtime's
 * DecompressionStream inflates every compressed byte it is given at once, whoever reads: a 1 MB
 * entry that lies about its size became gigabytes in memory before the first 4 KB was read
 * (issue 36). zlib's stream (node:zlib, native in workerd too) inflates only as its output is
 * read, a chunk at a time, so every chunk is counted before the next is made and the entry stops
 * the moment it passes its declared size or the ratio limit, whatever its headers claim.
 */
import { Readable } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { suspiciousZipRatio, type ZipEntry } from "./file-type";

/** The entry's data is not what its headers say (a zip bomb, a lie about its size, corrupt data): the same on every read. */
export class ZipEntryError extends Error {}

/** Bytes of inflated output per piece: also the most zlib holds ahead of its reader. */
export const INFLATE_CHUNK_BYTES = 64 * 1024;

function bytes(n: number): string {
  return `${n.toLocaleString("tr-TR")} bayt`;
}

/**
 * The inflated bytes of `entry`, from its compressed bytes. Throws ZipEntryError when the data
 * is corrupt, inflates past its declared size or past the ratio limit, or ends short of its
 * declared size; an error of `compressed` itself (storage unavailable) is thrown as it is.
 */
export async function* inflateZipEntry(
  compressed: AsyncIterable<Uint8Array>,
  entry: Pick<ZipEntry, "name" | "method" | "uncompressedSize">,
): AsyncGenerator<Uint8Array> {
  if (entry.method !== 0 && entry.method !== 8) throw new ZipEntryError(`${entry.name} desteklenmeyen bir yöntemle sıkıştırılmış (${entry.method})`);
  let sourceFailure: unknown = undefined;
  async function* watched() {
    try {
      yield* compressed;
    } catch (error) {
      sourceFailure = error;
      throw error;
    }
  }
  const source = Readable.from(watched(), { objectMode: false, highWaterMark: INFLATE_CHUNK_BYTES });
  const inflater = entry.method === 8 ? createInflateRaw({ chunkSize: INFLATE_CHUNK_BYTES }) : null;
  const output: Readable = inflater ? source.pipe(inflater) : source;
  // pipe() does not pass on the source's failure: the inflater is ended with it, so the reader below hears it.
  if (inflater) source.once("error", (error) => inflater.destroy(error));
  let inflated = 0;
  try {
    for await (const chunk of output) {
      inflated += chunk.length;
      if (inflated > entry.uncompressedSize) {
        throw new ZipEntryError(`${entry.name} bildirdiği boyuttan (${bytes(entry.uncompressedSize)}) büyük açılıyor; zip bombası olabilir`);
      }
      // The compressed bytes zlib has taken in so far, not what the headers say.
      const consumed = inflater ? inflater.bytesWritten : inflated;
      if (suspiciousZipRatio(inflated, consumed)) {
        throw new ZipEntryError(`${entry.name} şüpheli bir oranla açılıyor (${bytes(consumed)} sıkıştırılmış veriden ${bytes(inflated)}); zip bombası olabilir`);
      }
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipEntryError || (sourceFailure !== undefined && error === sourceFailure)) throw error;
    throw new ZipEntryError(`${entry.name} açılamadı (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    // Stopped early or failed: zlib stops with it, and the source lets its storage read go.
    output.destroy();
    source.destroy();
  }
  if (inflated < entry.uncompressedSize) throw new ZipEntryError(`${entry.name} bildirdiği boyuttan (${bytes(entry.uncompressedSize)}) küçük açılıyor`);
}
