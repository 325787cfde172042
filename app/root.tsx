import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ToastProvider } from "~/components/toast";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { siteUrl: context.cloudflare.env.SITE_URL };
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // The public top bar is hidden on every /admin path (admin has its own layout).
  const isAdmin = pathname.startsWith("/admin");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <ToastProvider>
          {isAdmin ? null : <SiteHeader />}
          {isAdmin ? children : <main id="main">{children}</main>}
          {isAdmin ? null : <SiteFooter />}
        </ToastProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}
