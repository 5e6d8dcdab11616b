import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialUiLanguage } from '@frontend/lib/language-storage';
import { CardApp } from './card-app';
import { loadCardMessages } from './card-messages';
import '@frontend/styles/global.css';
import '@frontend/styles/site-frame.css';

/**
 * The /card entry (card.html): it paints once the texts of its language are there. The API's address (config.json),
 * zod and the calls load after, with the first call or when the employee starts typing (features/card/card-api.ts).
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('card.html has no #root');
  const root = createRoot(container);
  const language = initialUiLanguage();
  try {
    const messages = await loadCardMessages(language);
    root.render(
      <StrictMode>
        <CardApp initial={{ language, messages }} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Start failed', error);
    document.documentElement.lang = 'en';
    root.render(
      <main id="main" className="page">
        <h1>The page could not start</h1>
        <p>Please reload the page.</p>
        <p lang="lv">Lapu neizdevās atvērt. Lūdzu, pārlādējiet lapu.</p>
      </main>,
    );
  }
}

void start();
