import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frontend/components/alert/alert';
import { errorCodeText } from '@frontend/lib/error-text';

interface IntegrationsPanelProps {
  title: string;
  lead: string;
  /** The section's one main action (create a key, add an endpoint). */
  actionLabel: string;
  onAction: () => void;
  /** What the last action did, read out to screen readers. */
  notice: string;
  /** The last action's error code, or the list's. */
  failure: string | null;
  children: ReactNode;
}

/** A section of Integrations: its title and lead beside its main action, the last action's notice or error, its list. */
export function IntegrationsPanel({ title, lead, actionLabel, onAction, notice, failure, children }: IntegrationsPanelProps) {
  const { t } = useTranslation('errors');
  const titleId = useId();
  return (
    <section className="panel" aria-labelledby={titleId}>
      <div className="integrations-section__header">
        <div>
          <h2 id={titleId}>{title}</h2>
          <p className="integrations-text">{lead}</p>
        </div>
        <button type="button" className="button" onClick={onAction}>
          {actionLabel}
        </button>
      </div>
      <p role="status" className="integrations-notice">
        {notice}
      </p>
      {failure && <Alert>{errorCodeText(t, failure)}</Alert>}
      {children}
    </section>
  );
}
