import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { readListingChange } from "~/lib/listings/listing-fields";
import { NO_STORE } from "~/lib/web/cache-policy";
import { suspendedAnswer } from "~/lib/members/suspension";
import { methodNotAllowed, onlyMethods, readJsonObject } from "~/lib/web/http.server";
import { proposeListingChange } from "~/models/listing.server";
import { requireMemberApi } from "~/models/member.server";

/**
 * PATCH /api/listings/{id} (its submitter or owner) with any submission fields → 202
 * { success, change: { id, status: "pending" } }: the page keeps today's values until a
 * moderator approves. Another member → 403, as is a suspended one (with its end); an unknown listing → 404; a bad field → 400.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  if (!id.success) return Response.json({ success: false, message: "Listing not found" }, { status: 404, headers: NO_STORE });
  const read = await readJsonObject(request);
  if (!read.ok) return Response.json({ success: false, errors: { listing: read.message } }, { status: 400, headers: NO_STORE });
  const change = readListingChange(read.body);
  if (!change.ok) return Response.json({ success: false, errors: change.errors }, { status: 400, headers: NO_STORE });
  const outcome = await proposeListingChange(env, member, id.data, change.values);
  switch (outcome.kind) {
    case "not-found":
      return Response.json({ success: false, message: "Listing not found" }, { status: 404, headers: NO_STORE });
    case "forbidden":
      return Response.json({ success: false, message: "Only the listing's owner can change it" }, { status: 403, headers: NO_STORE });
    case "suspended":
      return suspendedAnswer(outcome.endsAt);
    case "invalid":
      return Response.json({ success: false, errors: outcome.errors }, { status: 400, headers: NO_STORE });
    case "proposed":
      return Response.json({ success: true, change: outcome.change }, { status: 202, headers: NO_STORE });
  }
}

export const loader = onlyMethods("PATCH");
