import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass, Card, inputClass, PageHeader } from "~/components/admin/ui";
import { BusinessIdParam } from "~/lib/admin/admin-query";
import { STAFF_ROLE_LABELS, STAFF_ROLES, StaffInviteBody, TEAM_REFUSALS } from "~/lib/admin/staff";
import { NO_STORE } from "~/lib/web/cache-policy";
import { firstIssue, methodNotAllowed } from "~/lib/web/http.server";
import { readFormUpTo, SMALL_BODY_MAX_BYTES } from "~/lib/web/request-body";
import { requireAdminPage } from "~/models/auth.server";
import { inviteStaff, listTeam, removeStaff } from "~/models/staff.server";
import { setTotpRequirement, totpRequiredOfAllStaff } from "~/models/staff-totp.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireAdminPage(request, env);
  const [team, totpRequired] = await Promise.all([listTeam(env.DB), totpRequiredOfAllStaff(env.DB)]);
  return data({ ...team, totpRequired, me: user.id }, { headers: NO_STORE });
}

type TeamAnswer = { ok: boolean; message: string };

/**
 * The team page's plain forms (they work without the script): invite (email, role), remove
 * (id) and the second-factor rule (requireTotp). The same model calls as /api/admin/team.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "HEAD", "POST"]);
  const env = context.cloudflare.env;
  const user = await requireAdminPage(request, env);
  const answer = (status: number, body: TeamAnswer) => data(body, { status, headers: NO_STORE });
  const form = await readFormUpTo(request, SMALL_BODY_MAX_BYTES);
  if (!form) return answer(413, { ok: false, message: "Form çok büyük." });
  const field = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : "");
  switch (field("intent")) {
    case "invite": {
      const parsed = StaffInviteBody.safeParse({ email: field("email"), role: field("role") });
      if (!parsed.success) return answer(400, { ok: false, message: firstIssue(parsed.error) });
      const outcome = await inviteStaff(env, request, user, parsed.data);
      if (outcome.kind === "already-staff") return answer(409, { ok: false, message: "Bu adres zaten ekipte." });
      return answer(201, { ok: true, message: `${outcome.invite.email} adresine davet gönderildi (48 saat geçerli).` });
    }
    case "remove": {
      const id = BusinessIdParam.safeParse(field("id"));
      if (!id.success) return answer(404, { ok: false, message: TEAM_REFUSALS["not-found"].message });
      const outcome = await removeStaff(env, request, user, id.data);
      if (outcome.kind !== "removed") return answer(TEAM_REFUSALS[outcome.kind].status, { ok: false, message: TEAM_REFUSALS[outcome.kind].message });
      return answer(200, { ok: true, message: `${outcome.name} ekipten çıkarıldı; oturumları kapandı.` });
    }
    case "policy": {
      const required = field("requireTotp") === "on";
      if (!(await setTotpRequirement(env, request, user, required))) {
        return answer(409, { ok: false, message: "Önce Hesabım sayfasında kendi iki adımlı doğrulamanızı açın." });
      }
      return answer(200, { ok: true, message: required ? "İki adımlı doğrulama artık tüm ekip için zorunlu." : "İki adımlı doğrulama artık isteğe bağlı." });
    }
    default:
      return answer(400, { ok: false, message: "Geçersiz istek." });
  }
}

const dateFormat = new Intl.DateTimeFormat("tr-TR", { dateStyle: "medium", timeZone: "UTC" });
const day = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : "—");

/** "Ekip": who works in the back office, their roles, the invitations still open, and the second-factor rule. */
export default function AdminTeamPage() {
  const { staff, invites, totpRequired, me } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title="Ekip" subtitle="Yöneticiler ve moderatörler: davet edin, rollerini görün, ekipten çıkarın" />
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={`mb-4 rounded-lg p-3 text-sm ${answer.ok ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300" : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300"}`}>
          {answer.message}
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-3">
        <Card title="Ekip üyeleri" className="xl:col-span-2">
          <ul className="divide-y divide-slate-100 dark:divide-slate-700" data-testid="team-members">
            {staff.map((person) => (
              <li key={person.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1 basis-56">
                  <p className="truncate font-medium" title={person.name}>{person.name}{person.id === me ? <span className="ml-2 text-xs text-slate-500">(siz)</span> : null}</p>
                  <p className="truncate text-sm text-slate-500 dark:text-slate-400" title={person.email}>{person.email}</p>
                </div>
                <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold dark:bg-slate-700">{STAFF_ROLE_LABELS[person.role]}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">{person.totpEnabled ? "2 adımlı ✓" : "2 adımlı yok"}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">Son görülme: {day(person.lastSeenAt)}</span>
                {person.id === me ? null : (
                  <Form method="post" onSubmit={(event) => { if (!confirm(`${person.name} ekipten çıkarılsın mı? Oturumları hemen kapanır.`)) event.preventDefault(); }}>
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={person.id} />
                    <button type="submit" className={buttonClass.danger} disabled={busy} aria-label={`${person.name} ekipten çıkar`}>Çıkar</button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {invites.length > 0 ? (
            <>
              <h3 className="mt-6 mb-2 text-sm font-semibold">Bekleyen davetler</h3>
              <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-700" data-testid="team-invites">
                {invites.map((invite) => (
                  <li key={invite.id} className="flex flex-wrap gap-3 py-2">
                    <span className="min-w-0 flex-1 truncate" title={invite.email}>{invite.email}</span>
                    <span>{STAFF_ROLE_LABELS[invite.role]}</span>
                    <span className="text-slate-500 dark:text-slate-400">son gün {day(invite.expiresAt)}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Card>
        <div className="space-y-6">
          <Card title="Davet et">
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="invite" />
              <label className="block text-sm">
                <span className="mb-1 block font-medium">E-posta</span>
                <input type="email" name="email" required maxLength={254} autoComplete="off" className={inputClass} />
              </label>
              <label className="block text-sm">
                <span className="mb-1 block font-medium">Rol</span>
                <select name="role" defaultValue="moderator" className={inputClass}>
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>{STAFF_ROLE_LABELS[role]}</option>
                  ))}
                </select>
              </label>
              <p className="text-xs text-slate-500 dark:text-slate-400">Davetli, 48 saat geçerli tek kullanımlık bir bağlantı alır.</p>
              <button type="submit" className={buttonClass.primary} disabled={busy}>Davet gönder</button>
            </Form>
          </Card>
          <Card title="İki adımlı doğrulama">
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="policy" />
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="requireTotp" defaultChecked={totpRequired} className="mt-1" />
                <span>Tüm ekip için zorunlu: kurmamış olanlar yalnızca Hesabım sayfasını açabilir.</span>
              </label>
              <button type="submit" className={buttonClass.secondary} disabled={busy}>Kaydet</button>
            </Form>
          </Card>
        </div>
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
