import { describe, expect, it } from 'vitest';
import { normaliseLanguage } from './languages';

describe('normaliseLanguage', () => {
  it.each([
    ['LV', 'lv'],
    ['en', 'en'],
    ['Ru', 'ru'],
    [' lv ', 'lv'],
    ['de', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    [7, 'en'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseLanguage(input)).toBe(expected);
  });
});
