import { SELF } from "cloudflare:test";
import { expect } from "vitest";

/** Member calls go to https, where the session cookie is __Host- prefixed as on the real site. */
export const MEMBER_SITE = "https://example.com";

let clients = 0;

export function memberPost(path: string, body: unknown, headers: Record<string, string> = {}, method = "POST") {
  return SELF.fetch(MEMBER_SITE + path, { method, headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.40", ...headers }, body: JSON.stringify(body) });
}

/** The local mailbox's messages to `to`, newest first, read as a person would: through /api/dev/mailbox. */
export async function mailTo(to: string): Promise<{ subject: string; text: string; html: string; replyTo: string | null }[]> {
  const answer = await SELF.fetch(`${MEMBER_SITE}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { messages: { subject: string; text: string; html: string; replyTo: string | null }[] }).messages;
}

/** Signs `email` in (or up) through the mailbox; answers the Cookie header of the session. */
export async function signInMember(email: string): Promise<string> {
  const asked = await memberPost("/api/account/email-code", { email }, { "CF-Connecting-IP": `203.0.113.${++clients % 250}` });
  expect(asked.status).toBe(200);
  const code = /\b(\d{6})\b/.exec((await mailTo(email))[0]!.text)![1]!;
  const verified = await memberPost("/api/account/verify", { email, code });
  expect(verified.status).toBe(200);
  return verified.headers.getSetCookie().find((value) => value.startsWith("__Host-member_session="))!.split(";")[0]!;
}

/** Waits for the queue to deliver a message to `to` whose subject matches. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(to)).filter((mail) => subject.test(mail.subject));
    if (found.length || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
