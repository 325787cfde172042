import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { reasonTemplatesSchema } from "~/lib/listings/moderation";
import { adminJson, methodNotAllowed, parseJsonBody } from "~/lib/web/http.server";
import { requireAdminApi, requireStaffApi } from "~/models/auth.server";
import { listReasonTemplates, saveReasonTemplates } from "~/models/reason-template.server";

/** GET (staff) → { templates: [{ id, text }] }: the reasons a moderator picks from to reject. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireStaffApi(request, env);
  return adminJson({ templates: await listReasonTemplates(env.DB) });
}

/** PUT { templates: [text, ...] } (administrators; at most 20, each 1–1,000 characters) → { success, templates }: the whole list, in order. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "HEAD", "PUT"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const body = await parseJsonBody(request, reasonTemplatesSchema);
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  return adminJson({ success: true, templates: await saveReasonTemplates(env.DB, { request, name: user.name }, body.data.templates) });
}
