import { useState, type FormEvent, type ReactNode } from "react";
import { useDismissToast, useToast } from "~/components/toast";
import { ApiError, apiRequest, setAdminAuthFlag } from "~/lib/admin/api-client";
import { loginWaitMessage } from "~/lib/admin/login-wait";
import { buttonClass, inputClass } from "./ui";

async function postLogin(username: string, password: string, code: string) {
  await apiRequest("POST", "/api/admin/login", code ? { username, password, code } : { username, password });
  setAdminAuthFlag(true);
}

/**
 * The fields and submission both login variants share. A refused login, and one that never
 * reached the server, are worded by each variant in its own language.
 */
function useLoginForm(onSuccess: () => void, onRefused: (error: ApiError) => void, onUnreachable: () => void) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  // Shown once the server says this person uses a second factor.
  const [codeNeeded, setCodeNeeded] = useState(false);
  const [busy, setBusy] = useState(false);
  const dismissToast = useDismissToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await postLogin(username, password, codeNeeded ? code : "");
      // An earlier attempt's error toast must not follow the administrator into the back office.
      dismissToast();
      onSuccess();
    } catch (error) {
      if (error instanceof ApiError && error.secondFactorRequired && !codeNeeded) setCodeNeeded(true);
      else if (error instanceof ApiError) onRefused(error);
      else onUnreachable();
    } finally {
      setBusy(false);
    }
  }

  return { username, setUsername, password, setPassword, code, setCode, codeNeeded, busy, submit };
}

/** The second step of a sign-in: focused as it appears, so the code can be typed at once. */
function SecondFactorField({ id, label, hint, value, onChange }: { id: string; label: string; hint: string; value: string; onChange: (value: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">{label}</label>
      <input
        id={id}
        autoFocus
        required
        inputMode="text"
        autoComplete="one-time-code"
        maxLength={20}
        aria-describedby={`${id}-hint`}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p>
    </div>
  );
}

/**
 * Logging in posts JSON from the page's script, and the panel is drawn by script: without
 * JavaScript the form would do nothing, so it says what is needed (only then: <noscript>).
 */
function JavaScriptNeeded({ children }: { children: string }) {
  return (
    // A block, so the form's spacing reaches it.
    <noscript className="block">
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900">{children}</p>
    </noscript>
  );
}

/**
 * The one look of both sign-in screens (/admin/login and the signed-out /admin): a card on the
 * back office's dark blue, its heading and line in the screen's language.
 */
export function LoginScreen({ title, subtitle, lang, children }: { title: string; subtitle: string; lang?: "en"; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} lang={lang} className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-900 via-blue-900 to-slate-800 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        <div className="mb-6 text-center">
          <div aria-hidden className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-xl bg-blue-600 text-xl font-bold text-white">A</div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        </div>
        {children}
      </div>
    </main>
  );
}

/**
 * The Turkish screen's words for a refused login: the server's messages are English (the /admin
 * panel shows them), so they are not put under a Turkish title.
 */
function refusedInTurkish(error: ApiError): string {
  if (error.secondFactorRequired) return "Doğrulama kodu yanlış ya da daha önce kullanılmış";
  if (error.status !== 429) return "Geçersiz kullanıcı adı veya şifre";
  // A throttled sign-in is told when to try again.
  return error.retryAfterSeconds !== null ? loginWaitMessage(error.retryAfterSeconds, "tr") : "Çok fazla başarısız giriş denemesi. Lütfen birkaç dakika sonra tekrar deneyin.";
}

/** /admin/login: Turkish labels and messages, password show/hide, button disabled while busy or empty. */
export function StandaloneLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const toast = useToast();
  const [showPassword, setShowPassword] = useState(false);
  const { username, setUsername, password, setPassword, code, setCode, codeNeeded, busy, submit } = useLoginForm(
    onSuccess,
    (error) => toast({ title: "Giriş hatası", description: refusedInTurkish(error), variant: "destructive" }),
    () => toast({ title: "Giriş hatası", description: "Sunucuya bağlanılamadı. Lütfen tekrar deneyin.", variant: "destructive" }),
  );

  return (
    <form onSubmit={submit} className="space-y-5">
      <JavaScriptNeeded>Yönetim paneli JavaScript gerektirir. Lütfen tarayıcınızda JavaScript'i etkinleştirin.</JavaScriptNeeded>
      <div>
        <label htmlFor="login-username" className="mb-1 block text-sm font-medium text-slate-700">Kullanıcı Adı</label>
        <input id="login-username" autoComplete="username" aria-describedby="login-username-hint" className={inputClass} value={username} onChange={(e) => setUsername(e.target.value)} />
        <p id="login-username-hint" className="mt-1 text-xs text-slate-500">Ekip üyeleri e-posta adresleriyle giriş yapar.</p>
      </div>
      <div>
        <label htmlFor="login-password" className="mb-1 block text-sm font-medium text-slate-700">Şifre</label>
        <div className="relative">
          <input
            id="login-password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            className={`${inputClass} pr-20`}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button
            type="button"
            onClick={() => setShowPassword((v) => !v)}
            aria-label={showPassword ? "Şifreyi gizle" : "Şifreyi göster"}
            className="absolute inset-y-0 right-2 my-auto h-7 rounded px-2 text-xs font-medium text-slate-600 hover:bg-slate-100"
          >
            {showPassword ? "Gizle" : "Göster"}
          </button>
        </div>
      </div>
      {codeNeeded ? <SecondFactorField id="login-code" label="Doğrulama kodu" hint="Doğrulama uygulamanızdaki 6 haneli kod ya da bir kurtarma kodu" value={code} onChange={setCode} /> : null}
      <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy || !username || !password || (codeNeeded && !code)}>
        {busy ? "Giriş yapılıyor..." : "Giriş Yap"}
      </button>
    </form>
  );
}

/** The /admin panel variant's inline login: English throughout (its labels and messages are the spec's English ones). */
export function InlineLoginPanel({ onSuccess }: { onSuccess: () => void }) {
  const toast = useToast();
  const { username, setUsername, password, setPassword, code, setCode, codeNeeded, busy, submit } = useLoginForm(
    onSuccess,
    (error) => toast({ title: "Invalid Login", description: error.serverMessage ?? "Username or password is incorrect", variant: "destructive", lang: "en" }),
    () => toast({ title: "Login Error", description: "Unable to connect to server. Please try again.", variant: "destructive", lang: "en" }),
  );

  return (
    <LoginScreen title="Admin Panel" subtitle="Sign in to continue" lang="en">
      <form onSubmit={submit} className="space-y-5" aria-label="Admin login">
        <JavaScriptNeeded>The admin panel needs JavaScript. Please enable JavaScript in your browser.</JavaScriptNeeded>
        <div>
          <label htmlFor="panel-username" className="mb-1 block text-sm font-medium text-slate-700">Username</label>
          <input id="panel-username" required autoComplete="username" className={inputClass} value={username} onChange={(e) => setUsername(e.target.value)} />
        </div>
        <div>
          <label htmlFor="panel-password" className="mb-1 block text-sm font-medium text-slate-700">Password</label>
          <input id="panel-password" required type="password" autoComplete="current-password" className={inputClass} value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        {codeNeeded ? <SecondFactorField id="panel-code" label="Verification code" hint="The 6-digit code from your authenticator app, or a recovery code" value={code} onChange={setCode} /> : null}
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
          {busy ? "Logging in..." : "Login"}
        </button>
      </form>
    </LoginScreen>
  );
}
