import type { ContactInput } from "~/lib/contact-form";

/** Visitor messages from /contact, kept for the team to answer. */
export async function saveContactMessage(db: D1Database, message: ContactInput): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO contact_messages (name, email, company, phone, subject, message)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id`,
    )
    .bind(message.name, message.email, message.company || null, message.phone || null, message.subject, message.message)
    .first<{ id: number }>();
  return Number(row?.id);
}

/** Messages per visitor address per hour: generous for people, a wall for scripts. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 60 * 60 };
