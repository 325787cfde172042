import type { MetaFunction } from "@remix-run/cloudflare";
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { parsePageParam } from "~/lib/paging";
import { ALL_BUSINESSES_MAX_PAGES, listBusinesses } from "~/models/business.server";

export const meta: MetaFunction = () => [{ title: "All Businesses – WorldHotels Directory" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = parsePageParam(new URL(request.url).searchParams.get("page"), ALL_BUSINESSES_MAX_PAGES);
  const list = await listBusinesses(context.cloudflare.env.DB, page);
  return data(list, { headers: publicCache(CACHE_SECONDS.lists) });
}

export default function AllBusinesses() {
  const list = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">All Businesses</h1>
      <p className="mt-1 text-sm text-slate-600">
        Page {list.currentPage} of {list.totalPages}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {list.businesses.map((b) => (
          <li key={b.id} className="rounded border border-slate-200 bg-white p-4">
            <Link to={`/business/${b.slug}`} className="font-semibold text-brand-700">
              {b.name}
            </Link>
            <p className="text-sm text-slate-600">{[b.city, b.country].filter(Boolean).join(", ")}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
