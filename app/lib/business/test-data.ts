/**
 * "Test data", as the admin's "delete test data" removes it: a business whose name is the word
 * "test" alone or followed by a space, hyphen or underscore ("Test Hotel", "test-123",
 * "TEST_import"), or whose place id starts with "test" (fixtures made by hand). Case variants
 * are listed explicitly so that the database answers each place id prefix as a range on its
 * index, and names as the one range of the word in name order (any case, app/lib/business/name-order.ts)
 * held to these spellings, instead of scanning every business. Real names such as "Testa
 * Trattoria" or "Contest Inn" are not test data.
 */
export const TEST_WORD = "test";
const WORD_VARIANTS = [TEST_WORD, "Test", "TEST"] as const;
const NAME_SEPARATORS = [" ", "-", "_"] as const;

/** Exact names that count as test data. */
export const TEST_NAMES: readonly string[] = WORD_VARIANTS;
/** Name prefixes that count as test data. */
export const TEST_NAME_PREFIXES: readonly string[] = WORD_VARIANTS.flatMap((word) => NAME_SEPARATORS.map((sep) => word + sep));
/** Place-id prefixes that count as test data. */
export const TEST_PLACE_ID_PREFIXES: readonly string[] = WORD_VARIANTS;

/** The least string greater than every string starting with `prefix` (for index ranges). */
export function prefixUpperBound(prefix: string): string {
  return prefix + "\u{10FFFF}";
}

export function isTestBusiness(name: string, placeId: string | null): boolean {
  return (
    TEST_NAMES.includes(name) ||
    TEST_NAME_PREFIXES.some((prefix) => name.startsWith(prefix)) ||
    (placeId !== null && TEST_PLACE_ID_PREFIXES.some((prefix) => placeId.startsWith(prefix)))
  );
}
