/** The admin's dark-mode choice, kept in a cookie the server can read. */
export const DARK_MODE_COOKIE = "adminDarkMode";

export function prefersDarkMode(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim() === `${DARK_MODE_COOKIE}=true`);
}
