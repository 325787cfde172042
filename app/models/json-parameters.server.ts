/**
 * Lists sent to D1 as one JSON parameter, read back with json_each: one statement for any
 * number of items, far below D1's 100 bound parameters. D1 refuses a value longer than its
 * string limit (SQLITE_TOOBIG; 2,000,000 bytes, 1,000,000 in its earlier limits), so a list is
 * cut into parameters of at most MAX_JSON_PARAMETER_BYTES.
 */

/** The most UTF-8 bytes one JSON parameter carries: under either of D1's string limits. */
export const MAX_JSON_PARAMETER_BYTES = 900_000;

/**
 * JSON arrays of `items` (each already JSON text), each within MAX_JSON_PARAMETER_BYTES; an item
 * larger than that alone travels alone (its writer refuses such items before, see
 * oversizedBusinessRow).
 */
export function jsonArrayParameters(items: readonly string[]): string[] {
  const parameters: string[] = [];
  let chunk: string[] = [];
  let bytes = 2;
  for (const item of items) {
    // UTF-8 can take up to 3 bytes per UTF-16 unit: counted conservatively without encoding.
    const size = item.length * 3 + 1;
    if (chunk.length > 0 && bytes + size > MAX_JSON_PARAMETER_BYTES) {
      parameters.push(`[${chunk.join(",")}]`);
      chunk = [];
      bytes = 2;
    }
    chunk.push(item);
    bytes += size;
  }
  if (chunk.length > 0 || parameters.length === 0) parameters.push(`[${chunk.join(",")}]`);
  return parameters;
}

/** `values` as JSON-array parameters (jsonArrayParameters). */
export function jsonListParameters(values: readonly string[]): string[] {
  return jsonArrayParameters(values.map((value) => JSON.stringify(value)));
}
