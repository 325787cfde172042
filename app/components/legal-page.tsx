import { data, type MetaFunction } from "@remix-run/cloudflare";
import type { ReactNode } from "react";
import { CACHE_SECONDS, publicCache } from "~/lib/web/cache-policy";
import { seoMeta, siteUrlFrom } from "~/lib/directory/seo";

export const LEGAL_LAST_UPDATED = "December 12, 2025";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The loader of a legal page: static text, cached like the lists. */
export const legalPageLoader = () => data(null, { headers: publicCache(CACHE_SECONDS.lists) });

/** A legal page's meta tags: its title, description and address. */
export function legalPageMeta(title: string, description: string, path: string): MetaFunction {
  return ({ matches }) => seoMeta({ title: `${title} | WorldHotels Directory`, description, path, siteUrl: siteUrlFrom(matches) });
}

/** Layout of the four legal pages: title, last-updated date, table of contents, sections. */
export function LegalPage({ title, intro, sections, lastUpdated = LEGAL_LAST_UPDATED }: { title: string; intro: ReactNode; sections: LegalSection[]; lastUpdated?: string }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-4xl font-extrabold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Last updated: {lastUpdated}</p>
      <div className="mt-6 text-lg text-slate-700 dark:text-slate-300">{intro}</div>
      <nav aria-label="Contents" className="mt-8 rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-5">
        <h2 className="font-semibold">Contents</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-brand-700 dark:text-sky-300">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="hover:underline">{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className="mt-10 scroll-mt-6">
          <h2 className="text-2xl font-bold">{index + 1}. {section.title}</h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700 dark:text-slate-300 [&_h3]:mt-4 [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-slate-100 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">{section.body}</div>
        </section>
      ))}
    </div>
  );
}
