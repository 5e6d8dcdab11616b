import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SiteFooter } from '@frontend/components/site-footer/site-footer';

/** The portal's footer: its internal links stay in the single-page app. */
export function Footer() {
  const { t } = useTranslation('common');
  return <SiteFooter t={t} internalLink={(to, children) => <Link to={to}>{children}</Link>} />;
}
