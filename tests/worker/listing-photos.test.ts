import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_PHOTOS, PHOTO_COUNT_MESSAGE, PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE } from "~/lib/listings/photo-file";
import { deleteListingPhotos, ListingPhotoError, listingPhotos, readListingPhoto, storeListingPhotos } from "~/models/listing-photo.server";
import {
  containsBytes,
  jpegWithMetadata,
  jpegWithMetadataStripped,
  plainJpeg,
  plainWebp,
  pngWithMetadata,
  pngWithMetadataStripped,
  webpWithMetadata,
  webpWithMetadataStripped,
} from "../support/photo-bytes";
import { insert, record } from "./support/public-fixtures";

const SITE = "https://example.com";
const KEY = /^[0-9a-f]{32}$/;

let businesses = 0;

/** A fresh business of its own for each test, and its id. */
async function newBusiness(): Promise<number> {
  const placeId = `photo-test-${++businesses}`;
  await insert(record({ name: `Photo Test Hotel ${businesses}`, placeId }));
  const row = await env.DB.prepare(`SELECT id FROM businesses WHERE place_id = ?1`).bind(placeId).first<{ id: number }>();
  return row!.id;
}

async function storedObjectKeys(): Promise<string[]> {
  const listed = await env.BUCKET.list({ prefix: "photos/" });
  return listed.objects.map((object) => object.key);
}

