import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { NO_STORE } from "~/lib/web/cache-policy";
import { textError } from "~/lib/web/http";
import { readJsonObject } from "~/lib/web/http.server";
import { receiveContactMessage } from "~/models/contact.server";

/**
 * POST /api/contact (JSON body: name, email, subject, message, company, phone).
 * 400 with { errors: {field: message} } for invalid input; 200 { success: true } once stored.
 * A filled honeypot field gets the same 200 as a person but nothing is stored (bots learn
 * nothing); more than 5 messages an hour from one address get 429; a body over 64 KB, 413.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return textError(405, "Method Not Allowed", { Allow: "POST" });
  const db = context.cloudflare.env.DB;
  const read = await readJsonObject(request);
  if (!read.ok) return textError(400, read.message);

  const receipt = await receiveContactMessage(db, request, read.body);
  if (receipt.outcome === "invalid") return Response.json({ success: false, errors: receipt.errors }, { status: 400, headers: NO_STORE });
  if (receipt.outcome === "throttled") {
    return textError(429, "Too many messages. Please try again later.", { "Retry-After": String(receipt.retryAfterSeconds) });
  }
  return Response.json({ success: true }, { headers: NO_STORE });
}

export async function loader() {
  return textError(405, "Method Not Allowed", { Allow: "POST" });
}
