import { useTranslation } from 'react-i18next';
import { uiLanguage } from '@frontend/lib/i18n';
import { useSession } from '@frontend/lib/session/session-context';
import { LanguageSelect } from './language-select';

/** The portal's language switcher: a change goes through the session, which also saves it to the profile. */
export function LanguageSwitcher({ tone = 'light', compactOnNarrow = false }: { tone?: 'light' | 'dark'; compactOnNarrow?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const { changeLanguage } = useSession();
  return <LanguageSelect label={t('language.label')} current={uiLanguage(i18n)} onChange={changeLanguage} tone={tone} compactOnNarrow={compactOnNarrow} />;
}
