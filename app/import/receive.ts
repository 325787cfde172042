/**
 * Receiving an upload, before anything is stored: the two ways a file comes in (a
 * multipart/form-data body streamed as it arrives, or a browser sending 10 MB parts) and the
 * checks made on what is announced. The bytes go on to a FileSink (the store's R2 writer) as they
 * arrive, so the whole body is never held.
 */
import { joinBytes } from "~/lib/web/bytes";
import { MAX_UPLOAD_BYTES, typeFromFileName, type SpreadsheetType } from "./read/file-type";
import { tooLargeText } from "./upload-messages";

/** R2 multipart parts must be at least 5 MB (except the last); 10 MB keeps retries cheap. */
export const UPLOAD_PART_BYTES = 10 * 1024 * 1024;

export const BATCH_SIZES = [100, 500, 1000, 2000] as const;
export const DEFAULT_BATCH_SIZE = 500;

export function parseBatchSize(raw: unknown): number {
  const size = Number(raw);
  return (BATCH_SIZES as readonly number[]).includes(size) ? size : DEFAULT_BATCH_SIZE;
}

/** A refusal, with the HTTP status the route answers it with. */
export type UploadRefusal = { ok: false; status: number; message: string };

export type UploadOutcome = { ok: true; jobId: string; fileName: string } | UploadRefusal;

export const UNSUPPORTED_TYPE_MESSAGE = "Yalnızca .xlsx, .xls ve .csv dosyaları yüklenebilir.";

/** A browser upload's file as announced before its parts: its type, or why it is refused. */
export function checkAnnouncedFile(fileName: string, fileSize: number): { ok: true; fileType: SpreadsheetType } | UploadRefusal {
  const fileType = typeFromFileName(fileName);
  if (!fileType) return { ok: false, status: 415, message: `${fileName}: ${UNSUPPORTED_TYPE_MESSAGE}` };
  if (fileSize > MAX_UPLOAD_BYTES) return { ok: false, status: 413, message: tooLargeText(fileName) };
  return { ok: true, fileType };
}

/** Where a received file's bytes go as they arrive. */
export interface FileSink {
  readonly size: number;
  write(bytes: Uint8Array): Promise<void>;
  /** Ends the file; returns its size. */
  close(): Promise<number>;
  abort(): Promise<void>;
}

/** A file received whole into its sink. */
export interface ReceivedFile {
  ok: true;
  fileName: string;
  fileSize: number;
  fileType: SpreadsheetType;
  batchSize: number;
}

/**
 * POST multipart/form-data with fields file, batchSize (fileIndex, totalFiles are informative).
 * The file part goes into the sink `open` gives as it arrives; a refused request aborts it.
 */
export async function receiveMultipartFile(request: Request, open: () => FileSink): Promise<ReceivedFile | UploadRefusal> {
  const boundary = boundaryFromContentType(request.headers.get("Content-Type"));
  if (!boundary || !request.body) return { ok: false, status: 400, message: "multipart/form-data bekleniyor (alan: file)." };
  const parser = new MultipartParser(boundary);
  const fields = new Map<string, string>();
  let file: { name: string; type: SpreadsheetType; writer: FileSink } | null = null;
  let field: { name: string; text: string } | null = null;
  let inFile = false;
  const reader = request.body.getReader();
  const fail = async (status: number, message: string): Promise<UploadRefusal> => {
    await reader.cancel().catch(() => undefined);
    await file?.writer.abort();
    return { ok: false, status, message };
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.push(value)) {
        if (event.type === "part") {
          if (event.fileName !== null && event.name === "file") {
            if (file) return await fail(400, "Bir istekte tek dosya gönderilebilir.");
            const type = typeFromFileName(event.fileName);
            if (!type) return await fail(415, `${event.fileName}: ${UNSUPPORTED_TYPE_MESSAGE}`);
            file = { name: event.fileName, type, writer: open() };
            inFile = true;
          } else {
            field = { name: event.name, text: "" };
          }
        } else if (event.type === "data") {
          if (inFile && file) {
            await file.writer.write(event.bytes);
            if (file.writer.size > MAX_UPLOAD_BYTES) return await fail(413, tooLargeText(file.name));
          } else if (field && field.text.length < 1_000) {
            field.text += new TextDecoder().decode(event.bytes);
          }
        } else {
          if (field) fields.set(field.name, field.text);
          field = null;
          inFile = false;
        }
      }
    }
  } catch (error) {
    if (error instanceof MultipartError) return await fail(400, "Bozuk multipart isteği.");
    await file?.writer.abort();
    throw error;
  }
  if (!parser.complete) return await fail(400, "Yükleme yarıda kesildi (eksik istek gövdesi).");
  if (!file) return { ok: false, status: 400, message: "Dosya bulunamadı (alan: file)." };
  const fileSize = await file.writer.close();
  return { ok: true, fileName: file.name, fileSize, fileType: file.type, batchSize: parseBatchSize(fields.get("batchSize")) };
}

/**
 * The streaming multipart/form-data parser: emits each part's headers and its body bytes as
 * they arrive.
 */
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
