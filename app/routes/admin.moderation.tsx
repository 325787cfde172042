import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ModerationQueue, type ModerationAnswer } from "~/components/admin/moderation-queue";
import { buttonClass, PageHeader } from "~/components/admin/ui";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { bulkDecisionSchema, decisionSchema, parseModerationQuery, REASON_MAX } from "~/lib/listings/moderation";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed } from "~/lib/web/http.server";
import { readFormUpTo, SMALL_BODY_MAX_BYTES } from "~/lib/web/request-body";
import { requireStaffPage } from "~/models/auth.server";
import { decideModerationItem, decideModerationItems, listModerationItems, type BulkDecisionOutcome, type DecisionSkip } from "~/models/moderation.server";
import { listReasonTemplates, reasonTemplateText } from "~/models/reason-template.server";

/** The queue as the address asks (?kind=&status=&order=&page=); a query it cannot read is a 400 that says why. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireStaffPage(request, env);
  const parsed = parseModerationQuery(new URL(request.url).searchParams);
  const me = { id: user.id, role: user.role };
  if (!parsed.ok) return data({ queue: null, query: null, queryError: parsed.message, templates: [], me }, { status: 400, headers: NO_STORE });
  const [queue, templates] = await Promise.all([listModerationItems(env.DB, parsed.query), listReasonTemplates(env.DB)]);
  return data({ queue, query: parsed.query, queryError: null, templates, me }, { headers: NO_STORE });
}

// No clientLoader: the queue is read from the server on every arrival, so an item another
// administrator decided meanwhile does not show as pending.

const DECISION_MESSAGES = {
  approve: "Onaylandı",
  reject: "Reddedildi",
  reasonRequired: "Reddetmek için bir gerekçe yazın (A reason is required to reject).",
  notFound: "Bu kayıt bulunamadı.",
  alreadyDecided: "Bu kayıt zaten karara bağlanmış.",
  gone: "Bu kaydın işletmesi artık yok.",
  reasonTooLong: `Gerekçe en fazla ${REASON_MAX} karakter olabilir.`,
  tooLarge: "Form çok büyük.",
  invalid: "Geçersiz istek.",
  noneSelected: "Önce en az bir kayıt seçin.",
  tooMany: "Bir seferde en fazla 100 kayıt karara bağlanabilir.",
} as const;

/** Why a bulk decision left an item, as the answer names it beside its number. */
const SKIP_WORDS: Record<DecisionSkip, string> = {
  "not-found": "bulunamadı",
  "already-decided": "zaten karara bağlanmış",
  held: "başka biri inceliyor",
  gone: "işletmesi artık yok",
};

/** "12 kayıt karara bağlandı; 2 kayıt atlandı (#5 başka biri inceliyor, #7 zaten karara bağlanmış)." */
export function bulkOutcomeMessage(outcome: BulkDecisionOutcome): string {
  const decided = `${outcome.decided.length} kayıt karara bağlandı`;
  if (outcome.skipped.length === 0) return `${decided}.`;
  return `${decided}; ${outcome.skipped.length} kayıt atlandı (${outcome.skipped.map((skip) => `#${skip.id} ${SKIP_WORDS[skip.why]}`).join(", ")}).`;
}

/** The refusal of a decision's reason, in the page's words. */
function reasonRefusal(issue: { message: string; path: PropertyKey[] }): string {
  if (issue.message === "A reason is required to reject") return DECISION_MESSAGES.reasonRequired;
  if (issue.path[0] === "reason") return DECISION_MESSAGES.reasonTooLong;
  if (issue.path[0] === "ids") return issue.message.includes("at most") ? DECISION_MESSAGES.tooMany : DECISION_MESSAGES.noneSelected;
  return DECISION_MESSAGES.invalid;
}

/** A template picked from the list (its id), for a form sent without the script filling the text in. */
async function templateText(d1: D1Database, value: FormDataEntryValue | null): Promise<string | null> {
  if (typeof value !== "string" || !/^[1-9][0-9]{0,8}$/.test(value)) return null;
  return reasonTemplateText(d1, Number(value));
}

