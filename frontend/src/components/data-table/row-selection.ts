/** The header checkbox reflects the rows of the page on screen, not rows left selected from an earlier answer. */
export type HeaderCheckboxState = 'none' | 'some' | 'all';

export function headerCheckboxState(pageIds: readonly string[], selected: ReadonlySet<string>): HeaderCheckboxState {
  const chosen = pageIds.filter((id) => selected.has(id)).length;
  if (chosen === 0) return 'none';
  return chosen === pageIds.length ? 'all' : 'some';
}

/**
 * SPEC section 2: the header checkbox selects all or clears, and a partial selection (the dash) clears too, so
 * one click never leaves the user with a selection they did not see being made.
 */
export function toggleAll(pageIds: readonly string[], selected: ReadonlySet<string>): ReadonlySet<string> {
  return headerCheckboxState(pageIds, selected) === 'none' ? new Set(pageIds) : new Set();
}

export function toggleRow(selected: ReadonlySet<string>, id: string, checked: boolean): ReadonlySet<string> {
  const next = new Set(selected);
  if (checked) next.add(id);
  else next.delete(id);
  return next;
}
