import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "~/lib/web/zod";
import { adminJson, methodNotAllowed, parseJsonBody } from "~/lib/web/http.server";
import { MessageIdParam } from "~/lib/admin/inbox-query";
import { recordAuditEvent } from "~/models/audit-log.server";
import { requireAdminApi } from "~/models/auth.server";
import { deleteContactMessage, openContactMessage, setContactMessageHandled } from "~/models/contact.server";

const notFound = () => adminJson({ success: false, message: "Mesaj bulunamadı" }, { status: 404 });
const badId = () => adminJson({ success: false, message: "Geçersiz mesaj numarası" }, { status: 400 });

/** GET: one message; opening it marks it read. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminApi(request, env);
  const id = MessageIdParam.safeParse(params.id);
  if (!id.success) return badId();
  const opened = await openContactMessage(env.DB, id.data);
  return opened ? adminJson(opened.message) : notFound();
}

const HandledBody = z.object({ handled: z.boolean({ error: "handled must be true or false" }) });

/** POST {"handled": true|false}: marks the message handled or open again. DELETE: removes it. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  const env = context.cloudflare.env;
  const user = await requireAdminApi(request, env);
  const id = MessageIdParam.safeParse(params.id);
  if (!id.success) return badId();
  const by = { request, name: user.name };
  if (request.method === "DELETE") {
    const deleted = await deleteContactMessage(env.DB, id.data);
    if (!deleted) return notFound();
    await recordAuditEvent(env.DB, "message.deleted", by, { subject: deleted.subject });
    return adminJson({ success: true, message: "Mesaj silindi" });
  }
  const body = await parseJsonBody(request, HandledBody);
  if (!body.ok) return adminJson({ success: false, message: body.message }, { status: 400 });
  const message = await setContactMessageHandled(env.DB, id.data, body.data.handled);
  if (!message) return notFound();
  await recordAuditEvent(env.DB, body.data.handled ? "message.handled" : "message.reopened", by, { subject: message.subject });
  return adminJson({ success: true, message });
}
