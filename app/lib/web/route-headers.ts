import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * A page route's document answer carries the headers its loader set with data() (Cache-Control
 * for the edge cache). Remix applies loader headers to documents only through a route's
 * `headers` export.
 */
export const loaderHeaders: HeadersFunction = ({ loaderHeaders: fromLoader, errorHeaders }) => errorHeaders ?? fromLoader;
