import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@shared/routes';
import { footerFacts } from './footer-facts';
import './footer.css';

export function Footer() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();
  const phoneHref = `tel:${footerFacts.contactPhone.replace(/\s+/g, '')}`;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__column" aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__heading">
            {/* SPEC section 2: legal information is also linked, to the terms' section with the provider's details. */}
            <Link to={`${paths.terms}#terms-legal`}>{t('footer.legalHeading')}</Link>
          </h2>
          <p className="site-footer__entity">{footerFacts.legalEntityName}</p>
          <p>{t('footer.registrationNumber', { number: footerFacts.registrationNumber })}</p>
          <p>
            <span className="visually-hidden">{t('footer.legalAddress')}: </span>
            {footerFacts.legalAddress}
          </p>
          <p>{t('footer.licence', { number: footerFacts.eMoneyLicenceNumber })}</p>
        </section>
        <section className="site-footer__column" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t('footer.contactHeading')}
          </h2>
          <p>
            {t('footer.phone')}: <a href={phoneHref}>{footerFacts.contactPhone}</a>
          </p>
          <p>
            {t('footer.email')}: <a href={`mailto:${footerFacts.contactEmail}`}>{footerFacts.contactEmail}</a>
          </p>
        </section>
        <nav className="site-footer__column" aria-labelledby="footer-documents">
          <h2 id="footer-documents" className="site-footer__heading">
            {t('footer.documentsHeading')}
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to={paths.terms}>{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to={paths.deliveryPolicy}>{t('footer.deliveryPolicy')}</Link>
            </li>
            <li>
              <a href={footerFacts.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
                {t('footer.privacyPolicy')}
                <span className="visually-hidden"> ({t('footer.opensInNewTab')})</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">
        © {year} {footerFacts.legalEntityName}. {t('footer.rights')}
      </p>
    </footer>
  );
}
