import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialUiLanguage } from '@frontend/lib/language-storage';
import { SignInApp } from './sign-in-app';
import { loadSignInMessages } from './sign-in-messages';
import '@frontend/styles/global.css';
import '@frontend/styles/site-frame.css';

/**
 * The staff's sign-in (sign-in.html): it paints once the texts of its language are there. config.json, zod, the API
 * client and Amplify load after, when the visitor focuses the form or this browser holds a session to show
 * (features/auth/sign-in-api.ts); the signed-in portal (index.html) loads only once signed in.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('sign-in.html has no #root');
  const root = createRoot(container);
  const language = initialUiLanguage();
  try {
    const messages = await loadSignInMessages(language);
    root.render(
      <StrictMode>
        <SignInApp initial={{ language, messages }} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Start failed', error);
    document.documentElement.lang = 'en';
    root.render(
      <main id="main" className="page">
        <h1>The portal could not start</h1>
        <p>Please reload the page. If this keeps happening, contact support.</p>
        <p lang="lv">Portālu neizdevās atvērt. Lūdzu, pārlādējiet lapu. Ja tas atkārtojas, sazinieties ar atbalstu.</p>
      </main>,
    );
  }
}

void start();
