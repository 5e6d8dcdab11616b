import { describe, expect, it } from 'vitest';
import { breakableParts } from './breakable-text';

describe('breakableParts', () => {
  it('cuts a URL after its slashes and query separators and before its dots', () => {
    expect(breakableParts('https://a.example.lv/hooks/in?x=1&y=2')).toEqual(['https:/', '/', 'a', '.example', '.lv/', 'hooks/', 'in?', 'x=', '1&', 'y=', '2']);
  });

  it('cuts an e-mail after its @ and before its dots', () => {
    expect(breakableParts('anna.ozola@firma.lv')).toEqual(['anna', '.ozola@', 'firma', '.lv']);
  });

  it('leaves words that are no address whole, and the text the same when joined', () => {
    const text = 'Events: funding.applied card.status_changed; URL: https://x.lv/a';
    expect(breakableParts(text)).toContain('funding.applied');
    expect(breakableParts(text).join('')).toBe(text);
  });
});
