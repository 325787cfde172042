import { createElement, useEffect, useRef } from "react";
import { asyncExternalScripts, reactProps, type HeadElement } from "~/lib/admin/site-code";

/**
 * Injected third-party code (site settings, ad codes). The server renders it into the HTML, so
 * the browser's parser runs its scripts exactly once on a document load; hydration adopts those
 * nodes without touching them (dangerouslySetInnerHTML + suppressHydrationWarning), so scripts
 * that add elements inside their container cannot make hydration fail.
 */

let documentHydrated = false;

/** Called once by the root after hydration: later mounts come from client-side navigations. */
export function markDocumentHydrated() {
  documentHydrated = true;
}

/** Elements of the head snippet, rendered as real head elements. */
export function HeadCode({ elements }: { elements: HeadElement[] }) {
  return (
    <>
      {elements.map((element, index) =>
        createElement(element.tag, {
          key: index,
          ...reactProps(element.attributes),
          ...(element.content ? { dangerouslySetInnerHTML: { __html: element.content } } : {}),
          suppressHydrationWarning: true,
          "data-site-code": "head",
        }),
      )}
    </>
  );
}

/**
 * Markup with scripts. Rendered by the server for document loads; when it mounts after a
 * client-side navigation (innerHTML never runs scripts) its scripts are re-created so they run.
 */
export function CodeBlock({ html, className, ...rest }: { html: string; className?: string; "data-site-code"?: string; "data-ad-slot"?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const markup = asyncExternalScripts(html);
  useEffect(() => {
    if (!documentHydrated || !ref.current) return;
    runScripts(ref.current);
  }, [markup]);
  return (
    <div
      ref={ref}
      className={className}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: markup }}
      {...rest}
    />
  );
}

function runScripts(container: HTMLElement) {
  for (const old of Array.from(container.querySelectorAll("script"))) {
    const script = document.createElement("script");
    for (const attribute of Array.from(old.attributes)) script.setAttribute(attribute.name, attribute.value);
    script.text = old.text;
    old.replaceWith(script);
  }
}
