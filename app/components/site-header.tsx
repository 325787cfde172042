import { NavLink } from "@remix-run/react";

const LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/businesses", label: "Businesses" },
  { to: "/categories", label: "Categories" },
  { to: "/countries", label: "Countries" },
  { to: "/cities", label: "Cities" },
  { to: "/contact", label: "Contact" },
];

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <a href="/" className="mr-4 text-lg font-bold text-brand-700">
          WorldHotels Directory
        </a>
        {LINKS.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end={link.end}
            className={({ isActive }) =>
              `text-sm font-medium ${isActive ? "text-brand-700 underline underline-offset-4" : "text-slate-700 hover:text-brand-700"}`
            }
          >
            {link.label}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
