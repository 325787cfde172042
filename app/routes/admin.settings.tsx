import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ReviewSettingsCard } from "~/components/admin/review-settings-card";
import { SettingsEditor } from "~/components/admin/settings-editor";
import { PageHeader } from "~/components/admin/ui";
import { SitemapPanel } from "~/components/sitemap-panel";
import { requireAdminPage } from "~/models/auth.server";
import { getReviewPublishing, getSiteSettings } from "~/models/site-settings.server";
import { getSitemapStatus } from "~/models/sitemap.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdminPage(request, env);
  const [settings, sitemap, publishUnflagged] = await Promise.all([getSiteSettings(env.DB), getSitemapStatus(env), getReviewPublishing(env.DB)]);
  return { settings, sitemap, publishUnflagged };
}

// No clientLoader: an edit screen is read from the server on every arrival, never from the
// admin data cache, so it does not offer another session's overwritten values (decision 073).

export default function AdminSettingsPage() {
  const { settings, sitemap, publishUnflagged } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Site Ayarları" subtitle="Sitenin tüm sayfalarına eklenen kodlar ve önbellek" />
      <SettingsEditor saved={settings} sidePanel={<><ReviewSettingsCard publishUnflagged={publishUnflagged} /><SitemapPanel {...sitemap} /></>} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
