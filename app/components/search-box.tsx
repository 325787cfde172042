import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTextTypedBeforeScript } from "./use-hydrated";

/**
 * A list's search box: a GET form on the current path (works without JavaScript). With
 * JavaScript it searches as the visitor types, after a short pause. The page is never sent, so
 * every new search text starts on page 1; the chosen layout (?view=) is kept. Once the visitor
 * has typed, `results` ("3 cities found"; null while the list loads) is said in a live region:
 * the list changes below the box, where a screen reader's focus is not. The region keeps its
 * text while a list loads, so moving to another page of the same search says nothing again.
 * Text typed before the script ran is searched as it starts.
 */
export function SearchBox({
  placeholder,
  label,
  value,
  focusOnMount = false,
  results = null,
}: {
  placeholder: string;
  label: string;
  value: string;
  focusOnMount?: boolean;
  results?: string | null;
}) {
  const submit = useSubmit();
  const { pathname, search } = useLocation();
  const view = new URLSearchParams(search).get("view");
  const [text, setText] = useState(value);
  const [typed, setTyped] = useState(false);
  const [spoken, setSpoken] = useState("");
  useEffect(() => {
    if (typed && results) setSpoken(results);
  }, [typed, results]);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const searchSoon = (typedText: string) => {
    setText(typedText);
    setTyped(true);
    clearTimeout(timer.current);
    const target = form.current;
    timer.current = setTimeout(() => submit(target, { replace: true, preventScrollReset: true }), 300);
  };

  // Follow the URL (back button, letter links) but never overwrite what the visitor is typing.
  useEffect(() => {
    if (document.activeElement !== input.current) setText(value);
  }, [value]);
  // After the effect above, which also runs as the script starts: the typed text wins over the URL's.
  useTextTypedBeforeScript(form, (name, typedText) => name === "q" && searchSoon(typedText));
  useEffect(() => () => clearTimeout(timer.current), []);
  // A list's error page puts the box back where the visitor was typing (cursor after the text).
  useEffect(() => {
    if (focusOnMount && document.activeElement === document.body) input.current?.focus();
  }, [focusOnMount]);

  return (
    <Form ref={form} method="get" action={pathname} role="search" className="relative w-full max-w-md">
      <label htmlFor="list-search" className="sr-only">{label}</label>
      <input
        ref={input}
        id="list-search"
        type="search"
        name="q"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={100}
        onChange={(event) => searchSoon(event.target.value)}
        className="w-full rounded-lg border border-slate-300 dark:border-slate-600 bg-white dark:bg-slate-900 py-2.5 pr-3 pl-10 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
      />
      <svg aria-hidden="true" viewBox="0 0 20 20" className="pointer-events-none absolute top-3 left-3 h-4 w-4 fill-slate-400">
        <path d="M8.5 2a6.5 6.5 0 0 1 5.2 10.4l4 4-1.3 1.3-4-4A6.5 6.5 0 1 1 8.5 2Zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Z" />
      </svg>
      {view ? <input type="hidden" name="view" value={view} /> : null}
      <p role="status" className="sr-only">{spoken}</p>
    </Form>
  );
}
