import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';
import { formatEur, parseEurToCents } from './money';
import { hasRole, can } from './roles';

describe('formatEur', () => {
  it('shows thousands separators and two decimals', () => {
    expect(formatEur(123_456_789, 'en')).toBe('€1,234,567.89');
    expect(formatEur(5, 'en')).toBe('€0.05');
    expect(formatEur(-150_000, 'en')).toBe('-€1,500.00');
  });

  it('follows the language for separators', () => {
    expect(formatEur(123_456_789, 'lv').replace(/\s/g, ' ')).toBe('1 234 567,89 €');
  });

  it('drops the cents for whole euros, as a chart axis shows them', () => {
    expect(formatEur(400_000, 'en', { wholeEuros: true })).toBe('€4,000');
    expect(formatEur(0, 'en', { wholeEuros: true })).toBe('€0');
    expect(formatEur(250_000, 'lv', { wholeEuros: true }).replace(/\s/g, ' ')).toBe('2 500 €');
  });
});

describe('parseEurToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['0.01', 1],
    ['-3.10', -310],
  ])('%s -> %s', (text, cents) => expect(parseEurToCents(text)).toBe(cents));

  it.each(['12,50', '1.234', 'abc', '', '1e3'])('refuses %s', (text) => expect(parseEurToCents(text)).toBeNull());
});

describe('formatDate', () => {
  it('shows DD.MM.YYYY in Riga time, with time when asked', () => {
    expect(formatDate('2026-03-05T22:30:00Z')).toBe('06.03.2026');
    expect(formatDate('2026-03-05T10:07:00Z', { withTime: true })).toBe('05.03.2026 12:07');
  });

  it('gives nothing for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('roles', () => {
  it('ranks guest < accountant < manager < owner', () => {
    expect(hasRole('owner', 'manager')).toBe(true);
    expect(hasRole('accountant', 'manager')).toBe(false);
    expect(hasRole('guest', 'accountant')).toBe(false);
  });

  it('lets accountants read but not move money, managers move money, owners manage the team', () => {
    expect(can('accountant', 'read')).toBe(true);
    expect(can('accountant', 'transferFunds')).toBe(false);
    expect(can('manager', 'transferFunds')).toBe(true);
    expect(can('manager', 'manageTeam')).toBe(false);
    expect(can('owner', 'manageTeam')).toBe(true);
  });
});
