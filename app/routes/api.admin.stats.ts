import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { getAdminStats } from "~/models/admin-stats.server";
import { requireAdminApi } from "~/models/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  return adminJson(await getAdminStats(env.DB));
}

export const action = onlyMethods("GET", "HEAD");
