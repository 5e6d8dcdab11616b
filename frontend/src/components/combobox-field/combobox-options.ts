export interface ComboboxOption {
  value: string;
  /** Already translated. */
  label: string;
}

/** How a label or what was typed compares: case and accents aside ("latvija" finds "Latvija", "aland" "Åland"). */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase()
    .trim();
}

/**
 * The options whose label holds what was typed, case-insensitively (SPEC section 4): an exact match first, then
 * labels that start with it, then the rest, each in the list's own order. Nothing typed keeps the whole list.
 */
export function filterOptions<Option extends ComboboxOption>(options: readonly Option[], typed: string): Option[] {
  const query = folded(typed);
  if (query === '') return [...options];
  const exact: Option[] = [];
  const starting: Option[] = [];
  const containing: Option[] = [];
  for (const option of options) {
    const label = folded(option.label);
    if (label === query) exact.push(option);
    else if (label.startsWith(query)) starting.push(option);
    else if (label.includes(query)) containing.push(option);
  }
  return [...exact, ...starting, ...containing];
}

/** The option whose label is exactly what was typed, case and accents aside: typing it selects it (SPEC section 4). */
export function exactMatch<Option extends ComboboxOption>(options: readonly Option[], typed: string): Option | undefined {
  const query = folded(typed);
  if (query === '') return undefined;
  return options.find((option) => folded(option.label) === query);
}

/** A multi-select's values after choosing `value`: added when absent, removed when already chosen. */
export function toggleValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((each) => each !== value) : [...values, value];
}
