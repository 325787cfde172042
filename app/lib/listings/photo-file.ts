/**
 * The photos of a submitted listing, checked and cleaned before they are stored (pure, no I/O):
 * JPEG, PNG or WebP told by their bytes (never by the file's name or the browser's type), at most
 * MAX_PHOTO_BYTES each, and without the metadata a camera or phone writes into them (EXIF with
 * its GPS position, XMP, IPTC, comments, text chunks). A file that does not walk cleanly is
 * refused rather than stored half-cleaned.
 */
import { joinBytes } from "~/lib/web/bytes";

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_PHOTOS = 10;

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";

export const PHOTO_TYPE_MESSAGE = "Photos must be JPEG, PNG or WebP images";
export const PHOTO_SIZE_MESSAGE = "Each photo must be 5 MB or less";
export const PHOTO_UNREADABLE_MESSAGE = "A photo could not be read; please save it again as JPEG, PNG or WebP";
export const PHOTO_COUNT_MESSAGE = `A listing can have at most ${MAX_PHOTOS} photos`;

/** Thrown by the strip functions for a file whose structure does not hold together. */
export class MalformedPhotoError extends Error {
  override name = "MalformedPhotoError";
}

export type CheckedPhoto = { ok: true; type: PhotoType; bytes: Uint8Array } | { ok: false; message: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The photo's type read from its first bytes, or null when it is none of the three. */
export function photoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  return null;
}

/** One photo as uploaded: refused with the message to show, or its type and its bytes without metadata. */
export function checkPhoto(bytes: Uint8Array): CheckedPhoto {
  if (bytes.length > MAX_PHOTO_BYTES) return { ok: false, message: PHOTO_SIZE_MESSAGE };
  const type = photoType(bytes);
  if (!type) return { ok: false, message: PHOTO_TYPE_MESSAGE };
  try {
    return { ok: true, type, bytes: stripPhotoMetadata(type, bytes) };
  } catch (error) {
    if (error instanceof MalformedPhotoError) return { ok: false, message: PHOTO_UNREADABLE_MESSAGE };
    throw error;
  }
}

/** The photo without its metadata, by its type; throws MalformedPhotoError. */
export function stripPhotoMetadata(type: PhotoType, bytes: Uint8Array): Uint8Array {
  if (type === "image/jpeg") return stripJpegMetadata(bytes);
  if (type === "image/png") return stripPngMetadata(bytes);
  return stripWebpMetadata(bytes);
}

// ---------------------------------------------------------------------------------------------
// JPEG

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

/** SOF0..SOF15 without DHT (C4), JPG (C8) and DAC (CC), which share the range. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers that stand alone, without a length: TEM and the restart markers. */
function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/**
 * The JPEG without APP1 (EXIF, XMP), APP2 other than ICC_PROFILE, APP3..APP15 (APP13 IPTC and
 * Photoshop among them) but for APP14 "Adobe", and COM; APP0 is kept only as JFIF, without its
 * thumbnail. The tables, frame and scans and their entropy-coded data are copied byte for byte
 * up to EOI; anything after EOI (trailers, appended images) is dropped. Throws
 * MalformedPhotoError for a file that does not walk from SOI to EOI through a frame and a scan.
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw new MalformedPhotoError("JPEG: no SOI marker");
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  let sawFrame = false;
  let sawScan = false;
  for (;;) {
    if (bytes[at] !== 0xff) throw new MalformedPhotoError(`JPEG: no marker at byte ${at}`);
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[at + 1] === 0xff) at++;
    const marker = bytes[at + 1];
    if (marker === undefined) throw new MalformedPhotoError("JPEG: ends before EOI");
    const start = at;
    at += 2;
    if (marker === EOI) {
      if (!sawFrame || !sawScan) throw new MalformedPhotoError("JPEG: EOI before any image data");
      kept.push(bytes.subarray(start, at));
      return joinBytes(kept);
    }
    if (marker === SOI || marker === 0x00) throw new MalformedPhotoError(`JPEG: unexpected marker ${hex(marker)}`);
    if (isStandalone(marker)) {
      kept.push(bytes.subarray(start, at));
      continue;
    }
    if (at + 2 > bytes.length) throw new MalformedPhotoError("JPEG: segment length cut off");
    const end = at + ((bytes[at]! << 8) | bytes[at + 1]!);
    if (end < at + 2 || end > bytes.length) throw new MalformedPhotoError(`JPEG: segment ${hex(marker)} runs past the file`);
    const segment = keptJpegSegment(marker, bytes.subarray(start, end));
    if (segment) kept.push(segment);
    at = end;
    if (isStartOfFrame(marker)) sawFrame = true;
    if (marker === SOS) {
      if (!sawFrame) throw new MalformedPhotoError("JPEG: scan before frame");
      sawScan = true;
      const dataEnd = endOfEntropyCodedData(bytes, at);
      kept.push(bytes.subarray(at, dataEnd));
      at = dataEnd;
    }
  }
}

/** The segment (from its 0xFF) as stored, or null when it is metadata to drop. */
function keptJpegSegment(marker: number, segment: Uint8Array): Uint8Array | null {
  const data = segment.subarray(4);
  if (marker === APP0) {
    if (!startsWith(data, "JFIF\0") || data.length < 14) return null;
    if (data.length === 14) return segment;
    // A JFIF thumbnail is a small copy of the picture, possibly from before it was cropped: kept without it.
    const rewritten = new Uint8Array(4 + 14);
    rewritten.set([0xff, APP0, 0x00, 16]);
    rewritten.set(data.subarray(0, 12), 4);
    return rewritten;
  }
  if (marker === APP2) return startsWith(data, "ICC_PROFILE\0") ? segment : null;
  // Adobe's segment says how CMYK and RGB samples are coded: without it they decode to the wrong colours.
  if (marker === APP14) return startsWith(data, "Adobe") ? segment : null;
  if ((marker > APP0 && marker <= 0xef) || marker === COM) return null;
  return segment;
}

