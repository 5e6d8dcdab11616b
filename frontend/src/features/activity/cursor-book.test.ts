import { describe, expect, it } from 'vitest';
import { CursorBook, knownPages } from './cursor-book';

describe('the cursor book', () => {
  it('starts page 1 at the top and each next page where the one before ended, per list', () => {
    const book = new CursorBook();
    expect(book.cursorOf('a', 1)).toBeUndefined();
    expect(book.reaches('a', 2)).toBe(false);
    book.remember('a', 1, { nextCursor: 'c2' });
    book.remember('a', 2, { nextCursor: 'c3', searchedUntil: '2026-01-01T00:00:00.000Z' });
    expect(book.cursorOf('a', 2)).toBe('c2');
    expect(book.cursorOf('a', 3)).toBe('c3');
    expect(book.searchedUntil('a', 2)).toBe('2026-01-01T00:00:00.000Z');
    expect(book.cursorOf('b', 2)).toBeUndefined();
    // Page 2 read again turned out last: no page 3 any more.
    book.remember('a', 2, { nextCursor: null });
    expect(book.reaches('a', 3)).toBe(false);
    expect(book.searchedUntil('a', 2)).toBeUndefined();
  });

  it('knows one page more than the current while there is a next one', () => {
    expect(knownPages(3, 'c4')).toBe(4);
    expect(knownPages(3, null)).toBe(3);
  });
});
