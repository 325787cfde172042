import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SitemapPanel } from "~/components/sitemap-panel";
import { NO_STORE } from "~/lib/cache-policy";
import { requireAdminPage } from "~/models/auth.server";
import { getSitemapStatus } from "~/models/sitemap.server";

export const meta: MetaFunction = () => [{ title: "Site Haritası" }, { name: "robots", content: "noindex" }];

/** The sitemap panel on its own (the settings page embeds the same panel). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdminPage(request, env);
  return data(await getSitemapStatus(env), { headers: NO_STORE });
}

export default function AdminSitemaps() {
  const status = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl p-6">
      <SitemapPanel {...status} />
    </main>
  );
}
