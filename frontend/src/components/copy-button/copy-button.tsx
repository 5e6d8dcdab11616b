import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyToClipboard } from '@frontend/lib/use-copy-to-clipboard';
import './copy-button.css';

interface CopyButtonProps {
  /** What is copied (spaces dropped, as a bank form wants an IBAN); null while it loads: the button waits, disabled. */
  value: string | null;
  /** The button's name, saying what it copies ("Copy IBAN"): what a screen reader hears and the visible text's start. */
  label: string;
  /** The visible text when it is shorter than the label ("Copy" beside the IBAN it copies); the label when absent. */
  children?: ReactNode;
  /** The button's classes where it is not the portal's small secondary button (the nav bar, a dialog's main action). */
  className?: string;
  statusClassName?: string;
  /** What to do when the browser refuses the clipboard, where there is more to say than "Could not copy". */
  failedText?: string;
}

/**
 * The portal's one Copy button (IBANs, payment references, API key and signing secrets): the outcome is announced in
 * a status beside it ("Copied") and fades after a moment.
 */
export function CopyButton({ value, label, children, className = 'button button--secondary button--small', statusClassName = 'copy-button__status', failedText }: CopyButtonProps) {
  const { t } = useTranslation('common');
  const { state, copy } = useCopyToClipboard();
  return (
    <>
      <button type="button" className={className} aria-label={children === undefined ? undefined : label} disabled={value === null} onClick={() => value !== null && void copy(value)}>
        {children ?? label}
      </button>
      <span role="status" className={statusClassName}>
        {state === 'copied' ? t('copy.copied') : state === 'failed' ? (failedText ?? t('copy.failed')) : ''}
      </span>
    </>
  );
}
