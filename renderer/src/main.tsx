import '@mantine/notifications/styles.css';
import './shell/global.css';
import { StrictMode, useEffect, useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { connectBridge } from './api/bridge';
import { startI18n } from './i18n';
import { holdPrestart, releasePrestart } from './prestart/handover';
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
    releasePrestart(root);
    return;
  }
  installCopyIdMenu(window.paydeskDesktop);
  const stored = bridge.getPreferences({});
  // Handled where it is awaited (PreferencesProvider); this keeps an early failure from being
  // reported as unhandled before that component mounted.
  stored.catch(() => {});
  const hinted = startPreferences();
  startI18n(hinted.language);
  const app = (
    <StrictMode>
      <App preferences={hinted} stored={stored} />
      {/* After App: its lookup box has taken over from the pre-start one when this runs. */}
      <PrestartRelease root={root} />
    </StrictMode>
  );
  holdPrestart(root);
  const reactRoot = createRoot(root);
  // The first render in this task, not in one React schedules: the browser would otherwise paint
  // an empty page in between (traced), and the lookup box would wait for that frame. With the
  // pre-start copy on screen, too: a render in a transition, in slices that let keystrokes
  // through, had the app's box take over 109 and 112 ms later (no code cache, cold: medians of
  // 12 paired starts), and the copy's box was interactive no sooner (+30, -16 ms).
  flushSync(() => reactRoot.render(app));
}

/**
 * Once the app's first render is committed, the pre-start copy and its traces go (handover.ts);
 * a header button clicked in the copy is clicked in the app once it is on screen.
 */
function PrestartRelease({ root }: { root: HTMLElement }) {
  const clickWhenShown = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    clickWhenShown.current = releasePrestart(root);
  }, [root]);
  useEffect(() => {
    const click = clickWhenShown.current;
    clickWhenShown.current = null;
    click?.();
  }, []);
  return null;
}

const root = document.getElementById('root');
if (root) start(root);
