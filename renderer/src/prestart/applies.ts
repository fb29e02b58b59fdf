import type { Theme } from '../../../shared/contract';

/**
 * Where the pre-start shell is shown: only where its copy is exactly what the app's first render
 * shows. The copy is rendered on the lookup route (a reload elsewhere in the browser build starts
 * on another screen) in the system theme (the header names an explicitly chosen theme).
 * prerender.tsx renders the copy under these conditions and prestart.ts shows it under them.
 * No imports but types: the pre-start script bundles this file.
 */
export const PRESTART_ROUTE = '/';
export const PRESTART_THEME: Theme = 'system';

/** Whether a start at `hash` (location.hash) with the start-up `theme` gets the pre-start shell. */
export function prestartApplies(start: { hash: string; theme: Theme }): boolean {
  return (start.hash === '' || start.hash === `#${PRESTART_ROUTE}`) && start.theme === PRESTART_THEME;
}
