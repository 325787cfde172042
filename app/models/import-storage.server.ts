/**
 * Uploaded spreadsheets in R2. Files arrive as streams and go on in 10 MB parts of an R2
 * multipart upload, so a Worker never holds more than one part of a file; a small file (one
 * part) is a single put. Stored files are checked by content before a job is created.
 */
import {
  MAX_XLS_BYTES,
  ZIP_TAIL_BYTES,
  contentMatchesType,
  isUtf16Text,
  utf16CsvMessage,
  locateZipDirectory,
  readZipDirectory,
  wrongTypeMessage,
  zipBombReason,
  type SpreadsheetType,
  type ZipEntry,
} from "~/import/read/file-type";

/** R2 multipart parts must be at least 5 MB (except the last); 10 MB keeps retries cheap. */
export const UPLOAD_PART_BYTES = 10 * 1024 * 1024;

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

async function readRange(bucket: R2Bucket, key: string, range: R2Range): Promise<Uint8Array> {
  const object = await bucket.get(key, { range });
  if (!object) throw new Error(`upload ${key} is missing`);
  return new Uint8Array(await object.arrayBuffer());
}

/** The zip central directory of a stored xlsx, read with two ranged gets from its end. */
export async function readStoredZipDirectory(bucket: R2Bucket, key: string, size: number): Promise<ZipEntry[] | null> {
  const tailLength = Math.min(size, ZIP_TAIL_BYTES);
  const tail = await readRange(bucket, key, { offset: size - tailLength, length: tailLength });
  const location = locateZipDirectory(tail);
  if (!location || location.offset + location.size > size) return null;
  const directory = await readRange(bucket, key, { offset: location.offset, length: location.size });
  const entries = readZipDirectory(directory);
  return entries.length === location.entryCount ? entries : null;
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
  const first = await readRange(bucket, key, { offset: 0, length: Math.min(head.size, 512) });
  // Its NUL bytes would otherwise read as a binary file: say what it is and how to save it instead.
  if (type === "csv" && isUtf16Text(first)) return utf16CsvMessage(fileName);
  if (!contentMatchesType(first, type)) return wrongTypeMessage(fileName);
  if (type === "xls" && head.size > MAX_XLS_BYTES) {
    return `${fileName}: eski .xls dosyaları en fazla 20MB olabilir; dosyayı .xlsx ya da .csv olarak kaydedin.`;
  }
  if (type === "xlsx") {
    let entries: ZipEntry[] | null;
    try {
      entries = await readStoredZipDirectory(bucket, key, head.size);
    } catch {
      entries = null;
    }
    if (!entries) return `${fileName}: bozuk ya da eksik .xlsx dosyası (zip dizini okunamadı).`;
    const bomb = zipBombReason(entries);
    if (bomb) return `${fileName}: dosya reddedildi — ${bomb}.`;
  }
  return null;
}

/**
 * Deletes an upload's side objects (the xlsx shared-strings chunks under `{key}.strings/`), then
 * the upload itself: a stored upload means the deletion did not finish (decision 041).
 */
export async function deleteStoredUpload(bucket: R2Bucket, key: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix: `${key}.strings/`, cursor });
    if (listed.objects.length > 0) await bucket.delete(listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  await bucket.delete(key);
}
