import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Outlet, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { AdminShell } from "~/components/admin/admin-shell";
import { InlineLoginPanel } from "~/components/admin/login-forms";
import { AdminLayoutError } from "~/components/admin/route-error";
import { layoutReloads, useRememberArrivalData } from "~/lib/admin/admin-data-cache";
import { prefersDarkMode } from "~/lib/admin/admin-theme";
import { NO_STORE } from "~/lib/web/cache-policy";
import { adminMeta } from "~/lib/directory/seo";
import { getAdminLayoutFigures } from "~/models/admin-layout.server";
import { getStaffMember } from "~/models/auth.server";

// Signed out, /admin is the English inline login: its title is English too.
export const meta: MetaFunction<typeof loader> = ({ data }) => adminMeta(data && !data.user ? "Admin Panel – Sign in" : "Yönetim Paneli");

export function headers() {
  return NO_STORE;
}

/**
 * The guard of every /admin/* page (each child loader checks the session too, since Remix runs
 * child loaders alongside this one). Signed out, /admin itself shows the inline login panel;
 * every other admin page redirects to /admin/login.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.cloudflare.env.DB;
  const user = await getStaffMember(request, context.cloudflare.env);
  if (!user) {
    const url = new URL(request.url);
    if (url.pathname.replace(/\/$/, "") === "/admin") return { user: null, figures: null, darkMode: false };
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  // Until they set up the second factor administrators require, staff reach only their account page.
  if (user.mustSetUpTotp && new URL(request.url).pathname.replace(/\/$/, "") !== "/admin/account") throw redirect("/admin/account");
  return { user, figures: await getAdminLayoutFigures(db, user.id), darkMode: prefersDarkMode(request.headers.get("Cookie")) };
}

/** When this tab last received the layout's data (client only: shouldRevalidate runs in the browser). */
let layoutLoadedAt = Date.now();

/**
 * Moving between screens, or through a list's searches, sorts and pages, leaves the session and
 * the menu's figures as they were while they are fresh (the stats freshness): only the screen's
 * own loader runs (from memory while its data is fresh, see admin-data-cache), and a failed list
 * load shows in the screen's boundary inside the back office. A change (a form, or the
 * revalidation after a save, an import or "retry") reloads them, and so does a move once they
 * are older than that.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (navigation) =>
  layoutReloads(navigation, layoutLoadedAt, Date.now()) ? navigation.defaultShouldRevalidate : false;

export const ErrorBoundary = AdminLayoutError;

export default function AdminLayout() {
  const data = useLoaderData<typeof loader>();
  const { user, figures, darkMode } = data;
  const revalidator = useRevalidator();
  useRememberArrivalData();
  // Each load of the layout's data is a new object.
  useEffect(() => {
    layoutLoadedAt = Date.now();
  }, [data]);
  if (!user || !figures) return <InlineLoginPanel onSuccess={() => revalidator.revalidate()} />;
  return (
    <AdminShell staff={user} figures={figures} darkMode={darkMode}>
      <Outlet />
    </AdminShell>
  );
}
