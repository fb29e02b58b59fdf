// Mantine's styles the documented way: core first, then the packages built on it.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './shell/global.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { connectBridge } from './api/bridge';
import { watchReachability } from './api/reachability';
import { startI18n } from './i18n';
import { App } from './shell/App';
import { installCopyIdMenu } from './shell/copy-id-menu';
import { startPreferences } from './shell/start-hint';

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
  watchReachability(bridge);
  installCopyIdMenu(window.paydeskDesktop);
  const stored = bridge.getPreferences({});
  // Handled where it is awaited (PreferencesProvider); this keeps an early failure from being
  // reported as unhandled before that component mounted.
  stored.catch(() => {});
  const hinted = startPreferences();
  startI18n(hinted.language);
  const reactRoot = createRoot(root);
  // The first render in this task, not in one React schedules: the browser would otherwise paint
  // the skeleton once more in between, and the lookup box would wait for that frame. It replaces
  // index.html's static skeleton (#root's children) on commit.
  flushSync(() =>
    reactRoot.render(
      <StrictMode>
        <App preferences={hinted} stored={stored} />
      </StrictMode>,
    ),
  );
}

const root = document.getElementById('root');
if (root) start(root);
