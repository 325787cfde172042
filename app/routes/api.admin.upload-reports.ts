import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { listUploadReports } from "~/import/upload.server";

/** GET: the latest upload reports, newest first (the dashboard polls this every 5 s). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  return adminJson(await listUploadReports(env.DB, 10));
}

export const action = onlyMethods("GET", "HEAD");
