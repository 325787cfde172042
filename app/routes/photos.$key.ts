import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { textError } from "~/lib/web/http";
import { onlyMethods } from "~/lib/web/http.server";
import { z } from "~/lib/web/zod";
import { PHOTO_KEY_PATTERN, readListingPhoto } from "~/models/listing-photo.server";

const keyParam = z.string().regex(PHOTO_KEY_PATTERN);

/**
 * The photo's bytes never change under its key (a new photo gets a new key), so browsers keep
 * it for a year without asking again. No s-maxage: the edge cache holds pages, not 5 MB images.
 */
const PHOTO_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * GET /photos/{key}: a listing's photo as stored, with its stored type, never sniffed by the
 * browser and never run as a document (a policy that allows nothing). 404 for a malformed or
 * unknown key, 304 when the browser's ETag still matches.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = keyParam.safeParse(params.key);
  // A HEAD reads the metadata alone: a body fetched only to be dropped is wasted R2 reading.
  const head = request.method === "HEAD";
  const object = key.success ? await readListingPhoto(context.cloudflare.env, key.data, head ? { bodyless: true } : { onlyIf: request.headers }) : null;
  if (!object) return textError(404, "Not found");
  const headers = new Headers({
    "Cache-Control": PHOTO_CACHE_CONTROL,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
    ETag: object.httpEtag,
  });
  if (!head && !hasBody(object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", object.httpMetadata?.contentType ?? "application/octet-stream");
  headers.set("Content-Length", String(object.size));
  return new Response(hasBody(object) ? object.body : null, { headers });
}

/** R2 answers a conditional read whose ETag still matches with the object's metadata alone. */
function hasBody(object: R2Object | R2ObjectBody): object is R2ObjectBody {
  return "body" in object;
}

export const action = onlyMethods("GET", "HEAD");
