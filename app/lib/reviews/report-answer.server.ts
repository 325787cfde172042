/** What the two report routes share: reading the body, and the answer to each outcome. */
import { fieldErrors } from "~/lib/listings/member-forms";
import { suspendedAnswer } from "~/lib/members/suspension";
import { NO_STORE } from "~/lib/web/cache-policy";
import { readJsonObject } from "~/lib/web/http.server";
import type { ReportOutcome } from "~/models/report.server";
import { reportSchema, type ReportInput } from "./reply-report-fields";

export async function readReport(request: Request): Promise<{ ok: true; report: ReportInput } | { ok: false; answer: Response }> {
  const read = await readJsonObject(request);
  if (!read.ok) return { ok: false, answer: Response.json({ success: false, errors: { report: read.message } }, { status: 400, headers: NO_STORE }) };
  const parsed = reportSchema.safeParse(read.body);
  if (!parsed.success) return { ok: false, answer: Response.json({ success: false, errors: fieldErrors(parsed.error) }, { status: 400, headers: NO_STORE }) };
  return { ok: true, report: parsed.data };
}

export function reportAnswer(outcome: ReportOutcome, notFound: string): Response {
  switch (outcome.kind) {
    case "not-found":
      return Response.json({ success: false, message: notFound }, { status: 404, headers: NO_STORE });
    case "suspended":
      return suspendedAnswer(outcome.endsAt);
    case "conflict":
      return Response.json({ success: false, message: "You have already reported this" }, { status: 409, headers: NO_STORE });
    case "reported":
      return Response.json({ success: true }, { status: 201, headers: NO_STORE });
  }
}
