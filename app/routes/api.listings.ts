import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { readListing } from "~/lib/listings/listing-fields";
import { NO_STORE } from "~/lib/web/cache-policy";
import { suspendedAnswer } from "~/lib/members/suspension";
import { bodyTooLargeMessage, streamFormUpTo } from "~/lib/web/request-body";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { checkHuman } from "~/models/human-check.server";
import { submitListing } from "~/models/listing.server";
import { requireMemberApi } from "~/models/member.server";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "~/lib/listings/photo-file";

/** Ten photos at their cap and the fields beside them (a JSON submission has no photos: the small cap). */
const SUBMISSION_MAX_BYTES = MAX_PHOTOS * MAX_PHOTO_BYTES + 256 * 1024;
const IDEMPOTENCY_KEY_MAX = 200;

const invalid = (errors: Record<string, string>) => Response.json({ success: false, errors }, { status: 400, headers: NO_STORE });

/** A multipart form's fields as the JSON body holds them (amenities may repeat), and its photos. */
function formFields(form: FormData): { body: Record<string, unknown>; photos: File[] } {
  const body: Record<string, unknown> = {};
  const photos: File[] = [];
  for (const [key, value] of form.entries()) {
    if (key === "photos") {
      if (typeof value !== "string" && value.size > 0) photos.push(value);
    } else if (key === "amenities") {
      body.amenities = [...((body.amenities as string[] | undefined) ?? []), String(value)];
    } else {
      body[key] = value;
    }
  }
  return { body, photos };
}

/**
 * POST /api/listings (signed in; JSON, or multipart with `photos`): Submit Hotel → 201
 * { success, listing: { id, slug, status: "pending" } }; 400 { success: false, errors } naming
 * every bad field; 401 signed out; 403 while suspended (with its end); 429 past 5 a day. The same Idempotency-Key → the same listing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const idempotencyKey = request.headers.get("Idempotency-Key")?.trim() || null;
  if (idempotencyKey && idempotencyKey.length > IDEMPOTENCY_KEY_MAX) return invalid({ listing: `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters` });

  const type = request.headers.get("Content-Type") ?? "";
  const tooLarge = (max: number) => Response.json({ success: false, message: bodyTooLargeMessage(max) }, { status: 413, headers: NO_STORE });
  let body: Record<string, unknown>;
  let photos: File[] = [];
  if (type.startsWith("multipart/form-data")) {
    const form = await streamFormUpTo(request, SUBMISSION_MAX_BYTES);
    if (form === "too-large") return tooLarge(SUBMISSION_MAX_BYTES);
    if (form === "unreadable") return invalid({ listing: "Request body must be JSON or a multipart form" });
    ({ body, photos } = formFields(form));
  } else {
    const read = await readJsonObject(request);
    if (!read.ok) return invalid({ listing: read.message });
    body = read.body;
  }
  const human = await checkHuman(env, request, body);
  if (!human.ok) return invalid({ listing: human.message });
  delete body.photos;
  const read = readListing(body);
  if (!read.ok) return invalid(read.errors as Record<string, string>);
  const outcome = await submitListing(env, member, read.values, photos, idempotencyKey);
  if (outcome.kind === "suspended") return suspendedAnswer(outcome.endsAt);
  if (outcome.kind === "invalid") return invalid(outcome.errors as Record<string, string>);
  if (outcome.kind === "throttled") {
    return Response.json({ success: false, message: "You have submitted 5 listings today: please try again tomorrow" }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) } });
  }
  return Response.json({ success: true, listing: outcome.listing }, { status: 201, headers: NO_STORE });
}

export const loader = onlyMethods("POST");
