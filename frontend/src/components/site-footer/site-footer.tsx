import type { ReactNode } from 'react';
import { paths } from '@shared/routes';
import type { Translate } from '@frontend/lib/lite-i18n';
import { footerFacts } from './footer-facts';
import './site-footer.css';

interface SiteFooterProps {
  /** Reads the `common` namespace (`footer.*`). */
  t: Translate;
  /** A link to a screen of the portal: the router's inside the portal, a plain link from the /card page. */
  internalLink?: (to: string, children: ReactNode) => ReactNode;
}

const plainLink = (to: string, children: ReactNode) => <a href={to}>{children}</a>;

/** SPEC section 2's footer: the provider's legal and contact facts, and the documents, which open in a new tab. */
export function SiteFooter({ t: translate, internalLink = plainLink }: SiteFooterProps) {
  const t = (key: string, values: Record<string, string> = {}) => translate(`common:${key}`, values);
  const year = new Date().getFullYear();
  const phoneHref = `tel:${footerFacts.contactPhone.replace(/\s+/g, '')}`;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__column" aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__heading">
            {/* SPEC section 2: legal information is also linked, to the terms' section with the provider's details. */}
            {internalLink(`${paths.terms}#terms-legal`, t('footer.legalHeading'))}
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
            {/* SPEC section 2: contact information is linked too, to the same section, which ends with the contacts. */}
            {internalLink(`${paths.terms}#terms-legal`, t('footer.contactHeading'))}
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
            {/* SPEC section 2: the three documents open in a new tab, so a form being filled in stays where it was. */}
            <li>
              <NewTabLink href={paths.terms} note={t('footer.opensInNewTab')}>
                {t('footer.terms')}
              </NewTabLink>
            </li>
            <li>
              <NewTabLink href={paths.deliveryPolicy} note={t('footer.opensInNewTab')}>
                {t('footer.deliveryPolicy')}
              </NewTabLink>
            </li>
            <li>
              <NewTabLink href={footerFacts.privacyPolicyUrl} note={t('footer.opensInNewTab')}>
                {t('footer.privacyPolicy')}
              </NewTabLink>
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

/** A link that opens in a new tab: it says so to screen readers and shows it with an icon, and the new page gets no opener. */
function NewTabLink({ href, note, children }: { href: string; note: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="site-footer__new-tab">
      {children}
      <span className="visually-hidden"> ({note})</span>
      <svg className="site-footer__new-tab-icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
        <path d="M9 2h5v5M14 2L7 9M12 9.5V13a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </a>
  );
}
