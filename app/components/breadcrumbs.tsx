import { Link, useMatches } from "@remix-run/react";
import { breadcrumbJsonLd, siteUrlFrom, type Crumb } from "~/lib/directory/seo";
import { JsonLd } from "./json-ld";

/** Visible breadcrumbs plus the same trail as schema.org BreadcrumbList. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const siteUrl = siteUrlFrom(useMatches());
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600 dark:text-slate-300">
        <ol className="flex flex-wrap items-center gap-1">
          {crumbs.map((crumb, index) => (
            <li key={crumb.path} className="flex items-center gap-1">
              {index > 0 ? <span aria-hidden="true" className="text-slate-400">/</span> : null}
              {index === crumbs.length - 1 ? (
                <span aria-current="page" dir="auto" className="font-medium text-slate-900 dark:text-slate-100">{crumb.name}</span>
              ) : (
                <Link to={crumb.path} dir="auto" className="hover:text-brand-700 dark:hover:text-sky-300 hover:underline">{crumb.name}</Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <JsonLd data={breadcrumbJsonLd(crumbs, siteUrl)} />
    </>
  );
}
