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
      {/* On a phone the brand has its own line and the six links wrap beneath it. */}
      <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-6">
        <a href="/" className="text-lg font-bold text-brand-700 sm:mr-4">
          WorldHotels Directory
        </a>
        <div className="flex flex-wrap gap-x-5 gap-y-1 sm:gap-x-6">
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
        </div>
      </nav>
    </header>
  );
}
