import { describe, expect, it } from 'vitest';
import { narrowPageButtons, pageWindow, widePageButtons } from './page-window';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('pageWindow', () => {
  it('shows every page, without ellipses, when they all fit', () => {
    expect(pageWindow(1, 1, widePageButtons)).toEqual([1]);
    expect(pageWindow(3, 5, widePageButtons)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 6, widePageButtons)).toEqual(range(1, 6));
    expect(pageWindow(2, 3, narrowPageButtons)).toEqual([1, 2, 3]);
  });

  it('keeps six buttons at the start of a long list, with an ellipsis for the pages after', () => {
    expect(pageWindow(1, 20, widePageButtons)).toEqual([...range(1, 6), 'ellipsis']);
    expect(pageWindow(3, 20, widePageButtons)).toEqual([...range(1, 6), 'ellipsis']);
  });

  it('centres the window in the middle of a long list, with ellipses on both sides', () => {
    expect(pageWindow(10, 20, widePageButtons)).toEqual(['ellipsis', ...range(8, 13), 'ellipsis']);
    expect(pageWindow(10, 20, narrowPageButtons)).toEqual(['ellipsis', 9, 10, 11, 'ellipsis']);
  });

  it('keeps the full window at the end of a long list, with an ellipsis for the pages before', () => {
    expect(pageWindow(20, 20, widePageButtons)).toEqual(['ellipsis', ...range(15, 20)]);
    expect(pageWindow(19, 20, narrowPageButtons)).toEqual(['ellipsis', 18, 19, 20]);
    expect(pageWindow(1, 20, narrowPageButtons)).toEqual([1, 2, 3, 'ellipsis']);
  });

  it('always holds the current page and never more than the given number of page buttons', () => {
    for (const buttons of [narrowPageButtons, widePageButtons]) {
      for (let total = 1; total <= 15; total += 1) {
        for (let page = 1; page <= total; page += 1) {
          const items = pageWindow(page, total, buttons);
          const pages = items.filter((item) => item !== 'ellipsis');
          expect(pages, `${page} of ${total}`).toContain(page);
          expect(pages.length).toBe(Math.min(buttons, total));
          expect(pages).toEqual(range(pages[0] ?? 1, (pages[0] ?? 1) + pages.length - 1));
        }
      }
    }
  });

  it('clamps a page outside the list to its nearest end, and shows nothing for an empty list', () => {
    expect(pageWindow(99, 8, narrowPageButtons)).toEqual(['ellipsis', 6, 7, 8]);
    expect(pageWindow(0, 8, narrowPageButtons)).toEqual([1, 2, 3, 'ellipsis']);
    expect(pageWindow(1, 0, widePageButtons)).toEqual([]);
  });
});