async function rowCount(businessId: number): Promise<number> {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM listing_photos WHERE business_id = ?1`).bind(businessId).first<{ n: number }>())!.n;
}

/** Expects the call to be refused with ListingPhotoError, and answers it. */
async function refusal(stored: Promise<unknown>): Promise<ListingPhotoError> {
  const error = await stored.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ListingPhotoError);
  return error as ListingPhotoError;
}

describe("storing a listing's photos", () => {
  it("stores each photo without its metadata under a random key, and lists them in order", async () => {
    const id = await newBusiness();
    const keys = await storeListingPhotos(env, id, [jpegWithMetadata(), pngWithMetadata(), webpWithMetadata()]);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(KEY);
    expect(new Set(keys).size).toBe(3);
    expect(await listingPhotos(env.DB, id)).toEqual(keys.map((key) => ({ key, url: `/photos/${key}` })));

    const expected = [
      ["image/jpeg", jpegWithMetadataStripped()],
      ["image/png", pngWithMetadataStripped()],
      ["image/webp", webpWithMetadataStripped()],
    ] as const;
    for (const [i, key] of keys.entries()) {
      const object = await env.BUCKET.get(`photos/${key}`);
      expect(object?.httpMetadata?.contentType).toBe(expected[i]![0]);
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(expected[i]![1]);
    }
    const rows = await env.DB.prepare(`SELECT key, content_type, byte_size, position FROM listing_photos WHERE business_id = ?1 ORDER BY position`).bind(id).all();
    expect(rows.results).toEqual(keys.map((key, i) => ({ key, content_type: expected[i]![0], byte_size: expected[i]![1].length, position: i })));
  });

  it("tells a form's files by their content, whatever their name and type say", async () => {
    const id = await newBusiness();
    const files = [new File([plainWebp()], "holiday.jpg", { type: "image/jpeg" }), new File([jpegWithMetadata()], "notes.txt", { type: "text/plain" })];
    const keys = await storeListingPhotos(env, id, files);
    expect((await env.BUCKET.head(`photos/${keys[0]}`))?.httpMetadata?.contentType).toBe("image/webp");
    expect((await env.BUCKET.head(`photos/${keys[1]}`))?.httpMetadata?.contentType).toBe("image/jpeg");
  });

  it("stores nothing when one file is refused: a renamed text file", async () => {
    const id = await newBusiness();
    const before = await storedObjectKeys();
    const renamed = new File(["Dear owner, these are my notes."], "photo.jpg", { type: "image/jpeg" });
    const error = await refusal(storeListingPhotos(env, id, [new File([plainJpeg()], "a.jpg"), renamed, new File([plainWebp()], "b.webp")]));
    expect(error.message).toBe(PHOTO_TYPE_MESSAGE);
    expect(error.index).toBe(1);
    expect(await storedObjectKeys()).toEqual(before);
    expect(await rowCount(id)).toBe(0);
  });

  it("stores nothing when one file is over 5 MB, and refuses more than 10 in all", async () => {
    const id = await newBusiness();
    const before = await storedObjectKeys();
    const tooLarge = await refusal(storeListingPhotos(env, id, [plainJpeg(), plainJpeg(5 * 1024 * 1024 + 1)]));
    expect([tooLarge.message, tooLarge.index]).toEqual([PHOTO_SIZE_MESSAGE, 1]);
    const largeFile = await refusal(storeListingPhotos(env, id, [new File([plainJpeg(5 * 1024 * 1024 + 1)], "big.jpg")]));
    expect([largeFile.message, largeFile.index]).toEqual([PHOTO_SIZE_MESSAGE, 0]);
    const tooMany = await refusal(storeListingPhotos(env, id, Array.from({ length: MAX_PHOTOS + 1 }, () => plainJpeg())));
    expect([tooMany.message, tooMany.index]).toEqual([PHOTO_COUNT_MESSAGE, null]);
    expect(await storedObjectKeys()).toEqual(before);

    // Photos added later come after those the listing has, up to 10 in all.
    const first = await storeListingPhotos(env, id, Array.from({ length: 8 }, () => plainJpeg()));
    const more = await storeListingPhotos(env, id, [plainWebp(), plainWebp()]);
    expect((await listingPhotos(env.DB, id)).map((photo) => photo.key)).toEqual([...first, ...more]);
    expect((await refusal(storeListingPhotos(env, id, [plainJpeg()]))).message).toBe(PHOTO_COUNT_MESSAGE);
    expect(await rowCount(id)).toBe(MAX_PHOTOS);
  });

  it("deletes the objects it wrote when the rows cannot be stored", async () => {
    const before = await storedObjectKeys();
    // No such business: the foreign key refuses the rows.
    await expect(storeListingPhotos(env, 987_654_321, [plainJpeg(), plainWebp()])).rejects.toThrow();
    expect(await storedObjectKeys()).toEqual(before);
  });

  it("deletes a listing's photos, objects and rows", async () => {
    const id = await newBusiness();
    const other = await newBusiness();
    const keys = await storeListingPhotos(env, id, [plainJpeg(), plainWebp()]);
    const kept = await storeListingPhotos(env, other, [plainJpeg()]);
    expect(await deleteListingPhotos(env, id)).toBe(2);
    for (const key of keys) expect(await env.BUCKET.head(`photos/${key}`)).toBeNull();
    expect(await listingPhotos(env.DB, id)).toEqual([]);
    expect(await listingPhotos(env.DB, other)).toEqual([{ key: kept[0], url: `/photos/${kept[0]}` }]);
    expect(await deleteListingPhotos(env, id)).toBe(0);
  });
});

describe("GET /photos/{key}", () => {
  it("serves the stored bytes with their stored type, nosniff, a year's caching and a policy that allows nothing", async () => {
    const id = await newBusiness();
    const [jpeg, png, webp] = await storeListingPhotos(env, id, [jpegWithMetadata(), pngWithMetadata(), webpWithMetadata()]);
    const expected = [
      [jpeg, "image/jpeg", jpegWithMetadataStripped()],
      [png, "image/png", pngWithMetadataStripped()],
      [webp, "image/webp", webpWithMetadataStripped()],
    ] as const;
    for (const [key, type, bytes] of expected) {
      const response = await SELF.fetch(`${SITE}/photos/${key}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(type);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'");
      expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]+"$/);
      const body = new Uint8Array(await response.arrayBuffer());
      expect(body).toEqual(bytes);
      for (const gone of ["Exif", "PhoneMaker", "xmpmeta"]) expect(containsBytes(body, gone), `${type} ${gone}`).toBe(false);
    }
  });

  it("answers 304 when the browser's copy is still the stored one", async () => {
    const [key] = await storeListingPhotos(env, await newBusiness(), [plainJpeg()]);
    const first = await SELF.fetch(`${SITE}/photos/${key}`);
    await first.arrayBuffer();
    const etag = first.headers.get("ETag")!;
    const again = await SELF.fetch(`${SITE}/photos/${key}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  it("answers 404 for an unknown key, and for a malformed one even when something is stored under it", async () => {
    await env.BUCKET.put("photos/NOT-A-PHOTO-KEY", "<script>alert(1)</script>", { httpMetadata: { contentType: "text/html" } });
    await env.BUCKET.put(`photos/${"A".repeat(32)}`, "upper case", { httpMetadata: { contentType: "text/html" } });
    for (const key of ["0".repeat(32), "NOT-A-PHOTO-KEY", "A".repeat(32), "0".repeat(31), "0".repeat(33), "..%2F..%2Fsitemaps%2Fmain.xml"]) {
      const response = await SELF.fetch(`${SITE}/photos/${key}`);
      expect(response.status, key).toBe(404);
      expect(response.headers.get("Cache-Control"), key).toContain("no-store");
      expect(response.headers.get("Content-Type"), key).toMatch(/^text\/plain/);
      expect(await response.text(), key).toBe("Not found");
    }
    expect(await readListingPhoto(env, "NOT-A-PHOTO-KEY")).toBeNull();
  });

  it("takes GET and HEAD only", async () => {
    const [key] = await storeListingPhotos(env, await newBusiness(), [plainJpeg()]);
    const head = await SELF.fetch(`${SITE}/photos/${key}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("image/jpeg");
    const post = await SELF.fetch(`${SITE}/photos/${key}`, { method: "POST", headers: { Origin: SITE } });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
    expect(await env.BUCKET.head(`photos/${key}`)).not.toBeNull();
  });
});
