import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdSlot } from "~/components/ad-slot";
import { ExploreTiles, WhatWhereSearch } from "~/components/find-something";
import { seoMeta, siteUrlFrom } from "~/lib/directory/seo";
import { getPublicSiteCode } from "~/models/site-settings.server";
import { loaderHeaders } from "~/lib/web/route-headers";

export const headers = loaderHeaders;

/** Any path no other route claims: the spec's 404 page, with HTTP status 404. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { ads } = await getPublicSiteCode(context.cloudflare.env.DB);
  // The 300 × 250 banner shows the first ad code (the admin has no separate 404 slot).
  return data({ banner: ads.ad1 }, { status: 404 });
}

export const meta: MetaFunction = ({ matches, location }) =>
  seoMeta({
    title: "Page Not Found | WorldHotels Directory",
    description: "The page you're looking for doesn't exist. Search the directory or browse categories, countries and cities.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export default function NotFoundPage() {
  const { banner } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-16 text-center">
      <p className="bg-gradient-to-br from-brand-700 to-sky-500 bg-clip-text text-8xl font-extrabold text-transparent md:text-9xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mx-auto mt-3 max-w-xl text-slate-600 dark:text-slate-300">
        The page you're looking for doesn't exist, but don't worry - let's help you find what you need!
      </p>
      <AdSlot slot="ad-404" code={banner} size="banner" />
      <WhatWhereSearch />
      <ExploreTiles />
    </div>
  );
}
