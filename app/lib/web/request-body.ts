import { formatKilobytes } from "~/lib/admin/code-limits";
import { joinBytes } from "~/lib/web/bytes";

/**
 * The contact form, the login and the other JSON calls: a few fields of text. The contact
 * form's largest valid message (5,000 three-byte characters, percent-encoded by the browser)
 * is about 45 KB with its other fields.
 */
export const SMALL_BODY_MAX_BYTES = 64 * 1024;

/** What a request over its body cap is told (413). */
export function bodyTooLargeMessage(maxBytes: number): string {
  return `Request body too large (at most ${formatKilobytes(maxBytes)})`;
}

/**
 * The request's body, or null when it holds more than `maxBytes`. A Content-Length over the cap
 * is refused before reading; the bytes are counted while reading too, so a body sent without a
 * Content-Length (chunked) cannot get round it. Reading stops at the cap: a 50 MB body costs
 * no more than the cap.
 */
export async function readBodyUpTo(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get("Content-Length")) > maxBytes) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return joinBytes(chunks);
}

/**
 * A form's fields (urlencoded or multipart) read within `maxBytes`, or null when the body is
 * larger. A body that is not a form reads as no fields.
 */
export async function readFormUpTo(request: Request, maxBytes: number): Promise<FormData | null> {
  const bytes = await readBodyUpTo(request, maxBytes);
  if (!bytes) return null;
  const headers = { "Content-Type": request.headers.get("Content-Type") ?? "" };
  return new Response(bytes, { headers }).formData().catch(() => new FormData());
}

/**
 * A large multipart form (a listing's photos) read within `maxBytes` straight from the stream,
 * without first holding the whole body beside the parsed form: "too-large" past the cap,
 * "unreadable" when it is not a multipart form.
 */
export async function streamFormUpTo(request: Request, maxBytes: number): Promise<FormData | "too-large" | "unreadable"> {
  if (Number(request.headers.get("Content-Length")) > maxBytes) return "too-large";
  if (!request.body) return "unreadable";
  let length = 0;
  let over = false;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        length += chunk.byteLength;
        if (length > maxBytes) {
          over = true;
          controller.error(new Error("request body over its cap"));
        } else {
          controller.enqueue(chunk);
        }
      },
    }),
  );
  try {
    return await new Response(counted, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    return over ? "too-large" : "unreadable";
  }
}
