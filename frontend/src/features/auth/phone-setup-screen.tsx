import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/routes';
import { AuthLayout } from '@frontend/components/auth-layout/auth-layout';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import './auth-screens.css';

/** Cognito wants a second factor set up first (SPEC section 2: 'You need to setup phone and sign in again'). */
export function PhoneSetupScreen() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('phoneSetup.title'));
  return (
    <AuthLayout title={t('phoneSetup.title')}>
      <p className="auth-text">{t('phoneSetup.text')}</p>
      <p className="auth-text">{t('phoneSetup.help')}</p>
      <div className="auth-actions">
        <Link className="button" to={paths.login}>
          {t('phoneSetup.signIn')}
        </Link>
      </div>
    </AuthLayout>
  );
}
