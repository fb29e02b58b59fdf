import '@mantine/notifications/styles.css';
import './shell/global.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Preferences } from '../../preload/contract';
import { connectBridge } from './api/bridge';
import { isLanguage, languageHint, startI18n } from './i18n';
import { App } from './shell/App';
import { themeHint } from './shell/theme';

function browserLanguage(): Preferences['language'] {
  const language = navigator.language;
  if (isLanguage(language)) return language;
  if (language.startsWith('pt')) return 'pt-BR';
  if (language.startsWith('es')) return 'es';
  return 'en';
}

/**
 * Renders at once with the preferences of the last run (localStorage hints, else the browser's
 * language and the system theme): the stored preferences are a round trip to main away, and the
 * shell texts of every language are bundled, so nothing else is awaited. When the stored ones
 * arrive and differ (changed elsewhere, or a first run), PreferencesProvider applies them.
 */
function start(root: HTMLElement): void {
  const bridge = connectBridge();
  if (!bridge) {
    // Opened outside Electron and without the web bridge: nothing can work, say so plainly.
    root.textContent = 'Paydesk cannot reach its main process (window.paydesk is missing).';
    return;
  }
  const stored = bridge.getPreferences({});
  // Handled where it is awaited (PreferencesProvider); this keeps an early failure from being
  // reported as unhandled before that component mounted.
  stored.catch(() => {});
  const hinted: Preferences = {
    language: languageHint() ?? browserLanguage(),
    theme: themeHint() ?? 'system',
  };
  startI18n(hinted.language);
  const reactRoot = createRoot(root);
  // The first render in this task, not in one React schedules: the browser would otherwise paint
  // an empty page in between (traced), and the lookup box would wait for that frame.
  flushSync(() => {
    reactRoot.render(
      <StrictMode>
        <App preferences={hinted} stored={stored} />
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (root) start(root);
