/** Sanctions of members (issue 51): their levels, limits, labels and the admin's and member's forms. Pure. */
import { plainText } from "~/lib/listings/listing-fields";
import { z } from "~/lib/web/zod";
import type { AppealOutcome } from "~/models/member-sanction.server";

export const SANCTION_LEVELS = ["warning", "suspension", "termination"] as const;
export type SanctionLevel = (typeof SANCTION_LEVELS)[number];

export const SANCTION_REASON_MAX = 1000;
export const SUSPENSION_DAYS_MAX = 365;
/** A sanction may be appealed once, this many days from when it was given. */
export const APPEAL_DAYS = 20;
export const APPEAL_TEXT_MAX = 2000;
/** Members per page of the admin's list ("Üyeler"). */
export const MEMBERS_PAGE_SIZE = 20;

/** A member's standing as the admin's list shows and filters it: terminated, under a live suspension, or neither. */
export const MEMBER_STANDINGS = ["active", "suspended", "terminated"] as const;
export type MemberStanding = (typeof MEMBER_STANDINGS)[number];

/** The admin's labels (Turkish, as the rest of the admin). */
export const SANCTION_LEVEL_LABELS: Record<SanctionLevel, string> = { warning: "Uyarı", suspension: "Askıya alma", termination: "Üyelik sonlandırma" };
export const MEMBER_STANDING_LABELS: Record<MemberStanding, string> = { active: "Aktif", suspended: "Askıda", terminated: "Sonlandırıldı" };

/** The member's words for a level ("your account's suspension"). */
export const SANCTION_LEVEL_WORDS: Record<SanctionLevel, string> = { warning: "warning", suspension: "suspension", termination: "closure" };

const reasonText = z.preprocess(
  (value) => value ?? "",
  z
    .string("reason must be text")
    .transform(plainText)
    .pipe(z.string().min(1, "reason is required").max(SANCTION_REASON_MAX, `reason must be at most ${SANCTION_REASON_MAX} characters`)),
);

/** POST /api/admin/members/{id}/sanctions: the level, a suspension's days (1–365), the reason the member reads. */
export const sanctionSchema = z
  .object({
    level: z.enum(SANCTION_LEVELS, 'level must be "warning", "suspension" or "termination"'),
    days: z.preprocess(
      (value) => (value === "" || value === null ? undefined : typeof value === "string" && /^\d{1,4}$/.test(value) ? Number(value) : value),
      z
        .number("days must be a whole number from 1 to 365")
        .int("days must be a whole number from 1 to 365")
        .min(1, "days must be a whole number from 1 to 365")
        .max(SUSPENSION_DAYS_MAX, "days must be a whole number from 1 to 365")
        .optional(),
    ),
    reason: reasonText,
  })
  .superRefine((body, context) => {
    if (body.level === "suspension" && body.days === undefined) context.addIssue({ code: "custom", path: ["days"], message: "days is required for a suspension (1 to 365)" });
    if (body.level !== "suspension" && body.days !== undefined) context.addIssue({ code: "custom", path: ["days"], message: "days is only for a suspension" });
  });
export type SanctionInput = z.output<typeof sanctionSchema>;

/** POST /api/account/appeals: the sanction and the member's text. */
export const appealSchema = z.object({
  sanctionId: z.preprocess((value) => (typeof value === "string" && /^[1-9][0-9]{0,14}$/.test(value) ? Number(value) : value), z.number("sanctionId must be a sanction's id").int("sanctionId must be a sanction's id").positive("sanctionId must be a sanction's id")),
  text: z.preprocess(
    (value) => value ?? "",
    z
      .string("text must be text")
      .transform(plainText)
      .pipe(z.string().min(1, "text is required").max(APPEAL_TEXT_MAX, `text must be at most ${APPEAL_TEXT_MAX} characters`)),
  ),
  /** The signed link of a termination e-mail (a terminated member cannot sign in). */
  token: z.string().max(200).optional(),
});

/** A sanction's id as text (a link's or a form's): decimal digits only. */
export const SanctionIdText = z.string().regex(/^[1-9][0-9]{0,14}$/).transform(Number);

/** The admin list's query (?q=&status=&page=), or what is wrong with it. */
const MembersQuerySchema = z.object({
  q: z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().max(200, "q must be at most 200 characters")),
  status: z.preprocess((value) => value || null, z.enum(MEMBER_STANDINGS, "status must be active, suspended or terminated").nullable()),
  page: z.preprocess((value) => value || "1", z.string().regex(/^[1-9][0-9]{0,5}$/, "page must be a positive number").transform(Number)),
});
export type MembersQuery = z.output<typeof MembersQuerySchema>;

export function parseMembersQuery(params: URLSearchParams): { ok: true; query: MembersQuery } | { ok: false; message: string } {
  const parsed = MembersQuerySchema.safeParse(Object.fromEntries(["q", "status", "page"].map((key) => [key, params.get(key)])));
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false, message: parsed.error.issues[0]!.message };
}

/** When the appeal window of a sanction given at `createdAt` closes (unix seconds). */
export function appealClosesAt(createdAt: number): number {
  return createdAt + APPEAL_DAYS * 86_400;
}

/** "2027-03-14" of unix seconds (UTC). */
export function dayOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** An appeal's outcome as the API answers it (the appeal page words it the same way). */
export function appealAnswer(outcome: AppealOutcome): { status: number; body: Record<string, unknown> } {
  switch (outcome.kind) {
    case "appealed":
      return { status: 201, body: { success: true, appeal: outcome.appeal } };
    case "not-found":
      return { status: 404, body: { success: false, message: "Sanction not found" } };
    case "already-appealed":
      return { status: 409, body: { success: false, message: "You have already appealed this sanction: a sanction may be appealed once" } };
    case "lifted":
      return { status: 409, body: { success: false, message: "This sanction has been lifted: there is nothing to appeal" } };
    case "too-late":
      return { status: 400, body: { success: false, message: `A sanction may be appealed within ${APPEAL_DAYS} days: this one could be until ${outcome.closedAt.slice(0, 10)}`, closedAt: outcome.closedAt } };
  }
}
