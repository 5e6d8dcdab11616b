import { useTranslation } from 'react-i18next';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { ChangePasswordSection } from './change-password-section';
import './settings-screen.css';

/** SPEC section 2 "Settings": the password change; the company's team members will be a second section. */
export function SettingsScreen() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('title'));
  return (
    <div className="page">
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="settings-sections">
        <ChangePasswordSection />
      </div>
    </div>
  );
}
