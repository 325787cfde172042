/**
 * Upload type checks: the extension must be one of .xlsx/.xls/.csv AND the first bytes must
 * match it (xlsx is a zip, xls an OLE compound file, csv text). An xlsx's zip central directory
 * is checked for entry count and total uncompressed size before anything is unzipped.
 */

export type SpreadsheetType = "xlsx" | "xls" | "csv";

export const MAX_UPLOAD_BYTES = 150 * 1024 * 1024;
/** Legacy .xls is parsed whole (no streaming parser exists for it): capped well below a Worker's memory. */
export const MAX_XLS_BYTES = 20 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 10_000;
/** A 150 MB xlsx of text compresses about 10:1; anything far beyond is a zip bomb. */
export const MAX_ZIP_UNCOMPRESSED_BYTES = 2 * 1024 * 1024 * 1024;
export const MAX_ZIP_RATIO = 200;
/** Below this many inflated bytes any ratio is accepted: a small XML part of repeated tags compresses far. */
const RATIO_CHECKED_FROM_BYTES = 1_000_000;

/** True when `uncompressed` bytes out of `compressed` ones is a zip bomb's ratio, not a spreadsheet's. */
export function suspiciousZipRatio(uncompressed: number, compressed: number): boolean {
  return uncompressed > RATIO_CHECKED_FROM_BYTES && uncompressed / Math.max(1, compressed) > MAX_ZIP_RATIO;
}

export function typeFromFileName(fileName: string): SpreadsheetType | null {
  const match = /\.(xlsx|xls|csv)$/i.exec(fileName.trim());
  return match ? (match[1]!.toLowerCase() as SpreadsheetType) : null;
}

const EXCEL_MIME_TYPES = ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/vnd.ms-excel"];

/** The earlier single-file screen takes Excel files only, recognised by type or by extension. */
export function isExcelFile(file: { name: string; type: string }): boolean {
  return EXCEL_MIME_TYPES.includes(file.type) || /\.(xlsx|xls)$/i.test(file.name.trim());
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** Checks the first bytes (at least 512 when the file has them) against the declared type. */
export function contentMatchesType(head: Uint8Array, type: SpreadsheetType): boolean {
  if (type === "xlsx") return startsWith(head, ZIP_MAGIC);
  if (type === "xls") return startsWith(head, CFB_MAGIC);
  // CSV: text, i.e. no NUL bytes and not one of the binary formats.
  if (startsWith(head, ZIP_MAGIC) || startsWith(head, CFB_MAGIC)) return false;
  return !head.includes(0);
}

/** UTF-16 text by its byte order mark: Excel's "Unicode metin" (tab-separated) saved or renamed as .csv. */
export function isUtf16Text(head: Uint8Array): boolean {
  return (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
}

export function utf16CsvMessage(fileName: string): string {
  return `${fileName}: dosya UTF-16 ("Unicode metin") olarak kaydedilmiş; Excel'de "Farklı Kaydet" ile "CSV UTF-8 (virgülle ayrılmış)" biçiminde kaydedip yeniden yükleyin.`;
}

export function wrongTypeMessage(fileName: string): string {
  return `${fileName}: dosya içeriği uzantısıyla uyuşmuyor (yalnızca .xlsx, .xls ve .csv kabul edilir).`;
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** Bytes to read from the end of a zip to find its end-of-central-directory record. */
export const ZIP_TAIL_BYTES = 22 + 65_535;

export interface ZipDirectoryLocation {
  offset: number;
  size: number;
  entryCount: number;
}

/** Finds the end-of-central-directory record in the last bytes of the file; null if it is not a zip. */
export function locateZipDirectory(tail: Uint8Array): ZipDirectoryLocation | null {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      return { entryCount: view.getUint16(i + 10, true), size: view.getUint32(i + 12, true), offset: view.getUint32(i + 16, true) };
    }
  }
  return null;
}

/** Reads the central directory's entries; throws on a malformed directory. */
export function readZipDirectory(directory: Uint8Array): ZipEntry[] {
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at + 46 <= directory.length && view.getUint32(at, true) === 0x02014b50) {
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      name: decoder.decode(directory.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at !== directory.length) throw new Error("malformed zip central directory");
  return entries;
}

/** The zip-bomb check: null when the archive is safe to unzip, else the reason. */
export function zipBombReason(entries: readonly ZipEntry[]): string | null {
  if (entries.length > MAX_ZIP_ENTRIES) return `çok fazla arşiv girdisi (${entries.length})`;
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    // 0xFFFFFFFF marks a zip64 size: a spreadsheet this size is not accepted.
    if (entry.uncompressedSize === 0xffffffff || entry.compressedSize === 0xffffffff) return "zip64 girdileri desteklenmiyor";
    if (suspiciousZipRatio(entry.uncompressedSize, entry.compressedSize)) {
      return `şüpheli sıkıştırma oranı (${entry.name})`;
    }
  }
  if (total > MAX_ZIP_UNCOMPRESSED_BYTES) return "açılmış boyut çok büyük";
  return null;
}

/** Length of a local file header (30 bytes + name + extra), read from its first bytes. */
export function localHeaderLength(header: Uint8Array): number {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  if (view.getUint32(0, true) !== 0x04034b50) throw new Error("bad zip local header");
  return 30 + view.getUint16(26, true) + view.getUint16(28, true);
}
