/**
 * Streaming multipart/form-data parser: emits each part's headers and its body bytes as they
 * arrive, so an uploaded file goes on to R2 without the whole body ever being held.
 */
import { joinBytes } from "~/lib/web/bytes";

export type MultipartEvent =
  | { type: "part"; name: string; fileName: string | null }
  | { type: "data"; bytes: Uint8Array }
  | { type: "end" };

const encoder = new TextEncoder();

export function boundaryFromContentType(contentType: string | null): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? "");
  return match ? (match[1] ?? match[2]!).trim() : null;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= haystack.length - needle.length; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

export class MultipartError extends Error {}

export class MultipartParser {
  private buffer: Uint8Array = new Uint8Array(0);
  private state: "preamble" | "headers" | "body" | "done" = "preamble";
  private readonly opening: Uint8Array;
  private readonly delimiter: Uint8Array;
  private static readonly HEADER_END = encoder.encode("\r\n\r\n");

  constructor(boundary: string) {
    this.opening = encoder.encode(`--${boundary}`);
    this.delimiter = encoder.encode(`\r\n--${boundary}`);
  }

  push(chunk: Uint8Array): MultipartEvent[] {
    const events: MultipartEvent[] = [];
    this.buffer = joinBytes([this.buffer, chunk]);
    for (;;) {
      if (this.state === "done") {
        this.buffer = new Uint8Array(0);
        return events;
      }
      if (this.state === "preamble") {
        const at = indexOf(this.buffer, this.opening);
        if (at === -1 || this.buffer.length < at + this.opening.length + 2) return events;
        this.afterBoundary(at + this.opening.length);
        continue;
      }
      if (this.state === "headers") {
        const at = indexOf(this.buffer, MultipartParser.HEADER_END);
        if (at === -1) {
          if (this.buffer.length > 16_384) throw new MultipartError("multipart part headers too long");
          return events;
        }
        const headers = new TextDecoder().decode(this.buffer.subarray(0, at));
        const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? "";
        const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? "";
        const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
        events.push({ type: "part", name, fileName });
        this.buffer = this.buffer.subarray(at + 4);
        this.state = "body";
        continue;
      }
      // body
      const at = indexOf(this.buffer, this.delimiter);
      if (at === -1) {
        // Keep a tail that could be the start of the delimiter; everything before it is data.
        const safe = this.buffer.length - this.delimiter.length;
        if (safe > 0) {
          events.push({ type: "data", bytes: this.buffer.slice(0, safe) });
          this.buffer = this.buffer.slice(safe);
        }
        return events;
      }
      if (this.buffer.length < at + this.delimiter.length + 2) return events;
      if (at > 0) events.push({ type: "data", bytes: this.buffer.slice(0, at) });
      events.push({ type: "end" });
      this.afterBoundary(at + this.delimiter.length);
    }
  }

  /** True once the closing boundary was read. */
  get complete(): boolean {
    return this.state === "done";
  }

  private afterBoundary(at: number) {
    const next = this.buffer.subarray(at, at + 2);
    if (next[0] === 0x2d && next[1] === 0x2d) {
      this.state = "done";
    } else if (next[0] === 0x0d && next[1] === 0x0a) {
      this.buffer = this.buffer.subarray(at + 2);
      this.state = "headers";
    } else {
      throw new MultipartError("malformed multipart boundary");
    }
  }
}
