/** The claim and owner-message forms' rules and messages, shared by the pages and the API. Pure. */
import { oneLine } from "~/lib/email/mail-message";
import { z } from "~/lib/web/zod";
import { plainText } from "./listing-fields";

export const OWNER_MESSAGE_MAX = 2000;

const optionalLine = (max: number, label: string) =>
  z.preprocess((value) => value ?? "", z.string().transform(oneLine).pipe(z.string().max(max, `${label} must be at most ${max} characters`))).transform((text) => text || null);

export const claimSchema = z.object({
  position: z.preprocess((value) => value ?? "", z.string().transform(oneLine).pipe(z.string().min(2, "Say what your position is (owner, manager…)").max(100, "Position must be at most 100 characters"))),
  phone: optionalLine(40, "Phone"),
  message: z.preprocess((value) => value ?? "", z.string().transform(plainText).pipe(z.string().max(1000, "Message must be at most 1000 characters"))).transform((text) => text || null),
});

export const ownerMessageSchema = z.object({
  subject: z.preprocess((value) => value ?? "", z.string().transform(oneLine).pipe(z.string().min(3, "Subject must be at least 3 characters").max(150, "Subject must be at most 150 characters"))),
  text: z.preprocess((value) => value ?? "", z.string().transform(plainText).pipe(z.string().min(10, "Message must be at least 10 characters").max(OWNER_MESSAGE_MAX, `Message must be at most ${OWNER_MESSAGE_MAX} characters`))),
});

/** The first message of each field, as the forms show them under the field. */
export function fieldErrors(error: { issues: { path: PropertyKey[]; message: string }[] }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
