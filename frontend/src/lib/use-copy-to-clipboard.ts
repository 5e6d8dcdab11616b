import { useEffect, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies a value (an IBAN, a payment reference) without its spaces, as a bank form wants it; the outcome is kept for a
 * moment so the caller can announce it beside the button.
 */
export function useCopyToClipboard(): { state: CopyState; copy: (value: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value.replace(/\s+/g, ''));
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return { state, copy };
}
