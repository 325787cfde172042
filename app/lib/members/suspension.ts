import { NO_STORE } from "~/lib/web/cache-policy";

/** 403 for a suspended member, saying until when. */
export function suspendedAnswer(endsAt: number): Response {
  const until = new Date(endsAt * 1000).toISOString();
  return Response.json({ success: false, message: `Your account is suspended until ${until.slice(0, 10)}: you cannot post until then`, suspendedUntil: until }, { status: 403, headers: NO_STORE });
}
