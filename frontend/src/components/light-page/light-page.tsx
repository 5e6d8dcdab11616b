import { StrictMode, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Language } from '@shared/language-list';
import { ErrorBoundary } from '@frontend/app/errors/error-boundary';
import { GeneralErrorContent } from '@frontend/app/errors/general-error-content';
import { LanguageSelect } from '@frontend/components/language-switcher/language-select';
import { SiteFooter } from '@frontend/components/site-footer/site-footer';
import { initialUiLanguage, storeLanguage } from '@frontend/lib/language-storage';
import { reloadWhenRestored } from '@frontend/lib/reload-when-restored';
import { createTranslate, LiteTranslationProvider, type LiteTranslation, type Messages } from '@frontend/lib/lite-i18n';

/**
 * What the small pages (the employees' /card, the staff's sign-in) share: they start once the texts of their language
 * are there, switch language with the lite translator, and wear the portal's public frame, all on React alone.
 */

export interface ShownLanguage {
  language: Language;
  messages: Messages;
}

type LoadMessages = (language: Language) => Promise<Messages>;

/**
 * Renders a small page into #root once its language's texts are loaded (the stored language, else the session
 * default). A page that cannot start says so in English and Latvian, as the portal does.
 */
export async function startLightPage(loadMessages: LoadMessages, render: (initial: ShownLanguage) => ReactNode): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('the page has no #root');
  reloadWhenRestored();
  const root = createRoot(container);
  const language = initialUiLanguage();
  try {
    const messages = await loadMessages(language);
    root.render(<StrictMode>{render({ language, messages })}</StrictMode>);
  } catch (error) {
    console.error('Start failed', error);
    document.documentElement.lang = 'en';
    root.render(
      <main id="main" className="page">
        <h1>The page could not start</h1>
        <p>Please reload the page. If this keeps happening, contact support.</p>
        <p lang="lv">Lapu neizdevās atvērt. Lūdzu, pārlādējiet lapu. Ja tas atkārtojas, sazinieties ar atbalstu.</p>
      </main>,
    );
  }
}

export interface PageLanguage {
  translation: LiteTranslation;
  /** Shows a language once its texts are there (a failed load leaves the page as it is). */
  show: (language: Language) => void;
  /** The visitor's choice: stored for their next visit, then shown. */
  choose: (language: Language) => void;
}

/** The language a small page shows, with `<html lang>` following it (screen readers and axe read it there). */
export function usePageLanguage(initial: ShownLanguage, loadMessages: LoadMessages, namespace: string): PageLanguage {
  const [shown, setShown] = useState(initial);
  const translation = useMemo(() => ({ language: shown.language, t: createTranslate(shown.language, shown.messages, namespace) }), [shown, namespace]);

  useEffect(() => {
    document.documentElement.lang = shown.language;
  }, [shown.language]);

  const show = useCallback(
    (language: Language) => {
      loadMessages(language).then(
        (messages) => setShown({ language, messages }),
        () => undefined,
      );
    },
    [loadMessages],
  );
  const choose = useCallback(
    (language: Language) => {
      storeLanguage(language);
      show(language);
    },
    [show],
  );
  return { translation, show, choose };
}

interface LightPageFrameProps {
  language: PageLanguage;
  /** The brand in the header: a link home, or the logo alone. */
  brand: ReactNode;
  /** Where the general error's button leads: the page's own start. */
  home: string;
  children: ReactNode;
}

/**
 * The portal's public frame on a small page: skip link, brand and language, the page's screen (the general error in its
 * place if it fails to render), the footer.
 */
export function LightPageFrame({ language, brand, home, children }: LightPageFrameProps) {
  const { translation, choose } = language;
  const { t } = translation;
  return (
    <LiteTranslationProvider value={translation}>
      <a className="skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <header className="public-header">
        <div className="public-header__inner">
          {brand}
          <LanguageSelect label={t('common:language.label')} current={translation.language} onChange={choose} compactOnNarrow />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="layout-main">
        <ErrorBoundary fallback={<GeneralErrorContent t={t} home={home} />}>{children}</ErrorBoundary>
      </main>
      <SiteFooter t={t} />
    </LiteTranslationProvider>
  );
}
