import { startPreferences } from '../shell/start-hint';
import {
  LOOKUP_FORM_SELECTOR,
  LOOKUP_INPUT_SELECTOR,
  PRESTART_LANGUAGE_ATTRIBUTE,
  PRESTART_ROOT_ATTRIBUTE,
  PRESTART_SUBMITTED_ATTRIBUTE,
} from './markers';

/**
 * The pre-start script: a classic script at the end of index.html's body (electron.vite.config.ts
 * prestartShell), run by the parser before the app's modules, which are still being compiled. It
 * shows the first screen from the build-time copy in the user's language (prerender.tsx), with the
 * lookup box focused, so an id can be typed while the app loads; Enter pressed meanwhile is noted
 * on the form, and the app opens what was typed when it takes over (handover.ts).
 *
 * Only where that copy is exactly what the app's first render would show: the lookup route (a
 * reload elsewhere in the browser build starts on another screen) and the system theme (the
 * header names an explicitly chosen theme). Otherwise the page stays as it always was until the
 * app renders.
 */
function showFirstScreen(): void {
  if (location.hash !== '' && location.hash !== '#/') return;
  const { language, theme } = startPreferences();
  if (theme !== 'system') return;
  const root = document.getElementById('root');
  const copy = document.querySelector<HTMLTemplateElement>(
    `template[${PRESTART_LANGUAGE_ATTRIBUTE}="${language}"]`,
  );
  if (!root || !copy || root.firstChild) return;
  // What Mantine's provider sets in an effect; before the first paint here, so no light flash.
  const dark = matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  document.documentElement.lang = language;
  root.append(copy.content.cloneNode(true));
  root.setAttribute(PRESTART_ROOT_ATTRIBUTE, language);
  const form = root.querySelector<HTMLFormElement>(LOOKUP_FORM_SELECTOR);
  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    form.setAttribute(PRESTART_SUBMITTED_ATTRIBUTE, '');
  });
  root.querySelector<HTMLInputElement>(LOOKUP_INPUT_SELECTOR)?.focus();
}

showFirstScreen();
