/**
 * Parameters that campaigns and ad clicks add to a link (?utm_source=…, ?fbclid=…). No page
 * reads them: the site's own links leave them behind, and the edge cache keys a page without
 * them, so a newsletter's tagged link does not render and store each page again. Analytics reads
 * them from the address the visitor landed on, which keeps them. Pure.
 */
const CLICK_IDS = new Set(["fbclid", "gclid", "gbraid", "wbraid", "dclid", "msclkid", "yclid", "twclid", "ttclid", "li_fat_id", "mc_cid", "mc_eid", "_ga", "_gl"]);

export function isTrackingParam(key: string): boolean {
  const lower = key.toLowerCase();
  return lower.startsWith("utm_") || CLICK_IDS.has(lower);
}

/** `params` without tracking parameters (changed in place, and returned). */
export function dropTrackingParams(params: URLSearchParams): URLSearchParams {
  for (const key of [...params.keys()]) if (isTrackingParam(key)) params.delete(key);
  return params;
}
