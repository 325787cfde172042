/**
 * Everything of the import that touches R2. Files arrive as streams and go on in 10 MB parts of
 * an R2 multipart upload, so a Worker never holds more than one part of a file; a small file
 * (one part) is a single put. Stored files are checked by content before a job is created, read
 * by the consumer through a StoredFile, and dropped with their side objects when the job ends.
 */
import { UPLOAD_PART_BYTES } from "./receive";
import {
  MAX_XLS_BYTES,
  contentMatchesType,
  isUtf16Text,
  utf16CsvMessage,
  wrongTypeMessage,
  zipBombReason,
  type SpreadsheetType,
  type ZipEntry,
} from "./read/file-type";
import { readStoredZipDirectory, type ByteRange, type StoredFile } from "./read/rows";

/** Storage key of an upload: generated from the job id, never from the user's file name. */
export function uploadObjectKey(jobId: string): string {
  return `uploads/${jobId}`;
}

/** Writes a stream of chunks to R2 holding at most one part in memory. */
export class R2UploadWriter {
  private buffer = new Uint8Array(UPLOAD_PART_BYTES);
  private length = 0;
  private upload: R2MultipartUpload | null = null;
  private parts: R2UploadedPart[] = [];
  size = 0;

  constructor(
    private readonly bucket: R2Bucket,
    private readonly key: string,
  ) {}

  async write(bytes: Uint8Array): Promise<void> {
    let at = 0;
    while (at < bytes.length) {
      const take = Math.min(bytes.length - at, UPLOAD_PART_BYTES - this.length);
      this.buffer.set(bytes.subarray(at, at + take), this.length);
      this.length += take;
      this.size += take;
      at += take;
      if (this.length === UPLOAD_PART_BYTES) await this.flushPart();
    }
  }

  async close(): Promise<number> {
    if (!this.upload) {
      await this.bucket.put(this.key, this.buffer.subarray(0, this.length));
    } else {
      if (this.length > 0) await this.flushPart();
      await this.upload.complete(this.parts);
    }
    return this.size;
  }

  async abort(): Promise<void> {
    await this.upload?.abort().catch(() => undefined);
  }

  private async flushPart() {
    this.upload ??= await this.bucket.createMultipartUpload(this.key);
    const part = this.buffer.slice(0, this.length);
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, part));
    this.length = 0;
  }
}

/** A browser upload, step 1: opens the R2 multipart upload its parts go into; returns its id. */
export async function openPartUpload(bucket: R2Bucket, key: string): Promise<string> {
  const upload = await bucket.createMultipartUpload(key);
  return upload.uploadId;
}

/** Step 2, once per part (the browser retries a failed part, not the file). */
export async function storePart(bucket: R2Bucket, key: string, input: { uploadId: string; partNumber: number; body: ReadableStream | ArrayBuffer }): Promise<R2UploadedPart> {
  const upload = bucket.resumeMultipartUpload(key, input.uploadId);
  return upload.uploadPart(input.partNumber, input.body);
}

/** Step 3: joins the parts into the stored file; returns its size. */
export async function completeStoredParts(bucket: R2Bucket, key: string, uploadId: string, parts: R2UploadedPart[]): Promise<number> {
  const object = await bucket.resumeMultipartUpload(key, uploadId).complete(parts);
  return object.size;
}

/** Drops the parts of a browser upload that was never completed. */
export async function abortPartUpload(bucket: R2Bucket, key: string, uploadId: string): Promise<void> {
  await bucket.resumeMultipartUpload(key, uploadId).abort();
}

/** Where an upload's side objects (an xlsx's shared strings, in chunks) are kept. */
const sideKey = (key: string, name: string) => `${key}.strings/${name}`;

/** An object's body as its chunks arrive; a reader that stops early cancels the rest. */
async function* bytesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** A stored upload as the readers (read/rows.ts) see it. */
export function storedFile(bucket: R2Bucket, key: string): StoredFile {
  const open = async (range?: ByteRange) => {
    const object = await bucket.get(key, range ? { range } : undefined);
    if (!object) throw new Error(`upload ${key} is missing`);
    return object;
  };
  return {
    key,
    size: async () => (await bucket.head(key))?.size ?? null,
    stream: async (range) => bytesOf((await open(range)).body),
    bytes: async (range) => new Uint8Array(await (await open(range)).arrayBuffer()),
    readSide: async <T>(name: string) => {
      const object = await bucket.get(sideKey(key, name));
      return object ? object.json<T>() : null;
    },
    writeSide: async (name, value) => {
      await bucket.put(sideKey(key, name), JSON.stringify(value));
    },
  };
}

/**
 * Checks a stored upload before any job is created: not empty, content matching the
 * extension, an xlsx with a sound central directory that is no zip bomb, an xls under its cap.
 * Returns the reason of a rejection, or null.
 */
export async function checkStoredUpload(
  bucket: R2Bucket,
  key: string,
  fileName: string,
  type: SpreadsheetType,
): Promise<string | null> {
  const head = await bucket.head(key);
  if (!head || head.size === 0) return `${fileName}: dosya boş.`;
  const file = storedFile(bucket, key);
  const first = await file.bytes({ offset: 0, length: Math.min(head.size, 512) });
  // Its NUL bytes would otherwise read as a binary file: say what it is and how to save it instead.
  if (type === "csv" && isUtf16Text(first)) return utf16CsvMessage(fileName);
  if (!contentMatchesType(first, type)) return wrongTypeMessage(fileName);
  if (type === "xls" && head.size > MAX_XLS_BYTES) {
    return `${fileName}: eski .xls dosyaları en fazla 20MB olabilir; dosyayı .xlsx ya da .csv olarak kaydedin.`;
  }
  if (type === "xlsx") {
    let entries: ZipEntry[] | null;
    try {
      entries = await readStoredZipDirectory(file, head.size);
    } catch {
      entries = null;
    }
    if (!entries) return `${fileName}: bozuk ya da eksik .xlsx dosyası (zip dizini okunamadı).`;
    const bomb = zipBombReason(entries);
    if (bomb) return `${fileName}: dosya reddedildi — ${bomb}.`;
  }
  return null;
}

/** A refused file has no side objects yet: the upload alone goes. */
export async function deleteRefusedUpload(bucket: R2Bucket, key: string): Promise<void> {
  await bucket.delete(key);
}

/** Whether the upload is still stored: it is dropped last of a finished job's work. */
export async function isUploadStored(bucket: R2Bucket, key: string): Promise<boolean> {
  return (await bucket.head(key)) !== null;
}

/**
 * Deletes an upload's side objects (the xlsx shared-strings chunks under `{key}.strings/`), then
 * the upload itself: a stored upload means the deletion did not finish (decision 041).
 */
export async function deleteStoredUpload(bucket: R2Bucket, key: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix: sideKey(key, ""), cursor });
    if (listed.objects.length > 0) await bucket.delete(listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  await bucket.delete(key);
}
