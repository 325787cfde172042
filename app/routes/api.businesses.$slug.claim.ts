import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { claimSchema, fieldErrors } from "~/lib/listings/member-forms";
import { NO_STORE } from "~/lib/web/cache-policy";
import { suspendedAnswer } from "~/lib/members/suspension";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { checkHuman } from "~/models/human-check.server";
import { claimListing } from "~/models/listing.server";
import { requireMemberApi } from "~/models/member.server";

/**
 * POST /api/businesses/{slug}/claim { position, phone?, message? } (signed in) → 201
 * { success, claim: { id, status } }: "approved" at once by the e-mail domain, else "pending".
 * 403 while suspended (with its end); 409 for a second pending claim; 429 past 3 a day.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const read = await readJsonObject(request);
  if (!read.ok) return Response.json({ success: false, errors: { claim: read.message } }, { status: 400, headers: NO_STORE });
  const human = await checkHuman(env, request, read.body);
  if (!human.ok) return Response.json({ success: false, errors: { claim: human.message } }, { status: 400, headers: NO_STORE });
  const parsed = claimSchema.safeParse(read.body);
  if (!parsed.success) return Response.json({ success: false, errors: fieldErrors(parsed.error) }, { status: 400, headers: NO_STORE });
  const outcome = await claimListing(env, member, params.slug ?? "", parsed.data);
  switch (outcome.kind) {
    case "not-found":
      return Response.json({ success: false, message: "Business not found" }, { status: 404, headers: NO_STORE });
    case "suspended":
      return suspendedAnswer(outcome.endsAt);
    case "conflict":
      return Response.json({ success: false, message: outcome.message }, { status: 409, headers: NO_STORE });
    case "throttled":
      return Response.json({ success: false, message: "You have sent 3 claims today: please try again tomorrow" }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) } });
    case "claimed":
      return Response.json({ success: true, claim: outcome.claim }, { status: 201, headers: NO_STORE });
  }
}

export const loader = onlyMethods("POST");
