import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CategoriesError, CategoryDirectory } from "~/components/category-directory";
import { withMissingListPage } from "~/components/list-states";
import { listPageOf, notFoundPastLastPage } from "~/lib/web/http.server";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { listQuerySchema, searchParamsObject } from "~/lib/directory/directory-query.server";
import { categoriesMeta } from "~/lib/directory/directory-seo";
import { listCategories } from "~/models/category.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => categoriesMeta(data ?? null, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = listPageOf(request);
  const { q } = listQuerySchema.parse(searchParamsObject(request.url));
  const list = await listCategories(context.cloudflare.env.DB, { letter: null, q, page });
  notFoundPastLastPage(list.currentPage, list.totalPages);
  return data(list, { headers: publicCache(CACHE_SECONDS.lists) });
}

export { loaderHeaders as headers } from "~/lib/web/route-headers";

export default function Categories() {
  return <CategoryDirectory list={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = withMissingListPage(CategoriesError);
