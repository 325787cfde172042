import { z } from "~/lib/web/zod";

/**
 * A field left out or sent as null counts as empty text: a required one then gets its own
 * message ("Name must be at least 2 characters", not a type error), an optional one is absent.
 */
function field<T extends z.ZodType>(rules: T) {
  return z.preprocess((value) => value ?? "", rules);
}

/** The contact form's rules and messages (spec section 5); the page and POST /api/contact share them. */
export const contactSchema = z.object({
  name: field(z.string().trim().min(2, "Name must be at least 2 characters").max(200, "Name is too long")),
  email: field(z.string().trim().max(254, "Please enter a valid email address").pipe(z.email("Please enter a valid email address"))),
  company: field(z.string().trim().max(200, "Company is too long")),
  phone: field(z.string().trim().max(50, "Phone number is too long")),
  subject: field(z.string().trim().min(5, "Subject must be at least 5 characters").max(200, "Subject is too long")),
  message: field(z.string().trim().min(10, "Message must be at least 10 characters").max(5000, "Message is too long")),
});

export type ContactInput = z.output<typeof contactSchema>;
export type ContactField = keyof ContactInput;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** First message per field, as shown under each field. */
export function contactFieldErrors(error: z.ZodError): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export type ContactValidation = { ok: true; data: ContactInput } | { ok: false; errors: ContactFieldErrors };

export function validateContact(input: unknown): ContactValidation {
  const parsed = contactSchema.safeParse(input);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: contactFieldErrors(parsed.error) };
}

/** Name of the hidden field only bots fill in. */
export const CONTACT_HONEYPOT_FIELD = "website";
