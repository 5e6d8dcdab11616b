import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/routes';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';
import './integrations.css';

/**
 * Integrations (issue 20), for owners: the API keys the company's own systems (payroll, HR) call the public API with,
 * the webhook endpoints the portal tells of changes, and where the API's reference is.
 */
export function IntegrationsScreen() {
  const { t } = useTranslation('integrations');
  useDocumentTitle(t('title'));
  return (
    <div className="page">
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="integrations-sections">
        <ApiKeysSection />
        <WebhooksSection />
        <section className="panel" aria-labelledby="api-reference-title">
          <h2 id="api-reference-title">{t('reference.title')}</h2>
          <p className="integrations-text">{t('reference.text')}</p>
          <Link className="button button--secondary" to={paths.apiReference}>
            {t('reference.open')}
          </Link>
        </section>
      </div>
    </div>
  );
}
