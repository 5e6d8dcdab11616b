import { useEffect } from 'react';
import { productName } from './brand';

/** Each screen names the browser tab, so screen-reader users hear where a navigation took them. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${productName}`;
  }, [title]);
}
