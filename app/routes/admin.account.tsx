import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass, Card, inputClass, PageHeader } from "~/components/admin/ui";
import { STAFF_ROLE_LABELS } from "~/lib/admin/staff";
import { NO_STORE } from "~/lib/web/cache-policy";
import { methodNotAllowed } from "~/lib/web/http.server";
import { readFormUpTo, SMALL_BODY_MAX_BYTES } from "~/lib/web/request-body";
import { adminSessionId, requireStaffPage } from "~/models/auth.server";
import { endOwnSession, listOwnSessions } from "~/models/staff.server";
import { confirmTotpSetup, disableTotp, startTotpSetup } from "~/models/staff-totp.server";

/** Any staff member's own page, open even to one who must still set up the required second factor. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireStaffPage(request, env, "account");
  const sessions = await listOwnSessions(env.DB, user, await adminSessionId(request, env));
  return data({ me: user, sessions }, { headers: NO_STORE });
}

type AccountAnswer =
  | { ok: boolean; message: string; setup?: undefined; recoveryCodes?: undefined }
  | { ok: true; message: string; setup: { secret: string; uri: string }; recoveryCodes?: undefined }
  | { ok: true; message: string; recoveryCodes: string[]; setup?: undefined };

/** Ending one's own session, and setting up or turning off the authenticator (plain forms). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["GET", "HEAD", "POST"]);
  const env = context.cloudflare.env;
  const user = await requireStaffPage(request, env, "account");
  const answer = (status: number, body: AccountAnswer) => data(body, { status, headers: NO_STORE });
  const form = await readFormUpTo(request, SMALL_BODY_MAX_BYTES);
  if (!form) return answer(413, { ok: false, message: "Form çok büyük." });
  const field = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string).slice(0, 200) : "");
  switch (field("intent")) {
    case "end-session":
      return (await endOwnSession(env, request, user, field("id")))
        ? answer(200, { ok: true, message: "Oturum sonlandırıldı." })
        : answer(404, { ok: false, message: "Bu oturum bulunamadı." });
    case "totp-start": {
      const setup = await startTotpSetup(env.DB, user);
      if (!setup) return answer(409, { ok: false, message: "İki adımlı doğrulama zaten açık." });
      return answer(200, { ok: true, message: "Anahtarı doğrulama uygulamanıza ekleyin, sonra gösterdiği kodu yazın.", setup });
    }
    case "totp-confirm": {
      const codes = await confirmTotpSetup(env, request, user, field("code"));
      if (!codes) return answer(400, { ok: false, message: "Kod doğru değil. Uygulamadaki güncel kodu yazın ya da kurulumu baştan başlatın." });
      return answer(200, { ok: true, message: "İki adımlı doğrulama açıldı.", recoveryCodes: codes });
    }
    case "totp-disable":
      return (await disableTotp(env, request, user, field("code")))
        ? answer(200, { ok: true, message: "İki adımlı doğrulama kapatıldı." })
        : answer(400, { ok: false, message: "Kod doğru değil." });
    default:
      return answer(400, { ok: false, message: "Geçersiz istek." });
  }
}

const timeFormat = new Intl.DateTimeFormat("tr-TR", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "Hesabım": who I am, my sessions (ending any of them), and my second factor. */
export default function AdminAccountPage() {
  const { me, sessions } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title="Hesabım" subtitle={`${me.name} · ${me.username} · ${STAFF_ROLE_LABELS[me.role]}`} />
      {me.mustSetUpTotp ? (
        <p role="alert" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          Yöneticiler iki adımlı doğrulamayı zorunlu kıldı: kurana kadar diğer sayfalar kapalı.
        </p>
      ) : null}
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={`mb-4 rounded-lg p-3 text-sm ${answer.ok ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300" : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300"}`}>
          {answer.message}
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <Card title="İki adımlı doğrulama">
          {answer?.recoveryCodes ? (
            <div data-testid="recovery-codes">
              <p className="mb-2 text-sm">Kurtarma kodlarınız: her biri bir kez kullanılır ve yalnızca şimdi gösterilir. Güvenli bir yere kaydedin.</p>
              <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
                {answer.recoveryCodes.map((code) => <li key={code}>{code}</li>)}
              </ul>
            </div>
          ) : answer?.setup ? (
            <div className="space-y-3 text-sm">
              <p>Doğrulama uygulamanıza bu anahtarı ekleyin (ya da telefondaysanız <a className="text-blue-700 underline dark:text-blue-400" href={answer.setup.uri}>bağlantıyı açın</a>):</p>
              <p className="font-mono text-base break-all" data-testid="totp-secret">{answer.setup.secret.match(/.{1,4}/g)?.join(" ")}</p>
              <TotpCodeForm intent="totp-confirm" label="Uygulamanın gösterdiği kod" button="Doğrula ve aç" busy={busy} />
            </div>
          ) : me.totpEnabled ? (
            <div className="space-y-3 text-sm">
              <p>Açık: girişte şifrenizden sonra doğrulama uygulamanızın kodu sorulur.</p>
              <TotpCodeForm intent="totp-disable" label="Kapatmak için güncel kod ya da bir kurtarma kodu" button="Kapat" busy={busy} danger />
            </div>
          ) : (
            <Form method="post" className="space-y-3 text-sm">
              <p>Girişte şifrenize ek olarak doğrulama uygulamanızın (RFC 6238) 6 haneli kodu sorulur.</p>
              <input type="hidden" name="intent" value="totp-start" />
              <button type="submit" className={buttonClass.primary} disabled={busy}>Kurulumu başlat</button>
            </Form>
          )}
        </Card>
        <Card title="Oturumlarım">
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-700" data-testid="own-sessions">
            {sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1 basis-56">
                  <p className="truncate font-medium" title={session.userAgent ?? ""}>{session.userAgent ?? "Bilinmeyen tarayıcı"}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {session.address ?? "—"} · açıldı {timeFormat.format(new Date(session.createdAt))} UTC · son {timeFormat.format(new Date(session.lastSeenAt))} UTC
                  </p>
                </div>
                {session.current ? (
                  <span className="text-xs font-semibold text-emerald-700 dark:text-emerald-400">Bu oturum</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="end-session" />
                    <input type="hidden" name="id" value={session.id} />
                    <button type="submit" className={buttonClass.secondary} disabled={busy}>Sonlandır</button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}

function TotpCodeForm({ intent, label, button, busy, danger }: { intent: string; label: string; button: string; busy: boolean; danger?: boolean }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <label className="min-w-0 flex-1 basis-48">
        <span className="mb-1 block font-medium">{label}</span>
        <input name="code" required autoComplete="one-time-code" maxLength={20} className={inputClass} />
      </label>
      <button type="submit" className={danger ? buttonClass.danger : buttonClass.primary} disabled={busy}>{button}</button>
    </Form>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
