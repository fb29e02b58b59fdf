import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './shell/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Preferences } from '../../preload/contract';
import { connectBridge } from './api/bridge';
import { changeLanguage, isLanguage, languageHint, startI18n } from './i18n';
import { App } from './shell/App';

const DEFAULT_PREFERENCES: Preferences = { language: 'en', theme: 'system' };

function browserLanguage(): Preferences['language'] {
  const language = navigator.language;
  if (isLanguage(language)) return language;
  if (language.startsWith('pt')) return 'pt-BR';
  if (language.startsWith('es')) return 'es';
  return 'en';
}

async function start(root: HTMLElement): Promise<void> {
  const bridge = connectBridge();
  if (!bridge) {
    // Opened outside Electron and without the web bridge: nothing can work, say so plainly.
    root.textContent = 'Paydesk cannot reach its main process (window.paydesk is missing).';
    return;
  }
  const hint = languageHint() ?? browserLanguage();
  const [stored] = await Promise.all([bridge.getPreferences({}), startI18n(hint)]);
  const preferences = stored.ok ? stored.data : { ...DEFAULT_PREFERENCES, language: hint };
  if (preferences.language !== hint) await changeLanguage(preferences.language);
  createRoot(root).render(
    <StrictMode>
      <App preferences={preferences} />
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) void start(root);
