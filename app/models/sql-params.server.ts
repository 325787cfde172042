/**
 * Numbered parameters collected while a statement is written: `param(value)` adds the value and
 * answers its `?n`, so optional terms can be joined in any order without counting by hand.
 */
export function sqlParams(): { params: unknown[]; param: (value: unknown) => string } {
  const params: unknown[] = [];
  return {
    params,
    param: (value) => {
      params.push(value);
      return `?${params.length}`;
    },
  };
}
