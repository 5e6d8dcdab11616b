import { useEffect, useMemo, useState } from 'react';
import type { Language } from '@shared/language-list';
import { LanguageSelect } from '@frontend/components/language-switcher/language-select';
import { Logo } from '@frontend/components/logo/logo';
import { SiteFooter } from '@frontend/components/site-footer/site-footer';
import { CardScreen } from '@frontend/features/card/card-screen';
import { cardNamespace } from '@frontend/features/card/card-messages';
import { storeLanguage } from '@frontend/lib/language-storage';
import { createTranslate, LiteTranslationProvider, type Messages } from '@frontend/lib/lite-i18n';
import { loadCardMessages } from './card-messages';

export interface ShownLanguage {
  language: Language;
  messages: Messages;
}

/**
 * The employees' /card page as its own small app: the portal's public frame (skip link, brand, language, footer)
 * around the card screen, on React alone, with no router, session, Amplify, i18next or query cache.
 */
export function CardApp({ initial }: { initial: ShownLanguage }) {
  const [shown, setShown] = useState(initial);
  const translation = useMemo(() => ({ language: shown.language, t: createTranslate(shown.language, shown.messages, cardNamespace) }), [shown]);
  const { t } = translation;

  useEffect(() => {
    // Screen readers and axe read the page language from <html lang>.
    document.documentElement.lang = shown.language;
  }, [shown.language]);

  const switchTo = (language: Language) => {
    storeLanguage(language);
    // The page stays in the old language until the new one's texts are there; a failed load leaves it so.
    loadCardMessages(language).then(
      (messages) => setShown({ language, messages }),
      () => undefined,
    );
  };

  return (
    <LiteTranslationProvider value={translation}>
      <a className="skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <header className="public-header">
        <div className="public-header__inner">
          <Logo />
          <LanguageSelect label={t('common:language.label')} current={shown.language} onChange={switchTo} compactOnNarrow />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="layout-main">
        <CardScreen />
      </main>
      <SiteFooter t={t} />
    </LiteTranslationProvider>
  );
}
