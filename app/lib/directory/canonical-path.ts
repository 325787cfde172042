import { isAdminPath } from "../admin/admin-path";

/**
 * The one spelling of a one-segment page address asked for in capitals or with a trailing
 * slash ("/Categories", "/businesses/", "/Contact/" → "/categories", "/businesses", "/contact");
 * null when the path is already spelled so, or is not such an address. Pure.
 *
 * Every one-segment address of the site is a fixed lower-case word (/businesses, /search,
 * /privacy-policy, /sitemap.xml…). Longer addresses hold slugs and letters, which their routes
 * respell in the same single redirect (redirectToCanonicalPath; a business slug stored in
 * capitals keeps them), so they are left to the routes. Left alone too: the admin's paths, Remix
 * data requests (`*.data`), and escaped or `//` paths, which no page links to (decision 086).
 */
export function canonicalTopLevelPath(pathname: string): string | null {
  const match = /^\/([^/%]+)\/*$/.exec(pathname);
  if (!match || isAdminPath(pathname) || match[1]!.endsWith(".data")) return null;
  const path = `/${match[1]!.replace(/[A-Z]/g, (letter) => letter.toLowerCase())}`;
  return path === pathname ? null : path;
}
