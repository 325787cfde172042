import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from "@remix-run/react";
import { buttonClass, Card } from "./ui";

/**
 * The error boundary of the admin pages: a page whose data could not be loaded (network down,
 * server error) says so inside the back office, with a retry that loads the same address again
 * (a list's search, sort and page are in it). Without it the error reached the public site's
 * root boundary, which replaced the whole back office with "Error loading application".
 */
export function AdminRouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  const status = isRouteErrorResponse(error) ? ` (${error.status})` : "";
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <Card>
        <div role="alert" className="py-8 text-center">
          <h2 className="text-lg font-semibold text-red-700 dark:text-red-400">Bu sayfa için yetkiniz yok</h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Bu ekranı yalnızca yöneticiler kullanabilir.</p>
          <div className="mt-4 flex justify-center gap-2">
            <Link to="/admin/moderation" className={buttonClass.secondary}>Moderasyon</Link>
          </div>
        </div>
      </Card>
    );
  }
  return (
    <Card>
      <div role="alert" className="py-8 text-center">
        <h2 className="text-lg font-semibold text-red-700 dark:text-red-400">Sayfa yüklenemedi{status}</h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Bağlantınızı kontrol edip tekrar deneyin.</p>
        <div className="mt-4 flex justify-center gap-2">
          <button type="button" className={buttonClass.primary} disabled={retrying} onClick={() => revalidator.revalidate()}>
            {retrying ? "Yükleniyor..." : "Tekrar dene"}
          </button>
          <Link to="/admin/dashboard" className={buttonClass.secondary}>Dashboard</Link>
        </div>
      </div>
    </Card>
  );
}

/** The admin layout's own boundary: its data (the session, the menu's figures) is missing, so no menu. */
export function AdminLayoutError() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl p-6">
      <AdminRouteError />
    </main>
  );
}
