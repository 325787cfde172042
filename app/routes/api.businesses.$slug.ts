import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, NO_STORE, publicCache } from "~/lib/web/cache-policy";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { textError } from "~/lib/web/http";
import { adminJson, methodNotAllowed } from "~/lib/web/http.server";
import { deleteBusiness } from "~/models/admin-business.server";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { getBusinessBySlug, getUnapprovedBusinessFor } from "~/models/business-detail.server";
import { privateViewerOf } from "~/models/member.server";
import { directoryChanged } from "~/models/directory-change.server";

/** GET /api/businesses/{slug}: the business detail (with the spec's retry on a suffixed slug). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug?.trim();
  if (!slug) return textError(400, "No business slug found");
  const env = context.cloudflare.env;
  const business = await getBusinessBySlug(env.DB, slug);
  if (business) return Response.json(business, { headers: publicCache(CACHE_SECONDS.detail) });
  // A listing waiting for review: its submitter, owner and the admin alone, never cached.
  const pending = await getUnapprovedBusinessFor(env.DB, slug, await privateViewerOf(request, env));
  if (pending) return Response.json({ ...pending, status: "pending" }, { headers: NO_STORE });
  return textError(404, "Business not found");
}

/** DELETE /api/businesses/{id} (admin) shares this path with the public read by slug. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const id = BusinessIdParam.safeParse(params.slug);
  if (!id.success) return adminJson({ success: false, message: "Invalid business id" }, { status: 400 });
  const result = await deleteBusiness(env.DB, id.data);
  if (!result.deleted) return adminJson({ success: false, message: "Business not found" }, { status: 404 });
  await directoryChanged(env, "admin.delete-business", { businesses: [result.slug] });
  await recordAuditEvent(env.DB, "business.deleted", { request, name: user.name }, { subject: result.name });
  return adminJson({ success: true, message: `Business "${result.name}" deleted` });
}
