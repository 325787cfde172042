import { asc, count, eq, inArray, max } from "drizzle-orm";
import { database } from "~/db/client.server";
import { listingPhotos as photosTable } from "~/db/schema";
import { checkPhoto, MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_COUNT_MESSAGE, PHOTO_SIZE_MESSAGE, type PhotoType } from "~/lib/listings/photo-file";

/**
 * A listing's photos: the bytes in R2 under `photos/{key}` (a random key, never from the file's
 * name), one listing_photos row each with the stored type, size and place in the listing's order.
 */

/** A stored photo's key: 128 random bits in lower-case hex. */
export const PHOTO_KEY_PATTERN = /^[0-9a-f]{32}$/;

export interface ListingPhoto {
  key: string;
  /** Where the site serves it (app/routes/photos.$key.ts). */
  url: string;
}

export type CheckedPhotos =
  | { ok: true; photos: { type: PhotoType; bytes: Uint8Array }[] }
  /** `index` is the 0-based position of the refused file, null when the count is what is wrong. */
  | { ok: false; message: string; index: number | null };

/** A photo refused (bad type, size or file, or too many): its message is meant for the member. */
export class ListingPhotoError extends Error {
  override name = "ListingPhotoError";
  /** The 0-based position of the refused file, null when the count is what is wrong. */
  readonly index: number | null;
  constructor(message: string, index: number | null) {
    super(message);
    this.index = index;
  }
}

export function photoObjectKey(key: string): string {
  return `photos/${key}`;
}

export function photoUrl(key: string): string {
  return `/photos/${key}`;
}

/**
 * The uploaded files read and checked together, each without its metadata, or the first refusal.
 * A form's File over the cap is refused by its size before being read, and each is read only
 * when the one before it is cleaned, so that one original at a time is held beside the cleaned
 * copies. Lets a caller refuse a submission before it creates the listing; storeListingPhotos
 * checks again itself.
 */
export async function checkListingPhotos(files: readonly (Uint8Array | Blob)[]): Promise<CheckedPhotos> {
  if (files.length > MAX_PHOTOS) return { ok: false, message: PHOTO_COUNT_MESSAGE, index: null };
  const photos: { type: PhotoType; bytes: Uint8Array }[] = [];
  for (const [index, file] of files.entries()) {
    if (!(file instanceof Uint8Array) && file.size > MAX_PHOTO_BYTES) return { ok: false, message: PHOTO_SIZE_MESSAGE, index };
    const checked = checkPhoto(file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer()));
    if (!checked.ok) return { ok: false, message: checked.message, index };
    photos.push({ type: checked.type, bytes: checked.bytes });
  }
  return { ok: true, photos };
}

/**
 * Stores a listing's photos after those it already has, in the order given, and answers their
 * keys. Every file is checked before any is stored: one refused file (or more than MAX_PHOTOS
 * in all) throws ListingPhotoError and stores nothing. Objects already written are deleted again
 * when a later write or the rows' insert fails.
 */
export async function storeListingPhotos(env: Pick<Env, "DB" | "BUCKET">, businessId: number, files: readonly Uint8Array[] | readonly File[]): Promise<string[]> {
  const checked = await checkListingPhotos(files);
  if (!checked.ok) throw new ListingPhotoError(checked.message, checked.index);
  if (checked.photos.length === 0) return [];

  const db = database(env.DB);
  const [existing] = await db
    .select({ n: count(), last: max(photosTable.position) })
    .from(photosTable)
    .where(eq(photosTable.businessId, businessId));
  if ((existing?.n ?? 0) + checked.photos.length > MAX_PHOTOS) throw new ListingPhotoError(PHOTO_COUNT_MESSAGE, null);
  const firstPosition = (existing?.last ?? -1) + 1;

  const rows = checked.photos.map((photo, i) => ({
    key: newPhotoKey(),
    businessId,
    contentType: photo.type,
    byteSize: photo.bytes.length,
    position: firstPosition + i,
  }));
  const written = await Promise.allSettled(
    rows.map((row, i) =>
      env.BUCKET.put(photoObjectKey(row.key), checked.photos[i]!.bytes, {
        httpMetadata: { contentType: row.contentType },
        // Lets an object whose row is gone be traced to its listing.
        customMetadata: { businessId: String(businessId) },
      }),
    ),
  );
  try {
    const failed = written.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    await db.insert(photosTable).values(rows);
  } catch (error) {
    await env.BUCKET.delete(rows.map((row) => photoObjectKey(row.key))).catch((cleanup) => console.error("listing photos: cleanup after a failed store failed", cleanup));
    throw error;
  }
  return rows.map((row) => row.key);
}

/** A listing's photos in their order. */
export async function listingPhotos(d1: D1Database, businessId: number): Promise<ListingPhoto[]> {
  const rows = await database(d1)
    .select({ key: photosTable.key })
    .from(photosTable)
    .where(eq(photosTable.businessId, businessId))
    .orderBy(asc(photosTable.position), asc(photosTable.createdAt));
  return rows.map(({ key }) => ({ key, url: photoUrl(key) }));
}

/**
 * A stored photo's object, or null when the key is malformed or nothing is stored under it. With
 * `onlyIf` (the request's headers), R2 answers an object without a body when the client's ETag
 * still matches; `bodyless` reads the metadata alone (a HEAD request).
 */
export async function readListingPhoto(
  env: Pick<Env, "BUCKET">,
  key: string,
  { onlyIf, bodyless = false }: { onlyIf?: Headers; bodyless?: boolean } = {},
): Promise<R2ObjectBody | R2Object | null> {
  if (!PHOTO_KEY_PATTERN.test(key)) return null;
  if (bodyless) return env.BUCKET.head(photoObjectKey(key));
  return env.BUCKET.get(photoObjectKey(key), onlyIf ? { onlyIf } : undefined);
}

/**
 * Deletes a listing's photos, objects first, then rows: a failed R2 delete leaves the rows, so
 * calling it again finishes the work. Call it before deleting the business, whose deletion would
 * drop the rows (cascade) and leave the objects behind. Answers how many there were.
 */
export async function deleteListingPhotos(env: Pick<Env, "DB" | "BUCKET">, businessId: number): Promise<number> {
  const db = database(env.DB);
  const rows = await db.select({ key: photosTable.key }).from(photosTable).where(eq(photosTable.businessId, businessId));
  if (rows.length === 0) return 0;
  const keys = rows.map((row) => row.key);
  await env.BUCKET.delete(keys.map(photoObjectKey));
  // Only the rows whose objects went: a photo stored meanwhile keeps its row.
  await db.delete(photosTable).where(inArray(photosTable.key, keys));
  return rows.length;
}

function newPhotoKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
