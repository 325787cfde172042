import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { NO_STORE } from "~/lib/cache-policy";
import { CONTACT_HONEYPOT_FIELD, validateContact } from "~/lib/contact-form";
import { textError } from "~/lib/http";
import { CONTACT_RATE_LIMIT, saveContactMessage } from "~/models/contact.server";
import { clientAddress, hitRateLimit } from "~/models/rate-limit.server";

/**
 * POST /api/contact (JSON body: name, email, subject, message, company, phone).
 * 400 with { errors: {field: message} } for invalid input; 200 { success: true } once stored.
 * A filled honeypot field gets the same 200 as a person but nothing is stored (bots learn
 * nothing); more than 5 messages an hour from one address get 429.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return textError(405, "Method Not Allowed", { Allow: "POST" });
  const db = context.cloudflare.env.DB;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return textError(400, "Request body must be JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return textError(400, "Request body must be a JSON object");

  const checked = validateContact(body);
  if (!checked.ok) return Response.json({ success: false, errors: checked.errors }, { status: 400, headers: NO_STORE });

  const honeypot = (body as Record<string, unknown>)[CONTACT_HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim()) return Response.json({ success: true }, { headers: NO_STORE });

  // Counted only for valid messages: a visitor fixing typos is never throttled.
  const limit = await hitRateLimit(db, `contact:${clientAddress(request)}`, CONTACT_RATE_LIMIT);
  if (!limit.allowed) {
    return textError(429, "Too many messages. Please try again later.", { "Retry-After": String(limit.retryAfterSeconds) });
  }
  await saveContactMessage(db, checked.data);
  return Response.json({ success: true }, { headers: NO_STORE });
}

export async function loader() {
  return textError(405, "Method Not Allowed", { Allow: "POST" });
}
