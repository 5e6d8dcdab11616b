import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { configureAuth } from './lib/auth';
import { loadConfig } from './lib/config';
import { initI18n } from './lib/i18n';
import { reloadWhenRestored } from './lib/reload-when-restored';
import './styles/global.css';

function StartupFailure() {
  // i18n may be what failed, so this one message is in the two switcher languages, not translated.
  return (
    <main id="main" className="page">
      <h1>The portal could not start</h1>
      <p>Please reload the page. If this keeps happening, contact support.</p>
      <p lang="lv">Portālu neizdevās atvērt. Lūdzu, pārlādējiet lapu. Ja tas atkārtojas, sazinieties ar atbalstu.</p>
    </main>
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  reloadWhenRestored();
  const root = createRoot(container);
  try {
    // Independent of each other: fetch the config while the first translations load.
    const [config] = await Promise.all([loadConfig(), initI18n()]);
    configureAuth(config);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Start failed', error);
    document.documentElement.lang = 'en';
    root.render(<StartupFailure />);
  }
}

void start();
