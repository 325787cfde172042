import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { adminJson, methodNotAllowed } from "~/lib/http.server";
import { deleteBusiness } from "~/models/admin-business.server";
import { requireAdminApi } from "~/models/auth.server";
import { directoryChanged } from "~/models/directory-change.server";

// DELETE /api/businesses/{id} (admin). The public GET /api/businesses/{slug} shares this path.
const Id = z.coerce.number().int().positive();

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  const id = Id.safeParse(params.slug);
  if (!id.success) return adminJson({ success: false, message: "Invalid business id" }, { status: 400 });
  const result = await deleteBusiness(env.DB, id.data);
  if (!result.deleted) return adminJson({ success: false, message: "Business not found" }, { status: 404 });
  await directoryChanged(env, "admin.delete-business", { bulk: false });
  return adminJson({ success: true, message: `Business "${result.name}" deleted` });
}
