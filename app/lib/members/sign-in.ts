/**
 * What a member's sign-in reads and writes, pure: the e-mail address as accounts key it, the
 * six-digit code, and the message that carries it. Sent and checked by app/models/member.server.ts.
 */
import { z } from "~/lib/web/zod";
import { escapeHtml, oneLine, type MailMessage } from "~/lib/email/mail-message";

/** How long a code and its link stay good. */
export const SIGN_IN_CODE_SECONDS = 10 * 60;
/** Wrong codes that end a code: the member asks for a new one. */
export const SIGN_IN_CODE_TRIES = 5;

export const EMAIL_ADDRESS_MESSAGE = "Please enter a valid email address";
/** The answer past the code throttles (per address and per client). */
export const TOO_MANY_CODES_MESSAGE = "Too many codes asked for. Please try again later.";
/** The one answer to a code that is wrong, used, burnt or out of date: it tells no more. */
export const CODE_REFUSED_MESSAGE = "This code is wrong or no longer valid. Ask for a new one.";

/** An address as accounts key it: trimmed and lower-cased, at most 254 characters, one line. */
export const emailAddressSchema = z
  .string(EMAIL_ADDRESS_MESSAGE)
  .trim()
  .max(254, EMAIL_ADDRESS_MESSAGE)
  .pipe(z.email(EMAIL_ADDRESS_MESSAGE))
  .transform((address) => address.toLowerCase());

export const codeRequestSchema = z.object({ email: emailAddressSchema });
export const codeCheckSchema = z.object({ email: emailAddressSchema, code: z.string(CODE_REFUSED_MESSAGE).trim().regex(/^\d{6}$/, CODE_REFUSED_MESSAGE) });

/** Six digits, each equally likely (rejection sampling: no digit is favoured by the modulo). */
export function newSignInCode(): string {
  const digits: number[] = [];
  while (digits.length < 6) {
    for (const byte of crypto.getRandomValues(new Uint8Array(8))) if (byte < 250 && digits.length < 6) digits.push(byte % 10);
  }
  return digits.join("");
}

/** What a code proves: a sign-in, or that a member holds the new address they asked for. */
export type CodePurpose = "sign-in" | "change-email";

/** The text every code's stored hash is made of: bound to its purpose and address, so a code is good for that only. */
export function codeHashInput(purpose: CodePurpose, email: string, code: string): string {
  return `${purpose}:${email}:${code}`;
}

/** The sign-in e-mail: the code, and the one-click link that signs in the same way. */
export function signInMessage(to: string, code: string, link: string, siteName: string): MailMessage {
  const minutes = SIGN_IN_CODE_SECONDS / 60;
  return {
    to,
    subject: `${code} is your ${siteName} sign-in code`,
    text: [
      `Your ${siteName} sign-in code is ${code}.`,
      "",
      `Or open this link to sign in: ${link}`,
      "",
      `The code and the link work once, for ${minutes} minutes. If you did not ask to sign in, ignore this e-mail: nobody can sign in without the code.`,
    ].join("\n"),
    html: [
      `<p>Your ${escapeHtml(siteName)} sign-in code is <strong style="font-size:1.4em;letter-spacing:0.15em">${escapeHtml(code)}</strong>.</p>`,
      `<p><a href="${escapeHtml(link)}">Sign in to ${escapeHtml(siteName)}</a></p>`,
      `<p>The code and the link work once, for ${minutes} minutes. If you did not ask to sign in, ignore this e-mail: nobody can sign in without the code.</p>`,
    ].join("\n"),
  };
}

/** A display name: plain text on one line (control characters go), at most 60 characters. */
export const displayNameSchema = z
  .string("Please enter a display name")
  .transform((name) => oneLine(name).replace(/\s+/g, " "))
  .pipe(z.string().min(2, "A display name needs at least 2 characters").max(60, "A display name has at most 60 characters"));

/** The e-mail that confirms a member's new address: the code alone (the change happens on the signed-in account). */
export function emailChangeMessage(to: string, code: string, siteName: string): MailMessage {
  const minutes = SIGN_IN_CODE_SECONDS / 60;
  return {
    to,
    subject: `${code} confirms your new ${siteName} address`,
    text: `Enter ${code} on your ${siteName} account page to use this address from now on. The code works once, for ${minutes} minutes. If you did not ask for this, ignore this e-mail: nothing changes without the code.`,
    html: `<p>Enter <strong style="font-size:1.4em;letter-spacing:0.15em">${escapeHtml(code)}</strong> on your ${escapeHtml(siteName)} account page to use this address from now on.</p>\n<p>The code works once, for ${minutes} minutes. If you did not ask for this, ignore this e-mail: nothing changes without the code.</p>`,
  };
}
