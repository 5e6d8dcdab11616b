import { LightPageFrame, usePageLanguage, type ShownLanguage } from '@frontend/components/light-page/light-page';
import { paths } from '@shared/routes';
import { Logo } from '@frontend/components/logo/logo';
import { CardScreen } from '@frontend/features/card/card-screen';
import { cardNamespace } from '@frontend/features/card/card-messages';
import { loadCardMessages } from './card-messages';

/**
 * The employees' /card page as its own small app: the portal's public frame (skip link, brand, language, footer)
 * around the card screen, on React alone, with no router, session, Amplify, i18next or query cache.
 */
export function CardApp({ initial }: { initial: ShownLanguage }) {
  const language = usePageLanguage(initial, loadCardMessages, cardNamespace);
  return (
    <LightPageFrame language={language} brand={<Logo />} home={paths.card}>
      <CardScreen />
    </LightPageFrame>
  );
}
