/** A filter holds one chosen value (a select, a text) or several (checkboxes); '' and [] mean "not filtered". */
export type FilterValue = string | readonly string[];

/**
 * The shape a list's filters must have. Written as a mapped type rather than a Record so that a screen can
 * describe its filters with an interface, which has no index signature.
 */
export type FilterShape<Filters> = { readonly [Key in keyof Filters]: FilterValue | undefined };

export function isFilterSet(value: FilterValue | undefined): boolean {
  if (value === undefined) return false;
  return typeof value === 'string' ? value.trim() !== '' : value.length > 0;
}

/** SPEC section 2: the filter button's badge counts the filters that are set; a reset brings it back to zero. */
export function countActiveFilters<Filters extends FilterShape<Filters>>(values: Filters): number {
  return keysOf(values).filter((key) => isFilterSet(values[key])).length;
}

/** Whether two filter sets filter alike, so applying the same values again does not reload or reset the page. */
export function sameFilters<Filters extends FilterShape<Filters>>(a: Filters, b: Filters): boolean {
  const keys = new Set([...keysOf(a), ...keysOf(b)]);
  return [...keys].every((key) => sameValue(a[key], b[key]));
}

function sameValue(a: FilterValue | undefined, b: FilterValue | undefined): boolean {
  if (!isFilterSet(a) && !isFilterSet(b)) return true;
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a === undefined || b === undefined) return false;
  // Checkbox values are a set: the order they were ticked in does not change the list.
  return a.length === b.length && a.every((value) => b.includes(value));
}

function keysOf<Filters extends object>(values: Filters): (keyof Filters)[] {
  return Object.keys(values) as (keyof Filters)[];
}
