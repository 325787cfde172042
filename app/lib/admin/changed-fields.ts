/**
 * The fields of `edited` that differ from `loaded`. An edit screen saves only these, so a field
 * another session saved since this screen loaded is not overwritten with this screen's older copy.
 */
export function changedFields<T extends Record<string, string>>(loaded: T, edited: T): Partial<T> {
  return Object.fromEntries(Object.entries(edited).filter(([key, value]) => loaded[key] !== value)) as Partial<T>;
}
