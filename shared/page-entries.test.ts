import { describe, expect, it } from 'vitest';
import { pageOfPath } from './page-entries';
import { paths } from './routes';

describe('pageOfPath', () => {
  it('answers /card and below it with the card page, the sign-in paths with the sign-in page, every other route with the portal, and a file with nothing', () => {
    expect(pageOfPath(paths.card)).toBe('card.html');
    expect(pageOfPath(`${paths.card}/`)).toBe('card.html');
    expect(pageOfPath('/cards')).toBe('index.html');
    expect(pageOfPath(paths.dashboard)).toBe('index.html');
    expect(pageOfPath(paths.root)).toBe('sign-in.html');
    expect(pageOfPath(paths.login)).toBe('sign-in.html');
    expect(pageOfPath(paths.phoneVerify)).toBe('sign-in.html');
    expect(pageOfPath('/login/x')).toBe('index.html');
    expect(pageOfPath('/login?next=%2Fusers#main')).toBe('sign-in.html');
    expect(pageOfPath('/dashboard?from=login')).toBe('index.html');
    expect(pageOfPath(paths.phoneSetup)).toBe('index.html');
    expect(pageOfPath('/assets/card-1a2b.js')).toBeNull();
    expect(pageOfPath('/config.json')).toBeNull();
  });
});
