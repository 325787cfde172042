import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NO_STORE } from "~/lib/web/cache-policy";
import { onlyMethods } from "~/lib/web/http.server";
import { memberOwnsListing } from "~/models/listing.server";
import { requireMemberApi } from "~/models/member.server";

/**
 * GET /api/account/businesses/{slug} → 200 { owner: boolean } (signed in; 401 signed out): whether
 * the member owns the business. A business page asks it after hydration, so its HTML stays the
 * same for everyone while the owner sees "Reply as the owner". Never cached.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const member = await requireMemberApi(request, env);
  return Response.json({ owner: await memberOwnsListing(env.DB, member.id, params.slug ?? "") }, { headers: NO_STORE });
}

export const action = onlyMethods("GET", "HEAD");
