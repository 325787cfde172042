import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useNavigate, useSearchParams } from "@remix-run/react";
import { StandaloneLoginForm } from "~/components/admin/login-forms";
import { adminMeta } from "~/lib/seo";
import { getAdminUser } from "~/models/auth.server";

export const meta: MetaFunction = () => adminMeta("Admin Giriş");

/** Only where a login is needed: an admin who is already signed in goes on to the panel. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getAdminUser(request, context.cloudflare.env)) throw redirect("/admin");
  return null;
}

/** Same-site paths only, so the redirect cannot send the admin elsewhere. */
function safeRedirect(target: string | null): string {
  return target && target.startsWith("/admin") && !target.startsWith("//") ? target : "/admin";
}

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <main id="main" tabIndex={-1} className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-900 via-blue-900 to-slate-800 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <div className="mb-6 text-center">
          <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-xl bg-blue-600 text-xl font-bold text-white">A</div>
          <h1 className="text-2xl font-bold text-slate-900">Yönetim Paneli</h1>
          <p className="mt-1 text-sm text-slate-500">Devam etmek için giriş yapın</p>
        </div>
        <StandaloneLoginForm onSuccess={() => navigate(safeRedirect(params.get("redirectTo")))} />
      </div>
    </main>
  );
}
