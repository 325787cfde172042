import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MembersList } from "~/components/admin/member-admin";
import { PageHeader } from "~/components/admin/ui";
import { parseMembersQuery } from "~/lib/members/sanctions";
import { NO_STORE } from "~/lib/web/cache-policy";
import { listMembers } from "~/models/admin-members.server";
import { requireStaffPage } from "~/models/auth.server";

/** "Üyeler": members as the address asks (?q=&status=&page=); a query it cannot read is a 400 that says why. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireStaffPage(request, env);
  const parsed = parseMembersQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return data({ page: null, query: null, queryError: parsed.message }, { status: 400, headers: NO_STORE });
  return data({ page: await listMembers(env.DB, parsed.query), query: parsed.query, queryError: null }, { headers: NO_STORE });
}

export default function AdminMembersPage() {
  const { page, query, queryError } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Üyeler" subtitle="Üyeler, gönderdikleri ve aldıkları yaptırımlar" />
      <MembersList page={page} query={query} queryError={queryError} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "~/components/admin/route-error";
