import type { ReactNode } from 'react';
import type { StatusTone } from './status-tone';
import './status-badge.css';

interface StatusBadgeProps {
  /** How the status stands, by meaning: done or usable, waiting on someone, stopped or failed, or neither. */
  tone: StatusTone;
  /** The status in words: the badge never speaks by colour alone. */
  children: ReactNode;
  /** Work still under way (a report being generated): a spinner in place of the dot, and aria-busy. */
  busy?: boolean;
}

/**
 * A status as one badge wherever it shows (dashboard, transactions, users, team, admin, reporting, /card): its words
 * with a dot (or a spinner while busy) in the colour of its tone. Pick the tone with `statusTone` (status-tone.ts).
 */
export function StatusBadge({ tone, children, busy = false }: StatusBadgeProps) {
  return (
    <span className="status-badge" data-tone={tone} aria-busy={busy || undefined}>
      <span className={busy ? 'status-badge__spinner' : 'status-badge__dot'} aria-hidden="true" />
      {children}
    </span>
  );
}