/**
 * A decision posted by the item's form (works without the script): intent approve | reject, the
 * item's id and, to reject, a reason (typed, else the picked template). Answers the outcome,
 * with the status the API gives it (400, 404, 409); the list and the menu's badge load again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "HEAD", "POST"]);
  const env = context.cloudflare.env;
  const user = await requireStaffPage(request, env);
  const answer = (status: number, body: ModerationAnswer) => data(body, { status, headers: NO_STORE });
  const form = await readFormUpTo(request, SMALL_BODY_MAX_BYTES);
  if (!form) return answer(413, { id: null, intent: null, ok: false, message: DECISION_MESSAGES.tooLarge, reason: "" });
  const asked = form.get("intent");
  if (asked === "bulk-approve" || asked === "bulk-reject") return bulkAction(env, request, user, form, asked);
  const intent: "approve" | "reject" | null = asked === "approve" || asked === "reject" ? asked : null;
  const id = BusinessIdParam.safeParse(form.get("id") ?? "");
  const typed = typeof form.get("reason") === "string" ? (form.get("reason") as string) : "";
  const base = { id: id.success ? id.data : null, intent, reason: typed };
  if (!intent) return answer(400, { ...base, ok: false, message: DECISION_MESSAGES.invalid });
  if (!id.success) return answer(404, { ...base, ok: false, message: DECISION_MESSAGES.notFound });
  // An approval carries no reason: a text left in the reject box is not sent along with it.
  const reason = intent === "reject" ? (typed.trim() ? typed : ((await templateText(env.DB, form.get("template"))) ?? "")) : "";
  const decision = decisionSchema.safeParse({ decision: intent, reason });
  if (!decision.success) return answer(400, { ...base, ok: false, message: reasonRefusal(decision.error.issues[0]!) });
  const outcome = await decideModerationItem(env, request, user, id.data, { approve: intent === "approve", reason: decision.data.reason });
  switch (outcome.kind) {
    case "not-found":
      return answer(404, { ...base, ok: false, message: DECISION_MESSAGES.notFound });
    case "already-decided":
      return answer(409, { ...base, ok: false, message: DECISION_MESSAGES.alreadyDecided });
    case "held":
      return answer(409, { ...base, ok: false, message: `Bu kaydı şu anda ${outcome.heldBy.displayName} inceliyor.`, heldBy: outcome.heldBy.displayName });
    case "gone":
      return answer(409, { ...base, ok: false, message: DECISION_MESSAGES.gone });
    case "decided":
      return answer(200, { ...base, ok: true, message: `Kayıt #${id.data} ${DECISION_MESSAGES[intent].toLocaleLowerCase("tr-TR")}.`, reason: "" });
  }
}

/**
 * The bulk form (checkboxes tied to it by their form attribute, so it works without the script):
 * repeated `ids`, and to reject one reason (typed, else the picked template) for all of them.
 */
async function bulkAction(env: Env, request: Request, user: { id: number; name: string }, form: FormData, intent: "bulk-approve" | "bulk-reject") {
  const typed = typeof form.get("reason") === "string" ? (form.get("reason") as string) : "";
  const base = { id: null, intent, reason: typed };
  const answer = (status: number, body: ModerationAnswer) => data(body, { status, headers: NO_STORE });
  const ids = form.getAll("ids").flatMap((value) => (typeof value === "string" && /^[1-9][0-9]{0,8}$/.test(value) ? [Number(value)] : []));
  const approve = intent === "bulk-approve";
  const reason = approve ? "" : typed.trim() ? typed : ((await templateText(env.DB, form.get("template"))) ?? "");
  // The same checks as POST /api/admin/moderation/bulk; a box ticked twice counts once.
  const parsed = bulkDecisionSchema.safeParse({ ids: [...new Set(ids)], decision: approve ? "approve" : "reject", reason });
  if (!parsed.success) return answer(400, { ...base, ok: false, message: reasonRefusal(parsed.error.issues[0]!) });
  const outcome = await decideModerationItems(env, request, user, parsed.data.ids, { approve, reason: parsed.data.reason });
  return answer(200, { ...base, ok: outcome.decided.length > 0 || outcome.skipped.length === 0, message: bulkOutcomeMessage(outcome), reason: "" });
}

export default function AdminModerationPage() {
  const { queue, query, queryError, templates, me } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <PageHeader
        title="Moderasyon"
        subtitle="Üyelerin gönderdiği yeni işletmeler, sahiplik talepleri ve değişiklikler"
        actions={me.role === "admin" ? <Link to="/admin/moderation/reasons" className={buttonClass.secondary}>Gerekçe şablonları</Link> : undefined}
      />
      <ModerationQueue queue={queue} query={query} queryError={queryError} answer={answer ?? null} templates={templates} me={me} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
