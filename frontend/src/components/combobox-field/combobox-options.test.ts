import { describe, expect, it } from 'vitest';
import { exactMatch, filterOptions, toggleValue } from './combobox-options';

const countries = [
  { value: 'AX', label: 'Åland Islands' },
  { value: 'EE', label: 'Estonia' },
  { value: 'LV', label: 'Latvia' },
  { value: 'LT', label: 'Lithuania' },
  { value: 'NE', label: 'Niger' },
  { value: 'NG', label: 'Nigeria' },
  { value: 'SI', label: 'Slovenia' },
];

const labels = (options: readonly { label: string }[]) => options.map((option) => option.label);

describe('filterOptions', () => {
  it('keeps the labels holding the text, whatever its case', () => {
    expect(labels(filterOptions(countries, 'ONIA'))).toEqual(['Estonia']);
    expect(labels(filterOptions(countries, 'via'))).toEqual(['Latvia']);
  });

  it('puts labels that start with the text before those that only hold it', () => {
    expect(labels(filterOptions(countries, 'l'))).toEqual(['Latvia', 'Lithuania', 'Åland Islands', 'Slovenia']);
  });

  it('puts an exact match first', () => {
    expect(labels(filterOptions(countries, 'niger'))).toEqual(['Niger', 'Nigeria']);
  });

  it('ignores accents and surrounding spaces', () => {
    expect(labels(filterOptions(countries, ' aland '))).toEqual(['Åland Islands']);
  });

  it('keeps the whole list when nothing is typed, and nothing when nothing matches', () => {
    expect(filterOptions(countries, '  ')).toEqual(countries);
    expect(filterOptions(countries, 'xyz')).toEqual([]);
  });
});

describe('exactMatch', () => {
  it('finds the option whose label is what was typed, case-insensitively', () => {
    expect(exactMatch(countries, 'latvia')?.value).toBe('LV');
    expect(exactMatch(countries, 'NIGER')?.value).toBe('NE');
  });

  it('finds none for part of a label or for nothing typed', () => {
    expect(exactMatch(countries, 'Latv')).toBeUndefined();
    expect(exactMatch(countries, '')).toBeUndefined();
  });
});

describe('toggleValue', () => {
  it('adds a value not chosen yet and removes one already chosen', () => {
    expect(toggleValue(['LV'], 'LT')).toEqual(['LV', 'LT']);
    expect(toggleValue(['LV', 'LT'], 'LV')).toEqual(['LT']);
  });
});
