import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/routes';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import './auth-screens.css';

/** Screens whose forms come with a later issue: they say what they are for and lead back to sign-in. */
export function PlaceholderAuthScreen({ section }: { section: 'resetRequest' | 'reset' }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t(`${section}.title`));
  return (
    <AuthLayout title={t(`${section}.title`)}>
      <p className="auth-text">{t(`${section}.text`)}</p>
      <p className="auth-text">{t('comingSoon')}</p>
      <div className="auth-actions">
        <Link className="button button--secondary" to={paths.login}>
          {t('backToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