/**
 * Where a scan's entropy-coded data ends: at the first 0xFF that is neither a stuffed 0x00 nor a
 * restart marker (fill bytes included, which the marker loop skips).
 */
function endOfEntropyCodedData(bytes: Uint8Array, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at < 0 || at + 1 >= bytes.length) throw new MalformedPhotoError("JPEG: scan data runs past the file");
    const next = bytes[at + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
      at += 2;
      continue;
    }
    return at;
  }
}

// ---------------------------------------------------------------------------------------------
// PNG

/** Text and EXIF chunks (author, software, comments, camera and GPS data) and the last-modified time. */
const PNG_METADATA_CHUNKS = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

/**
 * The PNG without its metadata chunks; every other chunk is copied whole, CRC included, up to
 * IEND (anything after it is dropped). Throws MalformedPhotoError unless the chunks run from
 * IHDR through IDAT to IEND within the file.
 */
export function stripPngMetadata(bytes: Uint8Array): Uint8Array {
  if (photoType(bytes) !== "image/png") throw new MalformedPhotoError("PNG: no signature");
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  let sawData = false;
  for (let first = true; ; first = false) {
    if (at + 12 > bytes.length) throw new MalformedPhotoError("PNG: ends before IEND");
    const length = readUint32(bytes, at, false);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type)) throw new MalformedPhotoError(`PNG: bad chunk type at byte ${at}`);
    if (length > 0x7fffffff || end > bytes.length) throw new MalformedPhotoError(`PNG: chunk ${type} runs past the file`);
    if (first && type !== "IHDR") throw new MalformedPhotoError("PNG: IHDR is not first");
    if (type === "IDAT") sawData = true;
    if (!PNG_METADATA_CHUNKS.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") {
      if (!sawData) throw new MalformedPhotoError("PNG: no image data");
      return joinBytes(kept);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// WebP

const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;
const WEBP_METADATA_CHUNKS = new Set(["EXIF", "XMP "]);
const WEBP_IMAGE_CHUNKS = new Set(["VP8 ", "VP8L", "ANMF"]);

/**
 * The WebP without its EXIF and XMP chunks, with the RIFF size counted again and the VP8X flags
 * that announced them cleared; other chunks are copied whole, and anything after the RIFF
 * container is dropped. Throws MalformedPhotoError unless the chunks fill the container exactly
 * and it holds an image.
 */
export function stripWebpMetadata(bytes: Uint8Array): Uint8Array {
  if (photoType(bytes) !== "image/webp") throw new MalformedPhotoError("WebP: no RIFF/WEBP header");
  const riffEnd = 8 + readUint32(bytes, 4, true);
  if (riffEnd > bytes.length || riffEnd < 12 + 8) throw new MalformedPhotoError("WebP: RIFF size does not fit the file");
  const kept: Uint8Array[] = [];
  let sawImage = false;
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) throw new MalformedPhotoError("WebP: chunk header cut off");
    const fourcc = ascii(bytes, at, 4);
    const size = readUint32(bytes, at + 4, true);
    // Chunks are padded to an even length.
    const end = at + 8 + size + (size & 1);
    if (end > riffEnd) throw new MalformedPhotoError(`WebP: chunk ${fourcc} runs past the container`);
    if (at === 12 && fourcc !== "VP8X" && !WEBP_IMAGE_CHUNKS.has(fourcc)) throw new MalformedPhotoError(`WebP: unexpected first chunk ${fourcc}`);
    if (WEBP_IMAGE_CHUNKS.has(fourcc)) sawImage = true;
    if (fourcc === "VP8X") {
      if (size < 10) throw new MalformedPhotoError("WebP: VP8X chunk too short");
      const header = bytes.slice(at, end);
      header[8] = header[8]! & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
      kept.push(header);
    } else if (!WEBP_METADATA_CHUNKS.has(fourcc)) {
      kept.push(bytes.subarray(at, end));
    }
    at = end;
  }
  if (!sawImage) throw new MalformedPhotoError("WebP: no image data");
  const body = joinBytes(kept);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return out;
}

// ---------------------------------------------------------------------------------------------

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  return bytes.length >= text.length && ascii(bytes, 0, text.length) === text;
}

function readUint32(bytes: Uint8Array, at: number, littleEndian: boolean): number {
  return new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, littleEndian);
}

function hex(byte: number): string {
  return `0x${byte.toString(16).padStart(2, "0").toUpperCase()}`;
}
