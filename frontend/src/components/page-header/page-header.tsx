import type { ReactNode } from 'react';

/** The heading block every screen starts with: one h1 and an optional lead sentence. */
export function PageHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header className="page__header">
      <h1>{title}</h1>
      {lead && <p className="page__lead">{lead}</p>}
    </header>
  );
}
