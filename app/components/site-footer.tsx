import { Link } from "@remix-run/react";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/categories", label: "Categories" },
  { to: "/countries", label: "Countries" },
  { to: "/cities", label: "Cities" },
  { to: "/contact", label: "Contact" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/legal-notice", label: "Legal Notice" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/cookie-policy", label: "Cookie Policy" },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 dark:border-slate-700 bg-slate-900 text-slate-200">
      <nav aria-label="Footer" className="mx-auto flex max-w-7xl flex-wrap gap-x-6 gap-y-2 px-4 py-8 text-sm">
        {LINKS.map((link) => (
          <Link key={link.to} to={link.to} className="hover:text-white hover:underline">
            {link.label}
          </Link>
        ))}
      </nav>
      <p className="mx-auto max-w-7xl px-4 pb-8 text-xs text-slate-400">
        © {new Date().getFullYear()} WorldHotels Directory. Hotels and businesses worldwide.
      </p>
    </footer>
  );
}
