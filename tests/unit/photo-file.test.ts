import { describe, expect, it } from "vitest";
import {
  checkPhoto,
  MalformedPhotoError,
  MAX_PHOTO_BYTES,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTO_UNREADABLE_MESSAGE,
  photoType,
  stripJpegMetadata,
  stripPngMetadata,
  stripWebpMetadata,
} from "~/lib/listings/photo-file";
import {
  ADOBE,
  bytesOf,
  COMMENT,
  containsBytes,
  DHT,
  DQT,
  EOI,
  exifWithGps,
  ICC,
  IDAT,
  IEND,
  IHDR,
  JFIF,
  jpegSegment,
  jpegWithMetadata,
  jpegWithMetadataStripped,
  plainJpeg,
  plainWebp,
  PNG_SIGNATURE,
  pngChunk,
  pngWithMetadata,
  pngWithMetadataStripped,
  riff,
  SCAN_DATA,
  SOF0,
  SOI,
  SOS,
  VP8L,
  vp8x,
  VP8X_EXIF,
  webpChunk,
  webpWithMetadata,
  webpWithMetadataStripped,
} from "../support/photo-bytes";

const text = (value: string) => new TextEncoder().encode(value);

describe("photoType", () => {
  it("tells the three types by their first bytes", () => {
    expect(photoType(plainJpeg())).toBe("image/jpeg");
    expect(photoType(pngWithMetadata())).toBe("image/png");
    expect(photoType(plainWebp())).toBe("image/webp");
  });

  it("knows nothing else, whatever the file was called", () => {
    expect(photoType(text("just some notes, saved as holiday.jpg"))).toBeNull();
    expect(photoType(text("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"))).toBeNull();
    expect(photoType(text("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(photoType(bytesOf("RIFF", [4, 0, 0, 0], "AVI "))).toBeNull();
    expect(photoType(new Uint8Array(0))).toBeNull();
    expect(photoType(Uint8Array.from([0xff, 0xd8]))).toBeNull();
  });
});

describe("stripJpegMetadata", () => {
  it("drops EXIF with its GPS position, XMP, IPTC, MPF, comments, the JFIF thumbnail and any trailer", () => {
    const original = jpegWithMetadata();
    expect(containsBytes(original, "Exif")).toBe(true);
    const stripped = stripJpegMetadata(original);
    expect(stripped).toEqual(jpegWithMetadataStripped());
    for (const gone of ["Exif", "PhoneMaker", "xmpmeta", "Photoshop", "8BIM", "Secret Lane", "MPF", "trailing"]) {
      expect(containsBytes(stripped, gone), gone).toBe(false);
    }
    expect([...stripped.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...stripped.subarray(-2)]).toEqual([0xff, 0xd9]);
  });

  it("keeps the colour profile, Adobe's colour transform, the tables, the frame and the scan byte for byte", () => {
    const stripped = stripJpegMetadata(jpegWithMetadata());
    for (const kept of [ICC, ADOBE, DQT, SOF0, DHT, bytesOf(SOS, SCAN_DATA, EOI)]) expect(containsBytes(stripped, kept)).toBe(true);
  });

  it("leaves a JPEG without metadata as it was", () => {
    expect(stripJpegMetadata(plainJpeg())).toEqual(plainJpeg());
  });

  it("walks progressive files: tables and metadata between scans, fill bytes before markers", () => {
    const secondScan = Uint8Array.from([0x9a, 0xff, 0x00, 0xbc]);
    const original = bytesOf(SOI, exifWithGps(), DQT, SOF0, DHT, SOS, SCAN_DATA, [0xff, 0xff], DHT, COMMENT, SOS, secondScan, EOI);
    expect(stripJpegMetadata(original)).toEqual(bytesOf(SOI, DQT, SOF0, DHT, SOS, SCAN_DATA, DHT, SOS, secondScan, EOI));
  });

  it("keeps nothing of an EXIF thumbnail, which is a JPEG of its own inside APP1", () => {
    const thumbnail = bytesOf(SOI, DQT, SOF0, SOS, [0x11, 0x22], EOI);
    const original = bytesOf(SOI, jpegSegment(0xe1, bytesOf("Exif\0\0", thumbnail)), DQT, SOF0, DHT, SOS, SCAN_DATA, EOI);
    expect(stripJpegMetadata(original)).toEqual(bytesOf(SOI, DQT, SOF0, DHT, SOS, SCAN_DATA, EOI));
  });

  const malformed: [string, Uint8Array][] = [
    ["no EOI after the scan", bytesOf(SOI, JFIF, DQT, SOF0, DHT, SOS, SCAN_DATA)],
    ["scan data ending on 0xFF", bytesOf(SOI, JFIF, DQT, SOF0, DHT, SOS, SCAN_DATA, [0xff])],
    ["cut off after the header (a download stopped short)", jpegWithMetadata().subarray(0, 300)],
    ["cut off inside a segment", bytesOf(SOI, exifWithGps()).subarray(0, 60)],
    ["a segment longer than the file", bytesOf(SOI, [0xff, 0xe1, 0xff, 0xf0], "Exif\0\0")],
    ["a segment length under 2", bytesOf(SOI, [0xff, 0xdb, 0x00, 0x01], DQT, SOF0, SOS, SCAN_DATA, EOI)],
    ["EOI before any scan", bytesOf(SOI, JFIF, DQT, SOF0, EOI)],
    ["a scan before any frame", bytesOf(SOI, DQT, SOS, SCAN_DATA, EOI)],
    ["garbage where a marker belongs", bytesOf(SOI, JFIF, [0x00, 0x11, 0x22], DQT, SOF0, SOS, SCAN_DATA, EOI)],
    ["a second SOI", bytesOf(SOI, SOI, DQT, SOF0, SOS, SCAN_DATA, EOI)],
    ["the marker alone", bytesOf(SOI, [0xff])],
  ];
  it.each(malformed)("refuses a JPEG with %s rather than half-strip it", (_, bytes) => {
    expect(() => stripJpegMetadata(bytes)).toThrow(MalformedPhotoError);
    expect(checkPhoto(bytes)).toEqual({ ok: false, message: PHOTO_UNREADABLE_MESSAGE });
  });
});

describe("stripPngMetadata", () => {
  it("drops the text, EXIF and time chunks and what follows IEND, keeping the other chunks with their CRCs", () => {
    const stripped = stripPngMetadata(pngWithMetadata());
    expect(stripped).toEqual(pngWithMetadataStripped());
    for (const gone of ["tEXt", "eXIf", "iTXt", "zTXt", "tIME", "Jane", "PhoneMaker", "xmpmeta", "after the end"]) {
      expect(containsBytes(stripped, gone), gone).toBe(false);
    }
  });

  const malformed: [string, Uint8Array][] = [
    ["no IEND", bytesOf(PNG_SIGNATURE, IHDR, IDAT)],
    ["IHDR not first", bytesOf(PNG_SIGNATURE, IDAT, IHDR, IEND)],
    ["no image data", bytesOf(PNG_SIGNATURE, IHDR, IEND)],
    ["a chunk longer than the file", bytesOf(PNG_SIGNATURE, IHDR, [0, 0, 0x10, 0], "IDAT", [1, 2, 3])],
    ["a chunk type that is not letters", bytesOf(PNG_SIGNATURE, IHDR, pngChunk("ID\0T", [1]), IDAT, IEND)],
    ["only the signature", PNG_SIGNATURE],
  ];
  it.each(malformed)("refuses a PNG with %s", (_, bytes) => {
    expect(() => stripPngMetadata(bytes)).toThrow(MalformedPhotoError);
    expect(checkPhoto(bytes)).toEqual({ ok: false, message: PHOTO_UNREADABLE_MESSAGE });
  });
});

describe("stripWebpMetadata", () => {
  it("drops the EXIF and XMP chunks, clears their VP8X flags (ICC kept) and counts the RIFF size again", () => {
    const stripped = stripWebpMetadata(webpWithMetadata());
    expect(stripped).toEqual(webpWithMetadataStripped());
    expect(new DataView(stripped.buffer, stripped.byteOffset).getUint32(4, true)).toBe(stripped.length - 8);
    for (const gone of ["EXIF", "XMP ", "PhoneMaker", "xmpmeta", "after the container"]) expect(containsBytes(stripped, gone), gone).toBe(false);
  });

  it("leaves a simple lossless WebP as it was", () => {
    expect(stripWebpMetadata(plainWebp())).toEqual(plainWebp());
  });

  it("handles a metadata chunk of odd length, padded", () => {
    const original = riff(vp8x(VP8X_EXIF), VP8L, webpChunk("EXIF", [1, 2, 3]));
    expect(stripWebpMetadata(original)).toEqual(riff(vp8x(0), VP8L));
  });

  const whole = riff(VP8L);
  const malformed: [string, Uint8Array][] = [
    ["a RIFF size past the file", whole.subarray(0, whole.length - 2)],
    ["a chunk past the container", riff(VP8L, bytesOf("EXIF", [0x40, 0, 0, 0], [1, 2]))],
    ["no image chunk", riff(vp8x(0), webpChunk("ICCP", "profile"))],
    ["metadata first", riff(webpChunk("EXIF", "x"), VP8L)],
    ["a VP8X chunk too short", riff(webpChunk("VP8X", [0, 0]), VP8L)],
  ];
  it.each(malformed)("refuses a WebP with %s", (_, bytes) => {
    expect(() => stripWebpMetadata(bytes)).toThrow(MalformedPhotoError);
    expect(checkPhoto(bytes)).toEqual({ ok: false, message: PHOTO_UNREADABLE_MESSAGE });
  });
});

describe("checkPhoto", () => {
  it("answers the type and the bytes without metadata", () => {
    expect(checkPhoto(jpegWithMetadata())).toEqual({ ok: true, type: "image/jpeg", bytes: jpegWithMetadataStripped() });
    expect(checkPhoto(pngWithMetadata())).toEqual({ ok: true, type: "image/png", bytes: pngWithMetadataStripped() });
    expect(checkPhoto(webpWithMetadata())).toEqual({ ok: true, type: "image/webp", bytes: webpWithMetadataStripped() });
  });

  it("refuses a renamed text file and other types by their content", () => {
    expect(checkPhoto(text("Dear owner, this is a text file called photo.jpg"))).toEqual({ ok: false, message: PHOTO_TYPE_MESSAGE });
    expect(checkPhoto(text("<html><script>alert(1)</script></html>"))).toEqual({ ok: false, message: PHOTO_TYPE_MESSAGE });
    expect(checkPhoto(new Uint8Array(0))).toEqual({ ok: false, message: PHOTO_TYPE_MESSAGE });
    expect(PHOTO_TYPE_MESSAGE).toBe("Photos must be JPEG, PNG or WebP images");
  });

  it("takes a photo of exactly 5 MB and refuses one byte more", () => {
    const largest = plainJpeg(MAX_PHOTO_BYTES);
    expect(largest.length).toBe(5 * 1024 * 1024);
    expect(checkPhoto(largest)).toMatchObject({ ok: true, type: "image/jpeg" });
    expect(checkPhoto(plainJpeg(MAX_PHOTO_BYTES + 1))).toEqual({ ok: false, message: PHOTO_SIZE_MESSAGE });
    expect(PHOTO_SIZE_MESSAGE).toBe("Each photo must be 5 MB or less");
  });
});
