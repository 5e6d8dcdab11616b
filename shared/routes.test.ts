import { describe, expect, it } from 'vitest';
import { matchesRoute, paths } from './routes';

describe('matchesRoute', () => {
  it('matches a route path segment by segment, a parameter standing for one segment, whatever the letter case', () => {
    expect(matchesRoute(paths.dashboard, '/dashboard')).toBe(true);
    expect(matchesRoute(paths.dashboard, '/dashboard/')).toBe(true);
    expect(matchesRoute(paths.dashboard, '/Dashboard')).toBe(true);
    expect(matchesRoute(paths.user, '/users/u-42')).toBe(true);
    expect(matchesRoute(paths.user, '/users')).toBe(false);
    expect(matchesRoute(paths.user, '/users/u-42/cards')).toBe(false);
    expect(matchesRoute(paths.users, '/users/u-42')).toBe(false);
    expect(matchesRoute(paths.root, '/')).toBe(true);
    expect(matchesRoute(paths.root, '/login')).toBe(false);
  });
});
