/**
 * The parts' bytes back to back. Empty parts add nothing, and a lone filled part comes back as
 * it is (no copy): stream readers join what they held with what arrived, often nothing.
 */
export function joinBytes(parts: readonly Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer>;
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array;
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  let filled: Uint8Array | undefined;
  let count = 0;
  for (const part of parts) {
    if (part.length === 0) continue;
    total += part.length;
    filled = part;
    count++;
  }
  if (count <= 1) return filled ?? new Uint8Array(0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
