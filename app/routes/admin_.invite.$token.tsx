import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LoginScreen } from "~/components/admin/login-forms";
import { buttonClass, inputClass } from "~/components/admin/ui";
import { ACCEPT_REFUSALS, DISPLAY_NAME_MAX, STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLE_LABELS, StaffInviteAcceptBody } from "~/lib/admin/staff";
import { adminMeta } from "~/lib/directory/seo";
import { NO_STORE } from "~/lib/web/cache-policy";
import { firstIssue, methodNotAllowed } from "~/lib/web/http.server";
import { readFormUpTo, SMALL_BODY_MAX_BYTES } from "~/lib/web/request-body";
import { acceptStaffInvite, pendingInvite } from "~/models/staff.server";

export const meta: MetaFunction = () => adminMeta("Ekibe katılın");

/** An invitation's link: who it is for, or a 410 page when it is used, expired or unknown. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const invite = await pendingInvite(context.cloudflare.env.DB, String(params.token ?? "").slice(0, 100));
  return data({ invite }, { status: invite ? 200 : 410, headers: NO_STORE });
}

/** The same call as POST /api/admin/team/accept, from the page's plain form. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "HEAD", "POST"]);
  const env = context.cloudflare.env;
  const answer = (status: number, body: { ok: boolean; message: string }) => data(body, { status, headers: NO_STORE });
  const form = await readFormUpTo(request, SMALL_BODY_MAX_BYTES);
  if (!form) return answer(413, { ok: false, message: "Form çok büyük." });
  const field = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  if (field("password") !== field("passwordAgain")) return answer(400, { ok: false, message: "Şifreler aynı değil." });
  const parsed = StaffInviteAcceptBody.safeParse({ token: params.token, displayName: field("displayName"), password: field("password") });
  if (!parsed.success) return answer(400, { ok: false, message: firstIssue(parsed.error) });
  const outcome = await acceptStaffInvite(env, request, parsed.data);
  if (outcome.kind === "joined") return answer(200, { ok: true, message: "Hesabınız hazır: e-posta adresiniz ve şifrenizle giriş yapın." });
  if (outcome.kind === "weak-password") return answer(400, { ok: false, message: outcome.message });
  return answer(ACCEPT_REFUSALS[outcome.kind].status, { ok: false, message: ACCEPT_REFUSALS[outcome.kind].message });
}

export default function StaffInvitePage() {
  const { invite } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (answer?.ok) {
    return (
      <LoginScreen title="Ekibe hoş geldiniz" subtitle={answer.message}>
        <Link to="/admin/login" className={`${buttonClass.primary} w-full`}>Giriş yap</Link>
      </LoginScreen>
    );
  }
  if (!invite) {
    return (
      <LoginScreen title="Davet geçersiz" subtitle={ACCEPT_REFUSALS["invalid-link"].message}>
        <Link to="/admin/login" className={`${buttonClass.secondary} w-full`}>Giriş sayfası</Link>
      </LoginScreen>
    );
  }
  return (
    <LoginScreen title="Ekibe katılın" subtitle={`${invite.email} · ${STAFF_ROLE_LABELS[invite.role]}`}>
      <Form method="post" className="space-y-4">
        {answer ? <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">{answer.message}</p> : null}
        <label className="block text-sm font-medium text-slate-700">
          <span className="mb-1 block">Görünen ad</span>
          <input name="displayName" required maxLength={DISPLAY_NAME_MAX} autoComplete="name" className={inputClass} />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          <span className="mb-1 block">Şifre</span>
          <input name="password" type="password" required minLength={STAFF_PASSWORD_MIN_LENGTH} autoComplete="new-password" aria-describedby="invite-password-hint" className={inputClass} />
        </label>
        <p id="invite-password-hint" className="-mt-3 text-xs text-slate-500">En az {STAFF_PASSWORD_MIN_LENGTH} karakter; yaygın şifreler kabul edilmez.</p>
        <label className="block text-sm font-medium text-slate-700">
          <span className="mb-1 block">Şifre (tekrar)</span>
          <input name="passwordAgain" type="password" required autoComplete="new-password" className={inputClass} />
        </label>
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>{busy ? "Kaydediliyor..." : "Hesabımı aç"}</button>
      </Form>
    </LoginScreen>
  );
}
