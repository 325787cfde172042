/**
 * The business "about" field: JSON text of groups mapping amenity names to booleans
 * ({"Service options":{"Dine-in":true,"Delivery":false},"Amenities":{"Free Wi-Fi":true}}),
 * and maybe a "Description" text beside them; otherwise plain text. Pure.
 */

export interface ParsedAbout {
  /** Amenity names whose value is true, in export order, without repeats, at most `max`. */
  amenities: string[];
  /** The about text when it is not JSON; null otherwise. */
  text: string | null;
}

function collect(value: unknown, into: Set<string>, depth: number): void {
  if (depth > 4 || !value || typeof value !== "object") return;
  if (Array.isArray(value)) {
    // Some exports list a group's amenities as an array of names.
    for (const item of value) {
      if (typeof item === "string" && item.trim()) into.add(item.trim());
      else collect(item, into, depth + 1);
    }
    return;
  }
  for (const [name, v] of Object.entries(value)) {
    if (v === true) {
      if (name.trim()) into.add(name.trim());
    } else {
      // Groups and nested objects; strings ("15:00", "4 stars"), false and null are ignored.
      collect(v, into, depth + 1);
    }
  }
}

/** The key of `about` that holds a description beside the amenity groups. */
export const DESCRIPTION_KEY = "Description";

export function parseAmenities(about: unknown, max = 8): ParsedAbout {
  let source: unknown = about;
  if (typeof about === "string") {
    const text = about.trim();
    if (!text) return { amenities: [], text: null };
    try {
      source = JSON.parse(text);
    } catch {
      return { amenities: [], text };
    }
    if (typeof source === "string") return { amenities: [], text: source.trim() || null };
    if (source === null || typeof source !== "object") return { amenities: [], text };
  }
  const found = new Set<string>();
  collect(source, found, 0);
  // A member's listing keeps its description beside its amenities (app/lib/listings/listing-fields.ts listingAbout).
  const description = source && typeof source === "object" && !Array.isArray(source) ? (source as Record<string, unknown>)[DESCRIPTION_KEY] : null;
  return { amenities: [...found].slice(0, Math.max(0, max)), text: typeof description === "string" && description.trim() ? description.trim() : null };
}
