import i18next from 'i18next';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createPath, Router, type Navigator } from 'react-router';
import type { Language, Preferences, Result } from '../../../shared/contract';
import { initI18n } from '../i18n';
import { App } from '../shell/App';
import { PRESTART_ROUTE, PRESTART_THEME } from './applies';

/**
 * The first screen (the shell on the lookup route, before main has answered anything), rendered
 * at build time by the app's own components: build/prestart-plugin.ts puts one copy per language
 * into index.html, and the pre-start script shows the right one before the app's JavaScript has
 * even been compiled. Runs in Node (Vite's module runner): nothing here may need a window.
 */

/** Links as HashRouter writes them (`#/deposits`), so one clicked before the app runs still goes there. */
const hashLinks: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: () => {},
  push: () => {},
  replace: () => {},
};

function LookupRoute({ children }: { children: ReactNode }) {
  return (
    <Router location={PRESTART_ROUTE} navigator={hashLinks} static>
      {children}
    </Router>
  );
}

/** Main has not answered yet when the app's first render runs: neither has it here. */
const noAnswerYet = new Promise<Result<Preferences>>(() => {});

/** The markup of the app's first render for `language`, where the shell applies (applies.ts). */
export async function prerenderFirstScreen(language: Language): Promise<string> {
  if (i18next.isInitialized) await i18next.changeLanguage(language);
  else await initI18n(language);
  const { prelude } = await prerender(
    <App preferences={{ language, theme: PRESTART_THEME }} stored={noAnswerYet} Router={LookupRoute} />,
    // Every boundary inline: React outlines large ones behind a script that reveals them, and a
    // template's scripts never run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
