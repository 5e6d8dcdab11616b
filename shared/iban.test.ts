import { describe, expect, it } from 'vitest';
import { formatIban, ibanOf, isValidIban } from './iban';

describe('IBAN', () => {
  it('accepts a real Latvian IBAN and rejects it with one digit changed', () => {
    expect(isValidIban('LV80BANK0000435195001')).toBe(true);
    expect(isValidIban('LV80BANK0000435195002')).toBe(false);
  });

  it('builds check digits that validate', () => {
    const iban = ibanOf('LV', 'HABA0551012345678');
    expect(iban).toMatch(/^LV\d{2}HABA0551012345678$/);
    expect(isValidIban(iban)).toBe(true);
  });

  it('formats in groups of four', () => {
    expect(formatIban('LV80BANK0000435195001')).toBe('LV80 BANK 0000 4351 9500 1');
  });
});
