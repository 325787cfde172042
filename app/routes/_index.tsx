import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_SECONDS, publicCache } from "~/lib/cache-policy";
import { getDirectoryTotals } from "~/models/directory.server";

export const meta: MetaFunction = () => [
  { title: "WorldHotels Directory – hotels and businesses worldwide" },
  { name: "description", content: "Find hotels and businesses by name, city, country and category." },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const totals = await getDirectoryTotals(context.cloudflare.env.DB);
  return data({ totals }, { headers: publicCache(CACHE_SECONDS.home) });
}

export default function Home() {
  const { totals } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-4xl font-bold">Find your perfect hotel</h1>
      <p className="mt-2 text-slate-600">
        {totals.businessCount} businesses in {totals.cityCount} cities and {totals.countryCount} countries.
      </p>
      <Link to="/businesses" className="mt-6 inline-block rounded bg-brand-700 px-4 py-2 text-white">
        Browse all businesses
      </Link>
    </div>
  );
}
