/**
 * Tiny JPEG, PNG and WebP files built byte by byte by the tests (never committed blobs): each
 * holds the structure the metadata stripper walks, with the metadata a phone writes (EXIF with
 * a GPS position, XMP, IPTC, text chunks) where a test asks for it. Nothing here decodes pixels.
 */
import { joinBytes } from "~/lib/web/bytes";

const encoder = new TextEncoder();

export function bytesOf(...parts: (Uint8Array | number[] | string)[]): Uint8Array<ArrayBuffer> {
  return joinBytes(parts.map((part) => (typeof part === "string" ? encoder.encode(part) : Uint8Array.from(part))));
}

/** Whether `needle` occurs in `haystack`. */
export function containsBytes(haystack: Uint8Array, needle: Uint8Array | string): boolean {
  const n = typeof needle === "string" ? encoder.encode(needle) : needle;
  outer: for (let i = 0; i + n.length <= haystack.length; i++) {
    for (let j = 0; j < n.length; j++) if (haystack[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// JPEG

/** A JPEG marker segment: FF, the marker, the length (itself included) and the data. */
export function jpegSegment(marker: number, data: Uint8Array | number[] | string): Uint8Array<ArrayBuffer> {
  const body = bytesOf(data);
  return bytesOf([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff], body);
}

function u16(value: number): number[] {
  return [value >> 8, value & 0xff];
}

function u32(value: number): number[] {
  return [value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/**
 * An APP1 EXIF segment (big-endian TIFF) whose IFD0 names the camera and points to a GPS IFD
 * holding 47°22'N 8°32'E.
 */
export function exifWithGps(): Uint8Array<ArrayBuffer> {
  // TIFF header (8) + IFD0: count (2) + 2 entries (24) + next (4) = 38, then the Make text, then the GPS IFD.
  const make = "PhoneMaker\0"; // 11 bytes at offset 38
  const gpsOffset = 38 + make.length + 1; // even
  // GPS IFD: count (2) + 4 entries (48) + next (4) = 54; then two RATIONAL[3] values (24 bytes each).
  const latitudeOffset = gpsOffset + 54;
  const longitudeOffset = latitudeOffset + 24;
  const rational = (...pairs: [number, number][]) => pairs.flatMap(([n, d]) => [...u32(n), ...u32(d)]);
  const tiff = bytesOf(
    "MM",
    [0x00, 0x2a, ...u32(8)],
    [...u16(2)],
    [...u16(0x010f), ...u16(2), ...u32(make.length), ...u32(38)], // Make, ASCII
    [...u16(0x8825), ...u16(4), ...u32(1), ...u32(gpsOffset)], // GPSInfo IFD pointer
    u32(0),
    make,
    [0],
    [...u16(4)],
    [...u16(0x0001), ...u16(2), ...u32(2), 0x4e, 0x00, 0x00, 0x00], // GPSLatitudeRef "N"
    [...u16(0x0002), ...u16(5), ...u32(3), ...u32(latitudeOffset)], // GPSLatitude
    [...u16(0x0003), ...u16(2), ...u32(2), 0x45, 0x00, 0x00, 0x00], // GPSLongitudeRef "E"
    [...u16(0x0004), ...u16(5), ...u32(3), ...u32(longitudeOffset)], // GPSLongitude
    u32(0),
    rational([47, 1], [22, 1], [0, 1]),
    rational([8, 1], [32, 1], [0, 1]),
  );
  return jpegSegment(0xe1, bytesOf("Exif\0\0", tiff));
}

export const JFIF = jpegSegment(0xe0, bytesOf("JFIF\0", [1, 1, 0, 0, 72, 0, 72, 0, 0]));
/** JFIF with a 1×1 thumbnail (three bytes of RGB). */
export const JFIF_WITH_THUMBNAIL = jpegSegment(0xe0, bytesOf("JFIF\0", [1, 1, 0, 0, 72, 0, 72, 1, 1, 0xaa, 0xbb, 0xcc]));
export const XMP = jpegSegment(0xe1, 'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>47,22N</exif:GPSLatitude></x:xmpmeta>');
export const ICC = jpegSegment(0xe2, bytesOf("ICC_PROFILE\0", [1, 1], "fake colour profile"));
export const MPF = jpegSegment(0xe2, bytesOf("MPF\0", [0x4d, 0x4d, 0, 0x2a]));
export const IPTC = jpegSegment(0xed, bytesOf("Photoshop 3.0", [0], "8BIM", [4, 4], " byline: Jane Photographer"));
export const ADOBE = jpegSegment(0xee, bytesOf("Adobe", [0, 100, 0, 0, 0, 0, 1]));
export const COMMENT = jpegSegment(0xfe, "shot at home, 12 Secret Lane");
export const DQT = jpegSegment(0xdb, bytesOf([0x00], new Array(64).fill(1)));
/** A baseline frame: 1×1 pixel, one component. */
export const SOF0 = jpegSegment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]);
export const DHT = jpegSegment(0xc4, bytesOf([0x00], [1, ...new Array(15).fill(0)], [0]));
export const SOS = jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]);
/** Entropy-coded data with a stuffed 0xFF00 and a restart marker, as real scans have. */
export const SCAN_DATA = Uint8Array.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0x78]);
export const SOI = Uint8Array.from([0xff, 0xd8]);
export const EOI = Uint8Array.from([0xff, 0xd9]);

