import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatCount } from "~/lib/directory/format";

/** A link to a category, city or country with its business count beside the name. */
export interface CountLink {
  key: string;
  to: string;
  label: string;
  count: number;
  /** The link of the list being shown (a city's list narrowed to this category). */
  current?: boolean;
}

/**
 * The "Top …" sidebar of a category or city page, beside its listings (sidebar first on wide
 * screens); none without links (a category whose businesses have no country code, a city's
 * businesses with no category), rather than a heading over nothing.
 */
export function ListingsWithTopLinks({
  id,
  title,
  links,
  children,
}: {
  id: string;
  title: string;
  links: readonly CountLink[];
  children: ReactNode;
}) {
  if (links.length === 0) return <div className="mt-8">{children}</div>;
  return (
    <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[16rem_1fr]">
      <aside aria-labelledby={id} className="order-last self-start rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-5 shadow-sm lg:order-first">
        <h2 id={id} className="font-semibold">{title}</h2>
        <ul className="mt-3 space-y-1">
          {links.map((link) => (
            <li key={link.key}>
              <Link
                to={link.to}
                aria-current={link.current ? "page" : undefined}
                className={`flex justify-between gap-2 rounded px-2 py-1 text-sm hover:bg-slate-100 hover:text-brand-700 dark:hover:bg-slate-700 dark:hover:text-sky-300 ${link.current ? "bg-brand-50 font-semibold text-brand-900 dark:bg-slate-700 dark:text-white" : ""}`}
              >
                <span dir="auto" className="truncate">{link.label}</span>
                <span className="text-slate-600 dark:text-slate-300">{formatCount(link.count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </aside>
      {children}
    </div>
  );
}

/** Tiles of links with counts, four across on wide screens (a country's cities and categories). */
export function CountLinkTiles({ links, prefetch }: { links: readonly CountLink[]; prefetch?: "intent" }) {
  return (
    <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {links.map((link) => (
        <li key={link.key}>
          <Link
            to={link.to}
            prefetch={prefetch}
            className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 px-4 py-3 shadow-sm hover:border-brand-600 dark:hover:border-sky-400 hover:text-brand-700 dark:hover:text-sky-300"
          >
            <span dir="auto" className="truncate font-medium">{link.label}</span>
            <span className="text-sm text-slate-600 dark:text-slate-300">{formatCount(link.count)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
