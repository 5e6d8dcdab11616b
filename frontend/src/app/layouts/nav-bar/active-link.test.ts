import { describe, expect, it } from 'vitest';
import { isActiveLink } from './active-link';

describe('isActiveLink', () => {
  it('matches the path itself and paths below it', () => {
    expect(isActiveLink('/users', '/users')).toBe(true);
    expect(isActiveLink('/users', '/users/42')).toBe(true);
  });

  it('does not match a path that only starts with the same letters', () => {
    expect(isActiveLink('/users', '/usersettings')).toBe(false);
    expect(isActiveLink('/dashboard', '/transactions')).toBe(false);
  });
});
