import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MemberRecordView, type MemberActionAnswer } from "~/components/admin/member-admin";
import { PageHeader } from "~/components/admin/ui";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { SANCTION_REASON_MAX, sanctionSchema, SUSPENSION_DAYS_MAX } from "~/lib/members/sanctions";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed } from "~/lib/web/http.server";
import { readFormUpTo, SMALL_BODY_MAX_BYTES } from "~/lib/web/request-body";
import { memberRecord } from "~/models/admin-members.server";
import { maySanction } from "~/lib/admin/staff";
import { requireStaffPage } from "~/models/auth.server";
import { liftSanction, sanctionMember } from "~/models/member-sanction.server";

/** One member: their listings, claims, reviews, reports made and received, sanctions, and the forms to sanction or lift. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireStaffPage(request, env);
  const id = BusinessIdParam.safeParse(params.id);
  const record = id.success ? await memberRecord(env.DB, id.data) : null;
  if (!record) throw new Response("Üye bulunamadı", { status: 404, headers: NO_STORE });
  return data({ record, mayTerminate: maySanction(user.role, "termination") }, { headers: NO_STORE });
}

const MESSAGES = {
  warning: "Üye uyarıldı; e-postayla bildirildi.",
  suspension: (days: number) => `Üye ${days} gün askıya alındı; e-postayla bildirildi.`,
  termination: "Üyelik sonlandırıldı; e-postayla bildirildi.",
  lifted: "Yaptırım kaldırıldı; üyeye e-postayla bildirildi.",
  reasonRequired: "Bir gerekçe yazın (üyeye gönderilir).",
  reasonTooLong: `Gerekçe en fazla ${SANCTION_REASON_MAX} karakter olabilir.`,
  days: `Gün sayısı 1 ile ${SUSPENSION_DAYS_MAX} arasında bir tam sayı olmalı.`,
  confirm: "Sonlandırmayı onaylamak için kutuyu işaretleyin.",
  terminated: "Bu üyelik sonlandırılmış: önce sonlandırmayı kaldırın.",
  notFound: "Bu kayıt bulunamadı.",
  alreadyLifted: "Bu yaptırım zaten kaldırılmış.",
  ended: "Bu askının süresi zaten dolmuş.",
  forbidden: "Üyelik sonlandırmayı yalnızca bir yönetici yapabilir ya da kaldırabilir.",
  tooLarge: "Form çok büyük.",
  invalid: "Geçersiz istek.",
} as const;

/**
 * A sanction (intent "sanction": level, days for a suspension, reason; a termination also its
 * confirmation box) or a lift (intent "lift": sanctionId), posted by the page's plain forms.
 * Answers the outcome with the status the API gives it; the record loads again.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "HEAD", "POST"]);
  const env = context.cloudflare.env;
  const user = await requireStaffPage(request, env);
  const answer = (status: number, body: MemberActionAnswer) => data(body, { status, headers: NO_STORE });
  const memberId = BusinessIdParam.safeParse(params.id);
  if (!memberId.success) return answer(404, { ok: false, message: MESSAGES.notFound, form: null });
  const form = await readFormUpTo(request, SMALL_BODY_MAX_BYTES);
  if (!form) return answer(413, { ok: false, message: MESSAGES.tooLarge, form: null });
  const field = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  if (field("intent") === "lift") {
    const sanctionId = BusinessIdParam.safeParse(field("sanctionId"));
    if (!sanctionId.success) return answer(404, { ok: false, message: MESSAGES.notFound, form: "lift" });
    const outcome = await liftSanction(env, request, user, memberId.data, sanctionId.data);
    if (outcome.kind === "lifted") return answer(200, { ok: true, message: MESSAGES.lifted, form: "lift" });
    const refused = { "not-found": [404, MESSAGES.notFound], "already-lifted": [409, MESSAGES.alreadyLifted], ended: [409, MESSAGES.ended], forbidden: [403, MESSAGES.forbidden] } as const;
    const [status, message] = refused[outcome.kind];
    return answer(status, { ok: false, message, form: "lift" });
  }
  if (field("intent") !== "sanction") return answer(400, { ok: false, message: MESSAGES.invalid, form: null });
  const level = field("level");
  const parsed = sanctionSchema.safeParse({ level, reason: field("reason"), days: level === "suspension" ? field("days") : undefined });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const message = issue.path[0] === "days" ? MESSAGES.days : issue.path[0] === "reason" ? (issue.message === "reason is required" ? MESSAGES.reasonRequired : MESSAGES.reasonTooLong) : MESSAGES.invalid;
    return answer(400, { ok: false, message, form: level || null });
  }
  if (parsed.data.level === "termination" && field("confirm") !== "yes") return answer(400, { ok: false, message: MESSAGES.confirm, form: "termination" });
  const outcome = await sanctionMember(env, request, user, memberId.data, parsed.data);
  if (outcome.kind === "not-found") return answer(404, { ok: false, message: MESSAGES.notFound, form: level });
  if (outcome.kind === "terminated") return answer(409, { ok: false, message: MESSAGES.terminated, form: level });
  if (outcome.kind === "forbidden") return answer(403, { ok: false, message: MESSAGES.forbidden, form: level });
  const message = parsed.data.level === "suspension" ? MESSAGES.suspension(parsed.data.days!) : MESSAGES[parsed.data.level];
  return answer(200, { ok: true, message, form: level });
}

export default function AdminMemberPage() {
  const { record, mayTerminate } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <Link to="/admin/members" className="mb-3 inline-block text-sm text-blue-700 hover:underline dark:text-blue-400">← Üyeler</Link>
      <PageHeader title="Üye" subtitle={record.member.email} />
      <MemberRecordView key={record.member.id} record={record} answer={answer ?? null} mayTerminate={mayTerminate} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
