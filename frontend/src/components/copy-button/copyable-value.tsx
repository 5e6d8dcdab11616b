import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';

interface CopyableValueProps {
  label: string;
  /** What the button is called ("Copy IBAN"); its visible text is the shorter "Copy". */
  copyLabel: string;
  copyText: string;
  /** The value as it is read (an IBAN in groups of four), or its skeleton while it loads. */
  children: ReactNode;
  /** What is copied; null while it loads. */
  value: string | null;
  testId?: string;
}

/**
 * A line of a description list to be typed into a bank form (an IBAN, a payment reference): the value never breaks
 * inside, so it is read and compared whole; the line wraps between the label, the value and its Copy button instead.
 */
export function CopyableValue({ label, copyLabel, copyText, children, value, testId }: CopyableValueProps) {
  return (
    <div className="copyable-value">
      <dt>{label}</dt>
      <dd>
        <span className="copyable-value__value" data-testid={testId}>
          {children}
        </span>
        <CopyButton value={value} label={copyLabel}>
          {copyText}
        </CopyButton>
      </dd>
    </div>
  );
}
