import { startLightPage } from '@frontend/components/light-page/light-page';
import { CardApp } from './card-app';
import { loadCardMessages } from './card-messages';
import '@frontend/styles/global.css';
import '@frontend/styles/site-frame.css';

/**
 * The /card entry (card.html): it paints once the texts of its language are there. The API's address (config.json),
 * zod and the calls load after, with the first call or when the employee starts typing (features/card/card-api.ts).
 */
void startLightPage(loadCardMessages, (initial) => <CardApp initial={initial} />);
