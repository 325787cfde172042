/**
 * Links and images from imported data (website, photo, logo, reviews link) go into href, src,
 * og:image and JSON-LD only as http(s) URLs: a spreadsheet cell can hold "javascript:alert(1)"
 * or "data:text/html,…". Read with the URL parser browsers use for an href, so "java\tscript:"
 * (the tab dropped) is refused too.
 */
export function httpUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const { protocol } = new URL(text);
    return protocol === "http:" || protocol === "https:" ? text : null;
  } catch {
    return null; // no scheme ("www.example.com") or not a URL at all
  }
}

/** A host name with a dot and what may follow it: "www.hotel.example", "hotel.example/rooms". */
const BARE_ADDRESS = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+([/?#]\S*)?$/u;

/**
 * A business's website: an http(s) URL as httpUrl keeps it, or an address written without its
 * scheme ("www.hotel.example", as some scrapers and people write it) read as https.
 */
export function websiteUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  return httpUrl(text) ?? (BARE_ADDRESS.test(text) ? httpUrl(`https://${text}`) : null);
}

/** A member's photo as the site serves it (app/routes/photos.$key.ts). */
const SITE_PHOTO = /^\/photos\/[0-9a-f]{32}$/;

/** Whether a business's photo is a member's, served by the site: the listing may have more of them. */
export function isSitePhoto(value: string | null | undefined): boolean {
  return Boolean(value && SITE_PHOTO.test(value));
}

/**
 * A business's photo: an imported http(s) URL as httpUrl keeps it, or a member's photo served by
 * the site ("/photos/{key}"), made absolute against `siteUrl` where an absolute URL is needed
 * (og:image, JSON-LD).
 */
export function businessPhotoUrl(value: string | null | undefined, siteUrl?: string): string | null {
  const text = value?.trim();
  if (text && SITE_PHOTO.test(text)) return siteUrl ? siteUrl.replace(/\/+$/, "") + text : text;
  return httpUrl(text);
}
