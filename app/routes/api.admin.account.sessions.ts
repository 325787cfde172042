import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { adminSessionId, requireStaffApi } from "~/models/auth.server";
import { listOwnSessions } from "~/models/staff.server";

/** GET (any staff member) → { sessions: [{ id, current, createdAt, lastSeenAt, address, userAgent }] }: their own. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireStaffApi(request, env, "account");
  return adminJson({ sessions: await listOwnSessions(env.DB, user, await adminSessionId(request, env)) });
}

export const action = onlyMethods("GET", "HEAD");
