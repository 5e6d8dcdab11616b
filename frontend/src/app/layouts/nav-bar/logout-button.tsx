import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@frontend/lib/session/session-context';

/** The bar's "Log out", in the portal and in the provider console: once pressed, it waits for the session to end. */
export function LogoutButton() {
  const { t } = useTranslation('common');
  const { logout } = useSession();
  const [loggingOut, setLoggingOut] = useState(false);
  return (
    <button
      type="button"
      className="nav-bar__logout"
      disabled={loggingOut}
      onClick={() => {
        setLoggingOut(true);
        void logout().finally(() => setLoggingOut(false));
      }}
    >
      {t('nav.logout')}
    </button>
  );
}
