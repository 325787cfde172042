import { asc, eq } from "drizzle-orm";
import { database } from "~/db/client.server";
import { reasonTemplates } from "~/db/schema";
import { recordAuditEvent, type AuditActor } from "./audit-log.server";

/** A reason a moderator picks from to reject (editable before sending): what the member reads. */
export interface ReasonTemplate {
  id: number;
  text: string;
}

/** The templates in the order administrators gave them. */
export async function listReasonTemplates(d1: D1Database): Promise<ReasonTemplate[]> {
  return database(d1).select({ id: reasonTemplates.id, text: reasonTemplates.text }).from(reasonTemplates).orderBy(asc(reasonTemplates.position), asc(reasonTemplates.id));
}

/** One template's text, for a form sent without the script (it names the template, not its text). */
export async function reasonTemplateText(d1: D1Database, id: number): Promise<string | null> {
  const row = await database(d1).select({ text: reasonTemplates.text }).from(reasonTemplates).where(eq(reasonTemplates.id, id)).get();
  return row?.text ?? null;
}

/** Replaces the whole list with `texts`, in order, in one batch (an administrator's save); logged. */
export async function saveReasonTemplates(d1: D1Database, by: AuditActor, texts: readonly string[]): Promise<ReasonTemplate[]> {
  const db = database(d1);
  const cleared = db.delete(reasonTemplates);
  if (texts.length) await db.batch([cleared, db.insert(reasonTemplates).values(texts.map((text, index) => ({ text, position: index + 1 })))]);
  else await cleared;
  await recordAuditEvent(d1, "moderation.reasons-saved", by, { detail: `${texts.length} şablon` });
  return listReasonTemplates(d1);
}
