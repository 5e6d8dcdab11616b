import { useTranslation } from 'react-i18next';
import { PageHeader } from '@frontend/components/page-header/page-header';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import { ApprovalRulesSection } from './approval-rules-section';
import { ChangePasswordSection } from './change-password-section';
import { SessionsSection } from './sessions-section';
import { TeamSection } from './team-section';
import './settings-screen.css';

/**
 * SPEC section 2 "Settings": the password change, signing out on all devices, the current company's team
 * (docs/decisions.md) and when a funding waits for a second person's approval (issue 35).
 */
export function SettingsScreen() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('title'));
  return (
    <div className="page">
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="settings-sections">
        <ChangePasswordSection />
        <SessionsSection />
        <TeamSection />
        <ApprovalRulesSection />
      </div>
    </div>
  );
}