/** A JPEG with every kind of metadata a phone or an editor leaves, and a trailer after EOI. */
export function jpegWithMetadata(): Uint8Array<ArrayBuffer> {
  return bytesOf(SOI, JFIF_WITH_THUMBNAIL, exifWithGps(), XMP, ICC, MPF, IPTC, ADOBE, COMMENT, DQT, SOF0, DHT, SOS, SCAN_DATA, EOI, "trailing maker data");
}

/** What jpegWithMetadata should become. */
export function jpegWithMetadataStripped(): Uint8Array<ArrayBuffer> {
  return bytesOf(SOI, JFIF, ICC, ADOBE, DQT, SOF0, DHT, SOS, SCAN_DATA, EOI);
}

/** A JPEG with no metadata at all, its scan data padded so the file is `size` bytes when given. */
export function plainJpeg(size?: number): Uint8Array<ArrayBuffer> {
  const frame = bytesOf(SOI, JFIF, DQT, SOF0, DHT, SOS);
  const scan = size === undefined ? SCAN_DATA : new Uint8Array(size - frame.length - EOI.length).fill(0x55);
  return bytesOf(frame, scan, EOI);
}

// ---------------------------------------------------------------------------------------------
// PNG

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG chunk with its CRC. */
export function pngChunk(type: string, data: Uint8Array | number[] | string = []): Uint8Array<ArrayBuffer> {
  const typeAndData = bytesOf(type, data);
  return bytesOf(u32(typeAndData.length - 4), typeAndData, u32(crc32(typeAndData)));
}

export const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const IHDR = pngChunk("IHDR", [...u32(1), ...u32(1), 8, 6, 0, 0, 0]);
export const ICCP = pngChunk("iCCP", bytesOf("sRGB\0", [0], [0x78, 0x9c]));
// A zlib stream of one transparent pixel's row (filter byte + RGBA).
export const IDAT = pngChunk("IDAT", [0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01]);
export const IEND = pngChunk("IEND");

export function pngWithMetadata(): Uint8Array<ArrayBuffer> {
  return bytesOf(
    PNG_SIGNATURE,
    IHDR,
    pngChunk("tEXt", "Author\0Jane Photographer"),
    ICCP,
    pngChunk("eXIf", exifWithGps().subarray(10)),
    pngChunk("iTXt", "XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>"),
    pngChunk("zTXt", bytesOf("Comment\0", [0], [0x78, 0x9c])),
    pngChunk("tIME", [0x07, 0xe9, 1, 2, 3, 4, 5]),
    IDAT,
    IEND,
    "after the end",
  );
}

export function pngWithMetadataStripped(): Uint8Array<ArrayBuffer> {
  return bytesOf(PNG_SIGNATURE, IHDR, ICCP, IDAT, IEND);
}

// ---------------------------------------------------------------------------------------------
// WebP

function u32le(value: number): number[] {
  return [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24];
}

/** A RIFF chunk, padded to an even length. */
export function webpChunk(fourcc: string, data: Uint8Array | number[] | string): Uint8Array<ArrayBuffer> {
  const body = bytesOf(data);
  return bytesOf(fourcc, u32le(body.length), body, body.length % 2 ? [0] : []);
}

export function riff(...chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const body = bytesOf(...chunks);
  return bytesOf("RIFF", u32le(4 + body.length), "WEBP", body);
}

/** VP8X with the given flags, for a 1×1 canvas (sizes are stored minus one). */
export function vp8x(flags: number): Uint8Array<ArrayBuffer> {
  return webpChunk("VP8X", [flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
}

export const VP8X_ICC = 0x20;
export const VP8X_EXIF = 0x08;
export const VP8X_XMP = 0x04;
// A lossless 1×1 bitstream header (signature 0x2F, then width-1 and height-1 of 0), enough for the walk.
export const VP8L = webpChunk("VP8L", [0x2f, 0x00, 0x00, 0x00, 0x00]);
export const WEBP_ICC = webpChunk("ICCP", "fake colour profile!");

export function webpWithMetadata(): Uint8Array<ArrayBuffer> {
  return bytesOf(
    riff(vp8x(VP8X_ICC | VP8X_EXIF | VP8X_XMP), WEBP_ICC, VP8L, webpChunk("EXIF", exifWithGps().subarray(10)), webpChunk("XMP ", "<x:xmpmeta>GPS 47,22N</x:xmpmeta>")),
    "after the container",
  );
}

export function webpWithMetadataStripped(): Uint8Array<ArrayBuffer> {
  return riff(vp8x(VP8X_ICC), WEBP_ICC, VP8L);
}

export function plainWebp(): Uint8Array<ArrayBuffer> {
  return riff(VP8L);
}
