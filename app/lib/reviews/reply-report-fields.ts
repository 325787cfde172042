/**
 * An owner's reply to a review and a member's report of a review or a listing, as the API reads
 * them (POST/PATCH /api/reviews/{id}/reply, POST /api/reviews/{id}/report, POST
 * /api/businesses/{slug}/report). Member text is plain text. Pure.
 */
import { plainText } from "~/lib/listings/listing-fields";
import { z } from "~/lib/web/zod";
import { REPLY_MAX, REPORT_REASONS } from "./review-fields";

export const REPORT_NOTE_MAX = 1000;
/** The notes a report item keeps for the moderator: the newest. */
export const REPORT_NOTES_KEPT = 10;

export const replySchema = z.object({
  text: z
    .string("Write your reply")
    .transform(plainText)
    .pipe(z.string().min(1, "Write your reply").max(REPLY_MAX, `The reply must be at most ${REPLY_MAX} characters`)),
});

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, `reason must be one of: ${REPORT_REASONS.join(", ")}`),
  note: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.string("The note must be text").transform(plainText).pipe(z.string().max(REPORT_NOTE_MAX, `The note must be at most ${REPORT_NOTE_MAX} characters`)).optional(),
  ).transform((note) => note || null),
});

export type ReportInput = z.output<typeof reportSchema>;
