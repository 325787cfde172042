/**
 * Which paths are the admin's. Remix matches routes after decoding the path and without regard
 * to case, so /ADMIN/businesses and /%61dmin/businesses render the admin as /admin/businesses
 * does: every test of "is this the admin" reads the path the same way, or such a spelling
 * would get the public site's third-party code or its shared cache.
 */

/** /admin, every page under it, and /admin-legacy. */
export function isAdminPath(pathname: string): boolean {
  return routedPath(pathname).startsWith("/admin");
}

/** /api/admin and every call under it. */
export function isAdminApiPath(pathname: string): boolean {
  const path = routedPath(pathname);
  return path === "/api/admin" || path.startsWith("/api/admin/");
}

/**
 * The path as the router compares it: decoded and lower-case. A path the router cannot decode
 * it compares as sent, and so does this.
 */
export function routedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname).toLowerCase();
  } catch {
    return pathname.toLowerCase();
  }
}
