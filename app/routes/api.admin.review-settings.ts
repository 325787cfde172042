import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { adminJson, methodNotAllowed, parseJsonBody } from "~/lib/web/http.server";
import { requireAdminApi } from "~/models/auth.server";
import { getReviewPublishing, saveReviewPublishing } from "~/models/site-settings.server";

const ReviewSettingsBody = z.object({ publishUnflagged: z.boolean("publishUnflagged: must be true or false") }).strict();

/** GET (admin) → { publishUnflagged }: whether reviews without flags are published at once. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  return adminJson({ publishUnflagged: await getReviewPublishing(env.DB) });
}

/** POST { publishUnflagged: true|false } (admin) → { success, message, publishUnflagged }; audited as a settings save. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "HEAD", "POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const body = await parseJsonBody(request, ReviewSettingsBody);
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const publishUnflagged = await saveReviewPublishing(env.DB, body.data.publishUnflagged, { request, name: user.name });
  return adminJson({ success: true, message: "Ayarlar kaydedildi", publishUnflagged });
}
