import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useNavigate, useSearchParams } from "@remix-run/react";
import { LoginScreen, StandaloneLoginForm } from "~/components/admin/login-forms";
import { adminMeta } from "~/lib/directory/seo";
import { getStaffMember } from "~/models/auth.server";

export const meta: MetaFunction = () => adminMeta("Yönetici Girişi");

/** Only where a login is needed: an admin who is already signed in goes on to the panel. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getStaffMember(request, context.cloudflare.env)) throw redirect("/admin");
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
    <LoginScreen title="Yönetim Paneli" subtitle="Devam etmek için giriş yapın">
      <StandaloneLoginForm onSuccess={() => navigate(safeRedirect(params.get("redirectTo")))} />
    </LoginScreen>
  );
}
