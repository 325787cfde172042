import { Form, Link, useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { useHydrated, useTextTypedBeforeScript } from "./use-hydrated";

/** /search URL for the what/where form: both trimmed and URL-encoded, location only when given. */
export function searchHref(what: string, where: string): string | null {
  const q = what.trim();
  if (!q) return null;
  const location = where.trim();
  return `/search?q=${encodeURIComponent(q)}${location ? `&location=${encodeURIComponent(location)}` : ""}`;
}

/**
 * What a search box needs before its page's script runs, when the browser sends the form itself:
 * `required` refuses an empty box, this pattern one of spaces only (the spec's "non-blank after
 * trimming"; the script trims and checks after).
 */
export const NON_BLANK_PATTERN = ".*\\S.*";

/**
 * The what/where search of the Business Not Found and 404 pages: Enter in either field submits,
 * Search is disabled while "what" is blank, once the page's script runs: the server's button is
 * enabled, so without JavaScript the plain GET form still searches (the browser's `required`
 * and pattern checks keep a blank "what" from being sent). The fields share a row only where the spec's long
 * placeholder still fits; on a phone it is set a size smaller (two below 380 px) to show whole.
 */
export function WhatWhereSearch() {
  const navigate = useNavigate();
  const [what, setWhat] = useState("");
  const [where, setWhere] = useState("");
  const scripted = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useTextTypedBeforeScript(form, (name, typed) => (name === "location" ? setWhere : setWhat)(typed));
  const href = searchHref(what, where);
  return (
    <Form
      ref={form}
      action="/search"
      method="get"
      role="search"
      className="mx-auto mt-8 flex w-full max-w-4xl flex-col gap-2 sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:p-3 sm:shadow-sm lg:flex-row"
      onSubmit={(event) => {
        event.preventDefault();
        if (href) navigate(href);
      }}
    >
      <label className="sr-only" htmlFor="search-what">
        What are you looking for?
      </label>
      <input
        id="search-what"
        name="q"
        required
        pattern={NON_BLANK_PATTERN}
        title="Type what you are looking for"
        value={what}
        onChange={(event) => setWhat(event.target.value)}
        placeholder="What are you looking for? (e.g., restaurant, plumber)"
        className="min-w-0 flex-[3] rounded-lg border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-3 py-2.5 placeholder:text-xs focus:outline-none focus:ring-2 focus:ring-brand-600 min-[380px]:placeholder:text-sm sm:placeholder:text-base"
      />
      <label className="sr-only" htmlFor="search-where">
        Where?
      </label>
      <input
        id="search-where"
        name="location"
        value={where}
        onChange={(event) => setWhere(event.target.value)}
        placeholder="Where? (city, country)"
        className="min-w-0 flex-[2] rounded-lg border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 px-3 py-2.5 placeholder:text-xs focus:outline-none focus:ring-2 focus:ring-brand-600 min-[380px]:placeholder:text-sm sm:placeholder:text-base"
      />
      <button
        type="submit"
        disabled={scripted && !href}
        className="rounded-lg bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-slate-500"
      >
        Search
      </button>
    </Form>
  );
}

const TILES = [
  { to: "/categories", title: "Browse Categories", text: "Hotels, restaurants, shops and more" },
  { to: "/countries", title: "Browse Countries", text: "Listings in 195+ countries" },
  { to: "/cities", title: "Browse Cities", text: "Find places city by city" },
];

/** Tiles to /categories, /countries, /cities and the Back to Home button. */
export function ExploreTiles() {
  return (
    <>
      <ul className="mx-auto mt-10 grid grid-cols-1 max-w-3xl gap-4 sm:grid-cols-3">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="block h-full rounded-xl border border-slate-200 dark:border-slate-700 bg-white dark:bg-slate-900 p-5 text-left shadow-sm hover:border-brand-600 dark:hover:border-sky-400 hover:shadow-md">
              <span className="block font-semibold text-brand-700 dark:text-sky-300">{tile.title}</span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{tile.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/" className="mt-10 inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900">
        Back to Home
      </Link>
    </>
  );
}
