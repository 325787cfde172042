import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SettingsEditor } from "~/components/admin/settings-editor";
import { PageHeader } from "~/components/admin/ui";
import { requireAdminPage } from "~/models/auth.server";
import { getSiteSettings } from "~/models/site-settings.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, env);
  return { settings: await getSiteSettings(env.DB) };
}

export default function AdminSettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  // The sitemap panel (sitemaps issue) is passed as SettingsEditor's sidePanel at merge.
  return (
    <>
      <PageHeader title="Site Ayarları" subtitle="Sitenin tüm sayfalarına eklenen kodlar ve önbellek" />
      <SettingsEditor saved={settings} />
    </>
  );
}
