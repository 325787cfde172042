import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminJson, onlyMethods } from "~/lib/web/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { listRunningUploadJobs } from "~/import/upload.server";

/** GET: the imports queued or running, so a reloaded upload page can follow them to their report. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  return adminJson(await listRunningUploadJobs(env.DB));
}

export const action = onlyMethods("GET", "HEAD");
