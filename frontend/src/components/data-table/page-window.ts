export type PageWindowItem = number | 'ellipsis';

/** SPEC section 2: six page buttons on wide screens, three on narrow ones. */
export const widePageButtons = 6;
export const narrowPageButtons = 3;

/**
 * The page buttons to show around the current page: at most `buttons` consecutive pages, the current one among
 * them, with an ellipsis on each side where pages are left out. The window keeps its full width at the ends of
 * the list instead of shrinking, so the buttons do not jump around while paging near the first or last page.
 */
export function pageWindow(page: number, totalPages: number, buttons: number): PageWindowItem[] {
  if (totalPages < 1 || buttons < 1) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const count = Math.min(buttons, totalPages);
  const centred = current - Math.floor((count - 1) / 2);
  const start = Math.min(Math.max(1, centred), totalPages - count + 1);
  const end = start + count - 1;
  const pages = Array.from({ length: count }, (_, index) => start + index);
  return [...(start > 1 ? (['ellipsis'] as const) : []), ...pages, ...(end < totalPages ? (['ellipsis'] as const) : [])];
}
