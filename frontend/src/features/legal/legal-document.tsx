import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/dates';
import { useDocumentTitle } from '@frontend/lib/use-document-title';
import './legal-document.css';

interface LegalDocumentProps {
  /** Key prefix in the legal namespace: `terms` or `delivery`. */
  document: 'terms' | 'delivery';
  sections: readonly string[];
  /** When the text last changed, shown as DD.MM.YYYY. */
  updated: string;
  /** Values for the placeholders of the section texts. */
  values?: Record<string, string>;
}

/**
 * A short legal text: title, date, introduction, then one heading and paragraph per section. Each section has
 * the id `<document>-<section>`, and a link to it (e.g. /terms#terms-legal) scrolls it into view.
 */
export function LegalDocument({ document, sections, updated, values = {} }: LegalDocumentProps) {
  const { t } = useTranslation('legal');
  useDocumentTitle(t(`${document}.title`));
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) globalThis.document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="page legal-document">
      <header className="page__header">
        <h1>{t(`${document}.title`)}</h1>
        <p className="page__lead">{t('updated', { date: formatDate(updated) })}</p>
      </header>
      <div className="panel legal-document__body">
        <p>{t(`${document}.intro`)}</p>
        {sections.map((section, index) => (
          <section key={section} aria-labelledby={`${document}-${section}`}>
            <h2 id={`${document}-${section}`}>{`${index + 1}. ${t(`${document}.${section}.title`)}`}</h2>
            <p>{t(`${document}.${section}.text`, values)}</p>
          </section>
        ))}
      </div>
    </article>
  );
}
