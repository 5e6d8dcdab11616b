import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, re-rendering when that changes. For layout decisions CSS alone cannot
 * make, such as how many page buttons a pagination renders.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
