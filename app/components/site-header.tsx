import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MemberLink } from "./member-link";

const LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/businesses", label: "Businesses" },
  { to: "/categories", label: "Categories" },
  { to: "/countries", label: "Countries" },
  { to: "/cities", label: "Cities" },
  { to: "/contact", label: "Contact" },
];

/**
 * The site's one top bar: the brand and the six links on one line; below 768 px the links sit
 * behind a Menu button (the spec's mobile menu toggle), so a phone's bar never wraps. The home
 * page adds its Submit Hotel button; "Sign in" or the member's name goes to /account. The menu is a disclosure, not a modal: Escape closes it and
 * gives the focus back to its button, and it closes when the focus leaves it or a link is followed.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [pathname]);
  const home = pathname === "/";
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <nav
        aria-label="Main"
        className="relative mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3"
        onKeyDown={(event) => {
          if (event.key === "Escape" && menuOpen) {
            setMenuOpen(false);
            menuButton.current?.focus();
          }
        }}
        onBlur={(event) => {
          if (menuOpen && !event.currentTarget.contains(event.relatedTarget)) setMenuOpen(false);
        }}
      >
        <a href="/" className="shrink-0 whitespace-nowrap text-lg font-bold text-brand-700 dark:text-sky-300">
          WorldHotels Directory
        </a>
        <button
          ref={menuButton}
          type="button"
          className="shrink-0 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 md:hidden dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? "Close menu" : "Menu"}
        </button>
        <ul
          id="site-menu"
          className={`${menuOpen ? "flex" : "hidden"} absolute inset-x-0 top-full z-20 flex-col gap-1 border-b border-slate-200 bg-white p-4 shadow-lg md:static md:flex md:flex-row md:items-center md:gap-6 md:border-0 md:bg-transparent md:p-0 md:shadow-none dark:border-slate-700 dark:bg-slate-900 md:dark:bg-transparent`}
        >
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `block whitespace-nowrap py-1.5 text-sm font-medium md:py-0 ${
                    isActive
                      ? "text-brand-700 underline underline-offset-4 dark:text-sky-300"
                      : "text-slate-700 hover:text-brand-700 dark:text-slate-200 dark:hover:text-sky-300"
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          {/* Between 768 and 1024 px the six links fill the line. */}
          <li className="md:hidden lg:block">
            <MemberLink className="block max-w-[12rem] truncate whitespace-nowrap py-1.5 text-sm font-medium text-slate-700 hover:text-brand-700 md:py-0 dark:text-slate-200 dark:hover:text-sky-300" />
          </li>
          {home ? (
            // Between 768 and 1024 px the six links fill the line: the button is on the hero's call to action below.
            <li className="md:hidden lg:block">
              <NavLink to="/submit" className="mt-2 block whitespace-nowrap rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 md:mt-0">
                Submit Hotel
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}
