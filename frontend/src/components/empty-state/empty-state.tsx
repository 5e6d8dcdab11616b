import type { ReactNode } from 'react';
import './empty-state.css';

/** What a screen shows when it has nothing (yet): a title, one sentence, and an optional action. */
interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** Keeps the outline right when the empty state sits under a section heading. */
  headingLevel?: 2 | 3;
}

export function EmptyState({ title, children, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className="empty-state" aria-label={title}>
      <svg className="empty-state__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <rect x="6" y="12" width="36" height="26" rx="5" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M6 20h36" stroke="currentColor" strokeWidth="2.5" />
        <path d="M13 30h10" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <Heading className="empty-state__title">{title}</Heading>
      {children && <div className="empty-state__text">{children}</div>}
      {action && <div className="empty-state__action">{action}</div>}
    </section>
  );
}
