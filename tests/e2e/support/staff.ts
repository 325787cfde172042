import type { Browser, BrowserContext, BrowserContextOptions } from "playwright-core";
import { adminSessionToken } from "./admin-session";

/** A password the invitation accepts: long and not a common one. */
export const STAFF_PASSWORD = "harbour-lantern-quince-2026";

export interface StaffPerson {
  email: string;
  displayName: string;
  role: "admin" | "moderator";
}

async function call(baseURL: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** The newest invitation link e-mailed to `email`, read from the local mailbox (delivered by the queue). */
export async function invitationLink(baseURL: string, email: string, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = (await (await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { messages: { subject: string; text: string }[] };
    const link = answer.messages.map((message) => /(\S+\/admin\/invite\/[A-Za-z0-9_-]+)/.exec(message.text)?.[1]).find(Boolean);
    if (link) return link;
    if (Date.now() > until) throw new Error(`no invitation reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Brings `person` onto the team the way the product does (the admin's invitation, the e-mailed
 * link, the acceptance), through the calls, and answers their session token.
 */
export async function invitedStaffToken(baseURL: string, person: StaffPerson): Promise<string> {
  const admin = `admin_session=${await adminSessionToken(baseURL)}`;
  const invited = await call(baseURL, "/api/admin/team", { email: person.email, role: person.role }, admin);
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${await invited.text()}`);
  const token = /\/admin\/invite\/([A-Za-z0-9_-]+)/.exec(await invitationLink(baseURL, person.email))![1]!;
  const accepted = await call(baseURL, "/api/admin/team/accept", { token, displayName: person.displayName, password: STAFF_PASSWORD });
  if (accepted.status !== 200) throw new Error(`acceptance failed: ${accepted.status} ${await accepted.text()}`);
  const login = await call(baseURL, "/api/admin/login", { username: person.email, password: STAFF_PASSWORD });
  const session = /admin_session=([^;]+)/.exec(login.headers.get("Set-Cookie") ?? "")?.[1];
  if (login.status !== 200 || !session) throw new Error(`staff login failed: ${login.status} ${await login.text()}`);
  return session;
}

/** A new browser context signed in as a newly invited staff member. */
export async function signedInStaffContext(browser: Browser, baseURL: string, person: StaffPerson, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: "admin_session", value: await invitedStaffToken(baseURL, person), url: baseURL }]);
  return context;
}
