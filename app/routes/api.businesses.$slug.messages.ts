import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { fieldErrors, ownerMessageSchema } from "~/lib/listings/member-forms";
import { NO_STORE } from "~/lib/web/cache-policy";
import { suspendedAnswer } from "~/lib/members/suspension";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { messageBusinessOwner } from "~/models/listing.server";
import { requireMemberApi } from "~/models/member.server";

/**
 * POST /api/businesses/{slug}/messages { subject, text } (signed in) → 201 { success, id }: relayed
 * to a claimed listing's owner by e-mail, the member's address to reply to. 404 for a listing with
 * no owner (its public contact details stand); 403 while suspended (with its end); 429 past 10 a day.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const read = await readJsonObject(request);
  if (!read.ok) return Response.json({ success: false, errors: { text: read.message } }, { status: 400, headers: NO_STORE });
  const parsed = ownerMessageSchema.safeParse(read.body);
  if (!parsed.success) return Response.json({ success: false, errors: fieldErrors(parsed.error) }, { status: 400, headers: NO_STORE });
  const outcome = await messageBusinessOwner(env, member, params.slug ?? "", parsed.data);
  switch (outcome.kind) {
    case "not-found":
      return Response.json({ success: false, message: "Business not found" }, { status: 404, headers: NO_STORE });
    case "not-claimed":
      return Response.json({ success: false, message: "This business has no owner on the site yet: use its phone or website" }, { status: 404, headers: NO_STORE });
    case "suspended":
      return suspendedAnswer(outcome.endsAt);
    case "throttled":
      return Response.json({ success: false, message: "You have sent 10 messages today: please try again tomorrow" }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) } });
    case "sent":
      return Response.json({ success: true, id: outcome.id }, { status: 201, headers: NO_STORE });
  }
}

export const loader = onlyMethods("POST");
