import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useCspNonce } from "~/components/csp-nonce";
import { BadFilterState, filterErrorOf } from "~/components/filter-error";
import { CodeBlock, HeadCode, markDocumentHydrated } from "~/components/site-code";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { PageLoadingBar } from "~/components/page-loading-bar";
import { ToastProvider } from "~/components/toast";
import { isAdminPath } from "~/lib/admin/admin-path";
import { splitHeadSnippet } from "~/lib/admin/site-code";
import { getPublicSiteCode } from "~/models/site-settings.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * When an error reaches this boundary (a route without its own), the thrown response's headers
 * go out with the page: a page's 405 keeps its Allow header. Otherwise the root adds none.
 */
export const headers: HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export async function loader({ request, context }: LoaderFunctionArgs) {
  const siteUrl = context.cloudflare.env.SITE_URL;
  // Admin pages carry no third-party code (and need not read it).
  if (isAdminPath(new URL(request.url).pathname)) return { siteUrl, siteCode: null };
  const { settings } = await getPublicSiteCode(context.cloudflare.env.DB);
  const head = splitHeadSnippet(settings.head_tags);
  return {
    siteUrl,
    // The basemap every public map draws (the business page's and the results map).
    mapStyleUrl: context.cloudflare.env.MAP_STYLE_URL,
    // The Turnstile widget's public key on member forms (null where no check is configured).
    turnstileSiteKey: context.cloudflare.env.TURNSTILE_SITE_KEY ?? null,
    // Site-wide code injection (admin spec): head, start of body, end of body.
    siteCode: {
      head: head.head,
      bodyStart: [head.bodyMarkup, settings.facebook_pixel].filter((s) => s.trim()).join("\n"),
      bodyEnd: settings.footer_tags,
    },
  };
}

// Settings only change with an admin save; navigations need not reload them, except when
// crossing between /admin (no injected code) and the public site.
export const shouldRevalidate = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
  isAdminPath(currentUrl.pathname) !== isAdminPath(nextUrl.pathname);

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const data = useRouteLoaderData<typeof loader>("root");
  // The public top bar and the injected site code are left out of every /admin path.
  const isAdmin = isAdminPath(pathname);
  const siteCode = isAdmin ? null : data?.siteCode;
  // The back office is Turkish (its few English parts say so themselves); the public site and
  // its 404 page, also under /admin/…, are English.
  // The signed-out /admin is the spec's English inline login: that screen is English throughout.
  const matches = useMatches();
  const inlineLogin = matches.some((match) => match.id === "routes/admin" && (match.data as { user?: unknown } | undefined)?.user === null);
  const turkish = !inlineLogin && matches.some((match) => match.id.startsWith("routes/admin"));
  useEffect(() => markDocumentHydrated(), []);
  const nonce = useCspNonce();
  return (
    <html lang={turkish ? "tr" : "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {siteCode?.head.length ? <HeadCode elements={siteCode.head} /> : null}
      </head>
      {/* "public-site": the public pages follow the visitor's light or dark scheme (app/tailwind.css). */}
      <body className={`min-h-screen bg-slate-50 text-slate-900 antialiased ${isAdmin ? "" : "public-site dark:bg-slate-950 dark:text-slate-100"}`}>
        {siteCode?.bodyStart ? <CodeBlock html={siteCode.bodyStart} data-site-code="body-start" /> : null}
        {/* Keyboard users jump past the navigation; every layout's <main> is #main. */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-slate-900 focus:shadow-lg"
        >
          {turkish ? "İçeriğe geç" : "Skip to main content"}
        </a>
        <ToastProvider language={turkish ? "tr" : "en"}>
          <PageLoadingBar label={turkish ? "Sayfa yükleniyor" : "Loading page"} />
          {isAdmin ? null : <SiteHeader />}
          {/* Imported names, categories and addresses can be one long word: it breaks rather than widen the page. */}
          {isAdmin ? children : <main id="main" tabIndex={-1} className="wrap-anywhere">{children}</main>}
          {isAdmin ? null : <SiteFooter />}
        </ToastProvider>
        {siteCode?.bodyEnd ? <CodeBlock html={siteCode.bodyEnd} data-site-code="body-end" /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const meta: MetaFunction = ({ error }) => (error ? [{ title: "Error loading application | WorldHotels Directory" }] : []);

/** Unexpected errors (a route's own not-found states are rendered by the route itself). */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  // /search has no boundary of its own: its filters' 400 says what was wrong here.
  const filterError = filterErrorOf(error);
  if (filterError) return <div className="px-4 py-10"><BadFilterState message={filterError} /></div>;
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-700 dark:text-sky-300">{status}</p>
      <h1 className="mt-4 text-3xl font-bold">{notFound ? "Page Not Found" : "Error loading application"}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        {notFound ? "The page you're looking for doesn't exist." : "An unexpected error occurred. Please try again later."}
      </p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-900">
        Back to Home
      </Link>
    </div>
  );
}
