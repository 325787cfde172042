/**
 * Site-wide code snippets (site settings head_tags, facebook_pixel, footer_tags) and ad codes
 * prepared for server rendering. Pure.
 *
 * The head cannot hold a wrapper element, so a head snippet is split into the elements a head
 * may contain (script, style, meta, link, noscript, base); anything else in it is returned as
 * markup for the start of the body. Body snippets stay markup; external scripts become async so
 * a slow third party never blocks the page.
 */

export interface HeadElement {
  tag: "script" | "style" | "meta" | "link" | "noscript" | "base";
  attributes: Record<string, string>;
  /** Inner text of script/style/noscript. */
  content: string;
}

export interface SplitHeadSnippet {
  head: HeadElement[];
  /** Markup that does not belong in a head (inserted at the start of the body instead). */
  bodyMarkup: string;
}

const RAW_TEXT = new Set(["script", "style", "noscript"]);
const VOID_HEAD = new Set(["meta", "link", "base"]);
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!(name in attributes)) attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function splitHeadSnippet(snippet: string): SplitHeadSnippet {
  const head: HeadElement[] = [];
  let bodyMarkup = "";
  let rest = snippet;
  const open = /<(script|style|noscript|meta|link|base)\b([^>]*?)\/?>/i;
  for (;;) {
    const match = open.exec(rest);
    if (!match) {
      bodyMarkup += rest;
      break;
    }
    bodyMarkup += rest.slice(0, match.index);
    const tag = match[1]!.toLowerCase() as HeadElement["tag"];
    const attributes = parseAttributes(match[2] ?? "");
    rest = rest.slice(match.index + match[0].length);
    let content = "";
    if (RAW_TEXT.has(tag)) {
      const close = new RegExp(`</${tag}\\s*>`, "i").exec(rest);
      content = close ? rest.slice(0, close.index) : rest;
      rest = close ? rest.slice(close.index + close[0].length) : "";
    } else if (!VOID_HEAD.has(tag)) {
      continue;
    }
    if (tag === "script" && attributes.src) attributes.async = "";
    head.push({ tag, attributes, content });
  }
  return { head, bodyMarkup: bodyMarkup.trim() ? bodyMarkup.trim() : "" };
}

/** Body markup with every `<script src=…>` made async (inline scripts untouched). */
export function asyncExternalScripts(markup: string): string {
  return markup.replace(/<script\b([^>]*)>/gi, (whole, attrs: string) => {
    const attributes = parseAttributes(attrs);
    if (!attributes.src || "async" in attributes) return whole;
    return `<script async${attrs}>`;
  });
}

const REACT_ATTRIBUTE_NAMES: Record<string, string> = {
  class: "className",
  charset: "charSet",
  crossorigin: "crossOrigin",
  "http-equiv": "httpEquiv",
  referrerpolicy: "referrerPolicy",
  nomodule: "noModule",
  fetchpriority: "fetchPriority",
};

/** HTML attributes as React props (boolean attributes such as async/defer become true). */
export function reactProps(attributes: Record<string, string>): Record<string, string | boolean> {
  const props: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (name.startsWith("on")) continue; // event handler attributes are not supported in head tags
    const prop = REACT_ATTRIBUTE_NAMES[name] ?? name;
    props[prop] = ["async", "defer", "nomodule", "noModule"].includes(prop) ? true : value;
  }
  return props;
}
